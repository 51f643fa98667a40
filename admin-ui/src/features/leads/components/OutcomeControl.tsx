import { useId, useState } from 'react';
import { Trophy, XCircle } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { Message } from '../../messages/api/messages';
import { setOutcome, type Outcome } from '../api/leads';

const DEFAULT_CURRENCY = 'INR';
const COMMON_CURRENCIES = ['INR', 'USD', 'AED', 'GBP', 'EUR', 'AUD', 'CAD', 'SGD'];

export function outcomeText(o: Outcome): string {
  const value = o.currency ? ` · ${new Intl.NumberFormat('en-IN', { style: 'currency', currency: o.currency, maximumFractionDigits: 2 }).format(o.value ?? 0)}` : '';
  return `${o.result === 'won' ? 'Won' : 'Lost'}${value}`;
}

/**
 * What came of an enquiry, apart from its place in the inbox: won (with the deal's value when
 * known) or lost. Archiving keeps it; a won enquiry from a Google ad goes into the Ads export.
 */
export function OutcomeControl({ m, onChanged }: { m: Message & { outcome?: Outcome }; onChanged: (m: Message) => void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState(m.outcome?.value ? String(m.outcome.value) : '');
  const [currency, setCurrency] = useState(m.outcome?.currency ?? DEFAULT_CURRENCY);

  const save = async (result: '' | 'won' | 'lost', done: string) => {
    setBusy(true);
    try {
      const body: { result: '' | 'won' | 'lost'; value?: number; currency?: string } = { result };
      if (result === 'won' && value.trim()) {
        body.value = Number(value);
        body.currency = currency.trim().toUpperCase();
      }
      const res = await setOutcome(m._id, body);
      // A new enquiry given an outcome was handled: the server files it as replied.
      toast.success(res.enquiry.status !== m.status ? `${done} It is now in Replied.` : done);
      setEditing(false);
      onChanged(res.enquiry);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to save the outcome.'));
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <form className="outcome-form" onSubmit={(e) => { e.preventDefault(); void save('won', 'Marked as won.'); }}>
        <div className="field">
          <label htmlFor={`${id}-value`}>Deal value <span className="muted">(optional)</span></label>
          <input id={`${id}-value`} type="number" min="0" step="0.01" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <input id={`${id}-currency`} value={currency} maxLength={3} pattern="[A-Za-z]{3}" list={`${id}-currencies`} autoCapitalize="characters"
            onChange={(e) => setCurrency(e.target.value)} />
          {/* The codes a deal here is most often in; any ISO 4217 code is taken (the server checks it). */}
          <datalist id={`${id}-currencies`}>
            {COMMON_CURRENCIES.map((c) => <option key={c} value={c} />)}
          </datalist>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary btn-small" disabled={busy}>{busy ? 'Saving...' : 'Save as won'}</button>
          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => setEditing(false)}>Cancel</button>
        </div>
      </form>
    );
  }
  return (
    <div className="outcome" role="group" aria-label={`Outcome of the enquiry of ${m.name}`}>
      {m.outcome && <span className={`outcome-badge outcome-${m.outcome.result}`}>{outcomeText(m.outcome)}</span>}
      {m.outcome?.result !== 'won' && (
        <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => setEditing(true)}>
          <Trophy size={16} aria-hidden="true" /> Won
        </button>
      )}
      {m.outcome?.result === 'won' && (
        <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => setEditing(true)}>
          Edit value
        </button>
      )}
      {m.outcome?.result !== 'lost' && (
        <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void save('lost', 'Marked as lost.')}>
          <XCircle size={16} aria-hidden="true" /> Lost
        </button>
      )}
      {m.outcome && (
        <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void save('', 'Outcome cleared.')}>
          Clear outcome
        </button>
      )}
    </div>
  );
}
