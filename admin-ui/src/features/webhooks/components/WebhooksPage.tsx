import { useEffect, useState } from 'react';
import { Plus, RefreshCw, Send, Trash2 } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { useAction } from '../../../lib/use-action';
import { useLoad } from '../../../lib/use-load';
import { CopyField } from '../../../components/CopyField';
import { ListCard } from '../../../components/ListCard';
import { PageHeader } from '../../../components/PageHeader';
import { Table } from '../../../components/Table';
import { listDeliveries, listWebhooks, removeWebhook, retryDelivery, testWebhook, type Delivery, type Webhook } from '../api/webhooks';
import { AddWebhookDialog } from './AddWebhookDialog';
import '../webhooks.css';

const STATUS_TEXT = { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' } as const;
const STATUS_CLASS = { pending: 'queued', delivered: 'ok', failed: 'failed' } as const;
const POLL_MS = 3000;

/** /admin/webhooks (admins): where events go, and how their deliveries went. */
export function WebhooksPage() {
  const hooks = useLoad(listWebhooks, []);
  const deliveries = useLoad(listDeliveries, []);
  const { busy, run } = useAction();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const waiting = deliveries.data?.some((d) => d.status === 'pending') ?? false;
  const reloadDeliveries = deliveries.reload;
  const reloadBoth = async () => {
    await Promise.all([hooks.reload(), deliveries.reload()]);
  };

  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => void reloadDeliveries(), POLL_MS);
    return () => clearInterval(t);
  }, [waiting, reloadDeliveries]);

  const remove = (h: Webhook) =>
    run(h.id, () => removeWebhook(h.id), {
      failed: 'Failed to remove the webhook.',
      ask: { title: 'Remove webhook', message: `Stop sending events to ${h.url}?`, confirmLabel: 'Remove', danger: true },
      then: reloadBoth,
    });

  return (
    <>
      <PageHeader
        title="Webhooks"
        intro="Send new enquiries and publishes to a CRM, Slack or your own server. Each delivery is signed with the webhook's secret and retried for about two hours."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            <Plus size={18} aria-hidden="true" /> Add webhook
          </button>
        }
      />
      {adding && <AddWebhookDialog onAdded={() => void hooks.reload()} onClose={() => setAdding(false)} />}

      <ListCard id="hooks" title="Webhooks" list={hooks} failed="Failed to load the webhooks." empty="No webhooks yet.">
        {(rows) => (
          <ul className="plain-list">
            {rows.map((h) => (
              <li key={h.id} className="webhook">
                <div className="webhook-text">
                  <strong className="break">{h.url}</strong>
                  <p className="muted">
                    {h.events.join(', ')} · {h.format === 'slack' ? 'Slack' : 'JSON'} · added by {h.createdBy}
                  </p>
                  {shown === h.id && <CopyField label="Secret" value={h.secret} />}
                </div>
                <div className="card-actions">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => setShown(shown === h.id ? null : h.id)} aria-expanded={shown === h.id}>
                    {shown === h.id ? 'Hide secret' : 'Show secret'}
                  </button>
                  <button type="button" className="btn btn-secondary btn-small" disabled={busy === h.id} onClick={() => void run(h.id, () => testWebhook(h.id), { failed: 'Failed to send the test.', then: reloadBoth })}>
                    <Send size={16} aria-hidden="true" /> Send test
                  </button>
                  <button type="button" className="btn btn-danger-outline btn-small" disabled={busy === h.id} onClick={() => void remove(h)} aria-label={`Remove the webhook to ${h.url}`}>
                    <Trash2 size={16} aria-hidden="true" /> Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListCard>

      <ListCard
        id="deliveries"
        title="Recent deliveries"
        list={deliveries}
        failed="Failed to load the deliveries."
        empty="Nothing sent yet."
        actions={
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void deliveries.reload()}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </button>
        }
      >
        {(rows) => (
          <Table<Delivery>
            rows={rows}
            rowKey={(d) => String(d.id)}
            columns={[
              {
                label: 'Event',
                bare: true,
                cell: (d) => (
                  <>
                    {d.event}
                    <br />
                    <span className="muted">{formatDateTime(d.createdAt)}</span>
                  </>
                ),
              },
              { label: 'To', cell: (d) => d.url, className: 'break' },
              {
                label: 'Status',
                bare: true,
                cell: (d) => (
                  <>
                    <span className={`status status-${STATUS_CLASS[d.status]}`}>{STATUS_TEXT[d.status]}</span>
                    {d.lastError && <span className="build-error">{d.lastError}</span>}
                    {d.status === 'pending' && d.nextAt && <span className="muted"> next try {formatDateTime(d.nextAt)}</span>}
                  </>
                ),
              },
              { label: 'Attempts', cell: (d) => d.attempts },
            ]}
            actions={(d) =>
              d.status === 'failed' && (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={busy === `d${d.id}`}
                  onClick={() => void run(`d${d.id}`, () => retryDelivery(d.id), { failed: 'Failed to retry.', then: reloadBoth })}
                >
                  <RefreshCw size={16} aria-hidden="true" /> Retry
                </button>
              )
            }
          />
        )}
      </ListCard>
    </>
  );
}
