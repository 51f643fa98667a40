import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

interface Props {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** Why the last submit failed, shown above the fields. */
  failure?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A form that validates itself (no browser bubbles), with the failure of its last submit on top,
 * brought into view when it is said: the editor pressed a button at the foot of a long form.
 */
export function Form({ onSubmit, failure, className = 'card form', children }: Props) {
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) said.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      {failure && (
        <p ref={said} className="form-error" role="alert">
          {failure}
        </p>
      )}
      {children}
    </form>
  );
}

/** The submit button, disabled and relabelled (SPEC §4: Sending..., Submitting..., Adding...) while busy. */
export function SubmitButton({ busy, label, busyLabel, disabled, block }: { busy: boolean; label: string; busyLabel: string; disabled?: boolean; block?: boolean }) {
  return (
    <button type="submit" className={`btn btn-primary${block ? ' btn-block' : ''}`} disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The row of a form's buttons; toasts keep clear of it. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div className="form-actions" data-toast-avoid>
      {children}
    </div>
  );
}
