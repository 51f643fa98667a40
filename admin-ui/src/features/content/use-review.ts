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
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

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
      setAsking(false);
      setNote('');
      onSaved(savedItem(kind, res));
    }, 'Failed to submit for review.');

  /** handBack: an admin returns someone else's submission. */
  const withdraw = (handBack: boolean) =>
    run(async () => {
      const res = await withdrawReview(kind, slug);
      toast.success(handBack ? 'Handed back to its editor.' : 'Submission withdrawn.');
      onSaved(savedItem(kind, res));
    }, 'Failed to withdraw the submission.');

  return { asking, setAsking, note, setNote, busy, submit, withdraw };
}

export type Review = ReturnType<typeof useReview>;
