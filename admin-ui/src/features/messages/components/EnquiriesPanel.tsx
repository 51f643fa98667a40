import { Link } from 'react-router-dom';
import { Inbox, Mail, Phone } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { Spinner } from '../../../components/Spinner';
import { mailtoHref, messageCounts, messagePage } from '../api/messages';

const SHOWN = 5;

// Re-exported for the dashboard's tests: the one way an address becomes a mailto: link.
export { mailtoHref } from '../api/messages';

/** The dashboard's view of the inbox: how many enquiries wait, and the newest of them. */
export function EnquiriesPanel() {
  const { data, error, loading } = useLoad(async () => {
    const [counts, page] = await Promise.all([messageCounts(), messagePage('new', '', null)]);
    return { counts, newest: page.items.slice(0, SHOWN) };
  }, []);

  return (
    <section className="card" id="enquiries" aria-labelledby="enquiries-heading">
      <div className="card-header">
        <h2 id="enquiries-heading">
          New enquiries {data && <span className="count">{data.counts.new}</span>}
        </h2>
        <Link to="/admin/enquiries" className="btn btn-secondary btn-small">
          <Inbox size={16} aria-hidden="true" /> Open the inbox
        </Link>
      </div>
      {loading && !data && <Spinner />}
      {Boolean(error) && (
        <p className="form-error" role="alert">
          Failed to load enquiries. Please try again later.
        </p>
      )}
      {data && (
        <p className="muted">
          {data.counts.replied} replied · {data.counts.archived} archived · {data.counts.spam} in spam
        </p>
      )}
      {data && data.newest.length === 0 && <p className="muted empty">No new enquiries.</p>}
      {data && data.newest.length > 0 && (
        <ul className="enquiries">
          {data.newest.map((m) => (
            <li key={m._id} className="enquiry">
              <div className="enquiry-head">
                <strong>{m.name}</strong>
                <time dateTime={m.createdAt} className="muted">
                  {formatDateTime(m.createdAt)}
                </time>
              </div>
              <div className="enquiry-contacts">
                {m.email && (
                  <a href={mailtoHref(m.email)}>
                    <Mail size={15} aria-hidden="true" /> {m.email}
                  </a>
                )}
                {m.phone && (
                  <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>
                    <Phone size={15} aria-hidden="true" /> {m.phone}
                  </a>
                )}
              </div>
              {m.message && <p className="enquiry-message">{m.message}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
