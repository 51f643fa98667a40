import { useId, useState, type FormEvent } from 'react';
import { currentZoneName, fromLocalInput, toLocalInput } from '../lib/format';

interface Props {
  /** What the time is for, as the field's label: "Publish at". */
  label: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The time shown first (ISO); default: an hour from now. */
  initial?: string;
  onSubmit: (iso: string) => void;
  onCancel: () => void;
}

/** Picks a date and time in the future (the browser's time zone) for a scheduled publish or unpublish. */
export function WhenForm({ label, submitLabel, busyLabel, busy, initial, onSubmit, onCancel }: Props) {
  const id = useId();
  const [value, setValue] = useState(() => toLocalInput(initial ?? new Date(Date.now() + 3600_000)));
  const [error, setError] = useState('');
  const zone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const iso = fromLocalInput(value);
    if (!iso) return setError('Choose a date and time.');
    if (new Date(iso).getTime() <= Date.now()) return setError('Choose a time in the future.');
    setError('');
    onSubmit(iso);
  };
  return (
    <form className="when-form" onSubmit={submit} noValidate>
      <label htmlFor={id}>
        {label} <span className="muted">({zone})</span>
      </label>
      <input
        id={id}
        type="datetime-local"
        value={value}
        min={toLocalInput(new Date())}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        required
      />
      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
