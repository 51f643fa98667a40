import { useState, type FormEvent, type ReactNode } from 'react';
import { Brand } from '../../../components/Brand';
import { Form, SubmitButton } from '../../../components/Form';
import '../auth.css';

interface Props {
  title: string;
  intro?: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** Why the last submit failed. */
  failure?: string;
  submitLabel: string;
  /** The submitting state's label (SPEC §4: Sending..., Resetting..., Submitting...). */
  busyLabel: string;
  busy: boolean;
  /** The links under the button. */
  links: ReactNode;
  children: ReactNode;
  /** A screen that only says something (an invalid link) has no button. */
  hideSubmit?: boolean;
}

/** The shell of the signed-out screens: brand, title, the form with its failure, fields, one button and links. */
export function AuthForm({ title, intro, onSubmit, failure, submitLabel, busyLabel, busy, links, children, hideSubmit }: Props) {
  return (
    <main className="auth-page">
      <div className="auth-card card">
        <Brand className="auth-brand" />
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        <Form className="form" onSubmit={onSubmit} failure={failure}>
          {children}
          {!hideSubmit && <SubmitButton block busy={busy} label={submitLabel} busyLabel={busyLabel} />}
          <p className="auth-links">{links}</p>
        </Form>
      </div>
    </main>
  );
}

/**
 * Runs a signed-out form's call: busy while it runs (and after success, while the screen moves on),
 * and a failure shown once, on the form (an alert, so screen readers say it too), not again as a toast.
 */
export function useAuthSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const run = async (call: () => Promise<void>, failureOf: (err: unknown) => string) => {
    setFailure('');
    setBusy(true);
    try {
      await call();
    } catch (err) {
      const message = failureOf(err);
      setFailure(message);
      setBusy(false);
    }
  };
  return { busy, failure, clearFailure: () => setFailure(''), run };
}
