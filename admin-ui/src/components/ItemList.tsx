import type { ReactNode } from 'react';
import { ImageOff } from 'lucide-react';
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
}

/** A dashboard card listing blogs or services, each row with its actions. */
export function ItemList({ id, title, badge, items, loading, error, emptyText, headerAction }: Props) {
  const headingId = `${id}-heading`;
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
      {loading && !items && <Spinner />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {items && items.length === 0 && <p className="muted empty">{emptyText}</p>}
      {items && items.length > 0 && (
        <ul className="item-list">
          {items.map((item) => (
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
    </section>
  );
}
