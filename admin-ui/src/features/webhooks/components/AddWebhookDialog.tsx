import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { CopyField } from '../../../components/CopyField';
import { Dialog, DialogButtons, DoneButton } from '../../../components/Dialog';
import { Form } from '../../../components/Form';
import { TextField } from '../../../components/TextField';
import { addWebhook, type Webhook, type WebhookEvent } from '../api/webhooks';

export const EVENT_TEXT: Record<WebhookEvent, string> = {
  'enquiry.created': 'A new enquiry (not spam)',
  'content.published': 'A blog or service is published',
};

/** Adds a webhook; then shows its secret, which the receiving end checks the signatures with. */
export function AddWebhookDialog({ onAdded, onClose }: { onAdded: () => void; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['enquiry.created']);
  const [format, setFormat] = useState<Webhook['format']>('json');
  const [urlError, setUrlError] = useState('');
  const [failure, setFailure] = useState('');
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<Webhook | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/.test(url.trim())) {
      setUrlError('The URL must be an http:// or https:// address.');
      return;
    }
    setUrlError('');
    if (events.length === 0) {
      setFailure('Choose at least one event.');
      return;
    }
    setFailure('');
    setAdding(true);
    try {
      const res = await addWebhook(url.trim(), events, format);
      toast.success(res.message);
      setAdded(res.webhook);
      onAdded();
    } catch (err) {
      if (isSessionError(err)) return;
      if (err instanceof ApiError && err.status === 400) setUrlError(err.message);
      else setFailure(errorMessage(err, 'Failed to add the webhook.'));
    } finally {
      setAdding(false);
    }
  };

  if (added) {
    return (
      <Dialog title="Webhook added" onClose={onClose} className="wide">
        <div className="form">
          <p>
            Events go to <strong className="break">{added.url}</strong> from now on.
            {added.format === 'json' && ' Each delivery is signed with this secret; give it to the receiving end so it can check them.'}
          </p>
          <CopyField label="Secret" value={added.secret} hint="It stays on this screen: Show secret on the webhook's row." />
          <DoneButton onDone={onClose} />
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Add a webhook" onClose={onClose} className="wide">
      <Form onSubmit={(e) => void onSubmit(e)} className="form" failure={failure}>
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
        <DialogButtons busy={adding} label="Add webhook" busyLabel="Adding..." onCancel={onClose} />
      </Form>
    </Dialog>
  );
}
