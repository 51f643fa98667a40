import type { ReactNode } from 'react';
import type { Loaded } from '../lib/use-load';
import { Spinner } from './Spinner';

interface Props<T> {
  /** Names the section (its heading's id). */
  id: string;
  title: string;
  list: Pick<Loaded<T[]>, 'data' | 'error' | 'loading'>;
  /** What to say when the list failed to load, and when it is empty. */
  failed: string;
  empty: string;
  /** Buttons beside the heading (Refresh). */
  actions?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** A card holding one list of a screen: heading with the count, loading, failure, empty, rows. */
export function ListCard<T>({ id, title, list, failed, empty, actions, children }: Props<T>) {
  const heading = (
    <h2 id={`${id}-heading`}>
      {title} {list.data && <span className="count">{list.data.length}</span>}
    </h2>
  );
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      {actions ? (
        <div className="card-header">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {list.loading && !list.data && <Spinner />}
      {Boolean(list.error) && !list.data && (
        <p className="form-error" role="alert">
          {failed}
        </p>
      )}
      {list.data && list.data.length === 0 && <p className="muted empty">{empty}</p>}
      {list.data && list.data.length > 0 && children(list.data)}
    </section>
  );
}
