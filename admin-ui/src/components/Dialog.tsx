import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { SubmitButton } from './Form';

/**
 * A modal dialog (the browser's own <dialog>: focus kept inside, Escape closes, the page behind
 * inert), mounted only while open. Its content is a form or what a form answered.
 */
export function Dialog({ title, onClose, children, className = '' }: { title: string; onClose: () => void; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    ref.current?.showModal?.();
    return () => opener?.focus?.();
  }, []);
  // A portal: a dialog opened from inside a form holds a form of its own, and forms do not nest.
  return createPortal(
    <dialog
      ref={ref}
      className={`modal ${className}`.trim()}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close">
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>,
    document.body,
  );
}

/** A dialog form's buttons: submit (relabelled while busy) and Cancel. */
export function DialogButtons({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel: () => void }) {
  return (
    <div className="form-actions">
      <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}

/** What closes a dialog that shows what its form made (a link, a secret). */
export function DoneButton({ onDone }: { onDone: () => void }) {
  return (
    <div className="form-actions">
      <button type="button" className="btn btn-primary" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
