import { useEffect, useRef } from 'react';
import { CornerUpLeft, Send, Undo2 } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import type { ContentItem } from '../kind';
import type { Review } from '../use-review';

/** Who submitted the draft for review, when, and their note. */
export function ReviewNotice({ item, admin, me }: { item: ContentItem; admin: boolean; me?: string }) {
  if (!item.review) return null;
  const theirs = !admin && me !== undefined && item.review.submittedBy !== me;
  return (
    <div className="notice notice-info" role="status">
      <Send size={20} aria-hidden="true" />
      <p>
        Submitted for review by <strong>{item.review.submittedBy}</strong> on {formatDateTime(item.review.submittedAt)}
        {item.review.note ? `: “${item.review.note}”` : '.'}
        {!admin && ' An admin will check and publish it.'}
        {theirs && ` Until then only ${item.review.submittedBy} or an admin can change it.`}
      </p>
    </div>
  );
}

/** That an admin handed the draft back, when, and why: until the draft is submitted again. */
export function HandedBackNotice({ item, admin }: { item: ContentItem; admin: boolean }) {
  if (!item.handedBack || item.review) return null;
  const hb = item.handedBack;
  return (
    <div className="notice notice-error" role="status">
      <CornerUpLeft size={20} aria-hidden="true" />
      <p>
        Handed back by <strong>{hb.by}</strong> on {formatDateTime(hb.at)}
        {hb.note ? `: “${hb.note}”` : ', without a note.'}
        {!admin && ' Change the draft, then submit it for review again.'}
      </p>
    </div>
  );
}

/**
 * The review button of the screen's actions: a submitted draft can be withdrawn (by its editor)
 * or handed back (by an admin; another editor gets no button); an editor's draft can be submitted.
 * An admin's own draft has none.
 */
export function ReviewButton({ review, item, admin, me, disabled }: { review: Review; item: ContentItem; admin: boolean; me: string; disabled: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  const { refocus, setRefocus } = review;
  useEffect(() => {
    if (!refocus || disabled || review.busy) return;
    setRefocus(false);
    const at = document.activeElement;
    if (at === null || at === document.body) ref.current?.focus();
  }, [refocus, setRefocus, disabled, review.busy]);
  if (item.review) {
    const handBack = item.review.submittedBy !== me;
    // Another editor's submission is the reviewers' to answer (the server refuses it too).
    if (handBack && !admin) return null;
    return (
      <button
        ref={ref}
        type="button"
        className="btn btn-secondary"
        onClick={() => (handBack ? review.setHandingBack(true) : void review.withdraw(false))}
        disabled={disabled || review.handingBack}
      >
        <Undo2 size={18} aria-hidden="true" /> {review.busy ? 'Withdrawing...' : handBack ? 'Hand back' : 'Withdraw submission'}
      </button>
    );
  }
  if (admin) return null;
  return (
    <button ref={ref} type="button" className="btn btn-success" onClick={() => review.setAsking(true)} disabled={disabled || review.asking}>
      <Send size={18} aria-hidden="true" /> Submit for review
    </button>
  );
}

/** A note written before the draft goes to the admins, or back to its editor, and its buttons. */
function NoteForm({ review, id, label, action, busyLabel, onSend, onCancel, disabled, success }: {
  review: Review; id: string; label: string; action: string; busyLabel: string; onSend: () => void; onCancel: () => void;
  disabled: boolean; success?: boolean;
}) {
  const Icon = success ? Send : Undo2;
  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} rows={3} maxLength={500} value={review.note} onChange={(e) => review.setNote(e.target.value)} autoFocus />
      </div>
      <div className="form-actions">
        <button type="submit" className={success ? 'btn btn-success' : 'btn btn-primary'} disabled={disabled}>
          <Icon size={18} aria-hidden="true" /> {review.busy ? busyLabel : action}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={disabled}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** An admin's note to the editor, written before the draft is handed back. */
export function HandBackForm({ review, disabled }: { review: Review; disabled: boolean }) {
  if (!review.handingBack) return null;
  return (
    <NoteForm review={review} id="hand-back-note" label="Why it goes back (its editor sees this on the draft)" action="Hand back"
      busyLabel="Handing back..." onSend={() => void review.withdraw(true)} onCancel={review.closeForm} disabled={disabled} />
  );
}

/** The editor's note to the admins, written before the draft is submitted. */
export function ReviewForm({ review, disabled }: { review: Review; disabled: boolean }) {
  if (!review.asking) return null;
  return (
    <NoteForm review={review} id="review-note" label="Note for the admin (optional)" action="Submit for review" busyLabel="Submitting..."
      onSend={() => void review.submit()} onCancel={review.closeForm} disabled={disabled} success />
  );
}
