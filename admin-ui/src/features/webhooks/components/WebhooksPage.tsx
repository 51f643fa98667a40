import { useEffect, useState, type FormEvent } from 'react';
import { Copy, RefreshCw, Send, Trash2 } from 'lucide-react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useConfirm } from '../../../components/ConfirmDialog';
import { Form, SubmitButton } from '../../../components/Form';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { addWebhook, listDeliveries, listWebhooks, removeWebhook, retryDelivery, testWebhook, type Webhook, type WebhookEvent } from '../api/webhooks';
import { TableHead } from '../../../components/TableHead';
import '../webhooks.css';

const EVENT_TEXT: Record<WebhookEvent, string> = {
  'enquiry.created': 'A new enquiry (not spam)',
  'content.published': 'A blog or service is published',
};
const STATUS_TEXT = { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' } as const;
const POLL_MS = 3000;

/** /admin/webhooks (admins): where events go, and how their deliveries went. */
export function WebhooksPage() {
  const confirm = useConfirm();
  const hooks = useLoad(listWebhooks, []);
  const deliveries = useLoad(listDeliveries, []);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['enquiry.created']);
  const [format, setFormat] = useState<Webhook['format']>('json');
  const [urlError, setUrlError] = useState('');
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const waiting = deliveries.data?.some((d) => d.status === 'pending') ?? false;
  const reloadDeliveries = deliveries.reload;

  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => void reloadDeliveries(), POLL_MS);
    return () => clearInterval(t);
  }, [waiting, reloadDeliveries]);

  const onAdd = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/.test(url.trim())) {
      setUrlError('The URL must be an http:// or https:// address.');
      return;
    }
    if (events.length === 0) {
      toast.error('Choose at least one event.');
      return;
    }
    setUrlError('');
    setAdding(true);
    try {
      const res = await addWebhook(url.trim(), events, format);
      toast.success(res.message);
      setShown(res.webhook.id);
      setUrl('');
      await hooks.reload();
    } catch (err) {
      if (isSessionError(err)) return;
      if (err instanceof ApiError && err.status === 400) setUrlError(err.message);
      else toast.error(errorMessage(err, 'Failed to add the webhook.'));
    } finally {
      setAdding(false);
    }
  };

  const act = async (fn: () => Promise<{ message: string }>, failed: string) => {
    try {
      toast.success((await fn()).message);
      await Promise.all([hooks.reload(), deliveries.reload()]);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, failed));
    }
  };

  const remove = async (h: Webhook) => {
    if (await confirm({ title: 'Remove webhook', message: `Stop sending events to ${h.url}?`, confirmLabel: 'Remove', danger: true })) {
      await act(() => removeWebhook(h.id), 'Failed to remove the webhook.');
    }
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Secret copied.');
    } catch {
      toast.error('Copying failed: select the secret and copy it by hand.');
    }
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        intro="Send new enquiries and publishes to a CRM, Slack or your own server. Each delivery is signed with the webhook's secret and retried for about two hours."
      />
      <Form onSubmit={(e) => void onAdd(e)} className="card form">
        <h2>Add a webhook</h2>
        <TextField label="URL" name="url" type="url" required value={url} error={urlError} onChange={setUrl} placeholder="https://crm.example.com/hooks/website" />
        <fieldset className="field">
          <legend>Events</legend>
          {(Object.keys(EVENT_TEXT) as WebhookEvent[]).map((ev) => (
            <label key={ev} className="radio">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))}
              />
              <span>
                {EVENT_TEXT[ev]} <code>{ev}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend>Format</legend>
          <label className="radio">
            <input type="radio" name="format" checked={format === 'json'} onChange={() => setFormat('json')} />
            <span>JSON event, signed (a CRM or your server)</span>
          </label>
          <label className="radio">
            <input type="radio" name="format" checked={format === 'slack'} onChange={() => setFormat('slack')} />
            <span>Slack message (an incoming-webhook URL)</span>
          </label>
        </fieldset>
        <div className="form-actions">
          <SubmitButton busy={adding} label="Add webhook" busyLabel="Adding..." />
        </div>
      </Form>

      <section className="card" aria-labelledby="hooks-heading">
        <h2 id="hooks-heading">Webhooks</h2>
        {hooks.loading && !hooks.data && <Spinner />}
        {hooks.data && hooks.data.length === 0 && <p className="muted empty">No webhooks yet.</p>}
        {hooks.data && hooks.data.length > 0 && (
          <ul className="plain-list">
            {hooks.data.map((h) => (
              <li key={h.id} className="webhook">
                <div>
                  <strong className="break">{h.url}</strong>
                  <p className="muted">
                    {h.events.join(', ')} · {h.format === 'slack' ? 'Slack' : 'JSON'} · added by {h.createdBy}
                  </p>
                  <p className="secret">
                    Secret:{' '}
                    {shown === h.id ? (
                      <code className="break">{h.secret}</code>
                    ) : (
                      <button type="button" className="link-button" onClick={() => setShown(h.id)}>
                        Show
                      </button>
                    )}
                    <button type="button" className="link-button" onClick={() => void copy(h.secret)}>
                      <Copy size={14} aria-hidden="true" /> Copy
                    </button>
                  </p>
                </div>
                <div className="item-actions">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void act(() => testWebhook(h.id), 'Failed to send the test.')}>
                    <Send size={16} aria-hidden="true" /> Send test
                  </button>
                  <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(h)} aria-label={`Remove the webhook to ${h.url}`}>
                    <Trash2 size={16} aria-hidden="true" /> Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="deliveries-heading">
        <div className="card-header">
          <h2 id="deliveries-heading">Recent deliveries</h2>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void deliveries.reload()}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </button>
        </div>
        {deliveries.data && deliveries.data.length === 0 && <p className="muted empty">Nothing sent yet.</p>}
        {deliveries.data && deliveries.data.length > 0 && (
          <div className="table-wrap">
            <table className="table">
              <TableHead columns={['Event', 'To', 'Status', 'Attempts']} />
              <tbody>
                {deliveries.data.map((d) => (
                  <tr key={d.id}>
                    <td>
                      {d.event}
                      <br />
                      <span className="muted">{formatDateTime(d.createdAt)}</span>
                    </td>
                    <td className="break">{d.url}</td>
                    <td>
                      <span className={`status status-${d.status === 'delivered' ? 'ok' : d.status === 'failed' ? 'failed' : 'queued'}`}>{STATUS_TEXT[d.status]}</span>
                      {d.lastError && <span className="build-error">{d.lastError}</span>}
                      {d.status === 'pending' && d.nextAt && <span className="muted"> next try {formatDateTime(d.nextAt)}</span>}
                    </td>
                    <td>{d.attempts}</td>
                    <td className="actions">
                      {d.status === 'failed' && (
                        <button type="button" className="btn btn-secondary btn-small" onClick={() => void act(() => retryDelivery(d.id), 'Failed to retry.')}>
                          <RefreshCw size={16} aria-hidden="true" /> Retry
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
