import { useId } from 'react';
import { Search } from 'lucide-react';

/**
 * The media library's search field (the library screen and the image picker): what is typed
 * filters the images as it is typed (see matchesQuery); Enter only looks, so inside the
 * picker's form it sends nothing.
 */
export function LibrarySearch({ value, onChange, placeholder, found }: {
  value: string; onChange: (q: string) => void; placeholder: string;
  /** How many images match what is typed: said to screen readers as it changes. */
  found: number;
}) {
  const id = useId();
  return (
    <div className="list-search media-search">
      <p className="sr-only" role="status">
        {value.trim() ? `${found} ${found === 1 ? 'image matches' : 'images match'}` : ''}
      </p>
      <label htmlFor={id} className="sr-only">
        Search the library
      </label>
      <Search size={16} aria-hidden="true" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        placeholder={placeholder}
      />
    </div>
  );
}
