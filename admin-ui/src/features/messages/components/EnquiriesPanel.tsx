import { useState } from 'react';
import { Download, Mail, Phone } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { Spinner } from '../../../components/Spinner';
import { downloadMessagesCsv, listMessages } from '../api/messages';

/** Saves a blob under a file name through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A mailto: link naming exactly the stored address: both halves are percent-encoded, so no
 *  ?, & or , in an address (stored before the server refused them) can add a recipient or a body. */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

/** The enquiries sent through the contact form and popup, newest first. */
export function EnquiriesPanel() {
  const { data, error, loading } = useLoad(listMessages, []);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await downloadMessagesCsv();
      saveBlob(blob, `enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to download the CSV file.'));
    } finally {
      setDownloading(false);
    }
  };

  const messages = data ? [...data].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '')) : undefined;

  return (
    <section className="card" id="enquiries" aria-labelledby="enquiries-heading">
      <div className="card-header">
        <h2 id="enquiries-heading">
          Enquiries {messages && <span className="count">{messages.length}</span>}
        </h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void download()} disabled={downloading}>
          <Download size={16} aria-hidden="true" /> {downloading ? 'Downloading...' : 'Download CSV'}
        </button>
      </div>
      {loading && !data && <Spinner />}
      {Boolean(error) && (
        <p className="form-error" role="alert">
          Failed to load enquiries. Please try again later.
        </p>
      )}
      {messages && messages.length === 0 && <p className="muted empty">No enquiries yet.</p>}
      {messages && messages.length > 0 && (
        <ul className="enquiries">
          {messages.map((m) => (
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
