import { useState } from 'react';
import { errorMessage, isSessionError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { savedItem, submitForReview, withdrawReview } from './api/content';
import type { ContentItem, ContentKind } from './kind';

/**
 * The review of a draft: an editor hands it to the admins with an optional note (`asking` while
 * the note is written), and takes it back; an admin hands it back. `onSaved` gets the draft as
 * the server saved it.
 */
export function useReview(kind: ContentKind, slug: string, onSaved: (item: ContentItem | undefined) => void) {
  const [asking, setAsking] = useState(false);
  const [handingBack, setHandingBack] = useState(false); // an admin writes why the draft goes back
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // A note's form has closed (sent or cancelled): the screen's review button takes the focus,
  // which would fall to the page with the form (see ReviewButton).
  const [refocus, setRefocus] = useState(false);
  const closeForm = () => {
    setAsking(false);
    setHandingBack(false);
    setRefocus(true);
  };

  const run = async (call: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, failed));
    } finally {
      setBusy(false);
    }
  };

  const submit = () =>
    run(async () => {
      const res = await submitForReview(kind, slug, note.trim());
      toast.success(res.message || 'Submitted for review.');
      closeForm();
      setNote('');
      onSaved(savedItem(kind, res));
    }, 'Failed to submit for review.');

  /** handBack: an admin returns someone else's submission, with the note written for its editor. */
  const withdraw = (handBack: boolean) =>
    run(async () => {
      const res = await withdrawReview(kind, slug, handBack ? note.trim() : '');
      toast.success(handBack ? res.message || 'Handed back to its editor.' : 'Submission withdrawn.');
      if (handBack) closeForm();
      setNote('');
      onSaved(savedItem(kind, res));
    }, 'Failed to withdraw the submission.');

  return { asking, setAsking, handingBack, setHandingBack, note, setNote, busy, submit, withdraw, closeForm, refocus, setRefocus };
}

export type Review = ReturnType<typeof useReview>;
