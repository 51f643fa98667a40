import { Link } from 'react-router-dom';
import { Eye } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { Spinner } from '../../../components/Spinner';
import type { ContentKind } from '../../content/kind';
import { reviewQueue } from '../api/reviews';

/** The admins' queue of drafts that editors submitted for review, oldest first. */
export function ReviewQueue({ kinds }: { kinds: ContentKind[] }) {
  const { data, error, loading } = useLoad(reviewQueue, []);
  if (data && data.length === 0) return null;
  return (
    <section className="card review-queue" id="reviews" aria-labelledby="reviews-heading">
      <div className="card-header">
        <h2 id="reviews-heading">Awaiting your review {data && <span className="count">{data.length}</span>}</h2>
      </div>
      {loading && !data && <Spinner />}
      {Boolean(error) && (
        <p className="form-error" role="alert">
          Failed to load the drafts awaiting review.
        </p>
      )}
      {data && (
        <ul className="item-list">
          {data.map((r) => {
            // The server names a kind as its answers' record key does ("blog", "service").
            const kind = kinds.find((k) => k.api.record === r.kind);
            return (
              <li key={`${r.kind}/${r.slug}`} className="item item-no-thumb">
                <div className="item-text">
                  <h3 className="item-title">{r.title}</h3>
                  <p className="item-meta">
                    {kind?.Noun ?? r.kind} · submitted by <strong>{r.review.submittedBy}</strong> on {formatDateTime(r.review.submittedAt)}
                    {r.review.note && <span className="item-excerpt">“{r.review.note}”</span>}
                  </p>
                </div>
                {kind && (
                  <div className="item-actions">
                    <Link className="btn btn-primary btn-small" to={`${kind.routes.preview}/${encodeURIComponent(r.slug)}`} aria-label={`Review ${r.title}`}>
                      <Eye size={16} aria-hidden="true" /> Review
                    </Link>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
