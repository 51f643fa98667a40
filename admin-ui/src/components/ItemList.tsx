import { useState, type ReactNode } from 'react';
import { ImageOff, Search } from 'lucide-react';
import { Spinner } from './Spinner';

export interface ListItem {
  key: string;
  title: string;
  meta?: ReactNode;
  image?: string;
  actions: ReactNode;
}

interface Props {
  id: string;
  title: string;
  badge?: string;
  items: ListItem[] | undefined;
  loading: boolean;
  error?: string;
  emptyText: string;
  headerAction?: ReactNode;
  /** A line under the title: what the reader may do here (an editor, with what is live). */
  note?: string;
}

/** How many rows show before "Show all"; past it a search box appears too. */
export const LIST_PAGE = 8;

/** A dashboard card listing blogs or services, each row with its actions. */
export function ItemList({ id, title, badge, items, loading, error, emptyText, headerAction, note }: Props) {
  const headingId = `${id}-heading`;
  const [query, setQuery] = useState('');
  const [all, setAll] = useState(false);
  const q = query.trim().toLowerCase();
  const matching = items && q ? items.filter((i) => i.title.toLowerCase().includes(q)) : items;
  const shown = matching && !all && !q ? matching.slice(0, LIST_PAGE) : matching;
  return (
    <section className="card list-card" id={id} aria-labelledby={headingId}>
      <div className="card-header">
        <h2 id={headingId}>
          {title}
          {badge && <span className="badge">{badge}</span>}
          {items && !loading && <span className="count">{items.length}</span>}
        </h2>
        {headerAction}
      </div>
      {note && <p className="muted list-note">{note}</p>}
      {loading && !items && <Spinner />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {items && items.length === 0 && <p className="muted empty">{emptyText}</p>}
      {items && items.length > LIST_PAGE && (
        <div className="list-search">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search {title.toLowerCase()}
          </label>
          <Search size={16} aria-hidden="true" />
          <input id={`${id}-search`} type="search" placeholder="Search by title" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      )}
      {matching && q && matching.length === 0 && <p className="muted empty">Nothing matches “{query.trim()}”.</p>}
      {shown && shown.length > 0 && (
        <ul className="item-list">
          {shown.map((item) => (
            <li key={item.key} className="item">
              <div className="item-thumb" aria-hidden="true">
                {item.image ? <img src={item.image} alt="" loading="lazy" /> : <ImageOff size={20} />}
              </div>
              <div className="item-text">
                <h3 className="item-title">{item.title}</h3>
                {item.meta && <p className="item-meta">{item.meta}</p>}
              </div>
              <div className="item-actions">{item.actions}</div>
            </li>
          ))}
        </ul>
      )}
      {matching && !q && matching.length > LIST_PAGE && (
        <button type="button" className="btn btn-secondary btn-small list-more" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${matching.length}`}
        </button>
      )}
    </section>
  );
}
