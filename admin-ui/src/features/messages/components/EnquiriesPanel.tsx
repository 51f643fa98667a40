import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Download, Inbox, Mail, Phone } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-blob';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { Spinner } from '../../../components/Spinner';
import { downloadMessagesCsv, mailtoHref, messageCounts, messagePage } from '../api/messages';
import '../messages.css';

const SHOWN = 5;

// Re-exported for the dashboard's tests: the one way an address becomes a mailto: link.
export { mailtoHref } from '../api/messages';

/** The dashboard's view of the inbox: how many enquiries wait, and the newest of them. */
export function EnquiriesPanel() {
  const { data, error, loading } = useLoad(async () => {
    const [counts, page] = await Promise.all([messageCounts(), messagePage('new', '', null)]);
    return { counts, newest: page.items.slice(0, SHOWN) };
  }, []);
  const [downloading, setDownloading] = useState(false);

  // The CSV of the inbox: every enquiry but spam.
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadMessagesCsv(), `enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to download the CSV file.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="card" id="enquiries" aria-labelledby="enquiries-heading">
      <div className="card-header">
        <h2 id="enquiries-heading">
          New enquiries {data && <span className="count">{data.counts.new}</span>}
        </h2>
        <div className="card-actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void download()} disabled={downloading}>
            <Download size={16} aria-hidden="true" /> {downloading ? 'Downloading...' : 'Download CSV'}
          </button>
          <Link to="/admin/enquiries" className="btn btn-secondary btn-small">
            <Inbox size={16} aria-hidden="true" /> Open the inbox
          </Link>
        </div>
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
                  <a href={`tel:${m.phoneE164 || m.phone.replace(/[^\d+]/g, '')}`}>
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
