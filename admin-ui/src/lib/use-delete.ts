import { useConfirm } from '../components/ConfirmDialog';
import { api, errorMessage, isSessionError } from './api-client';
import { contentChanged } from './changes';
import { toast } from './toast';

export const DELETE_FAILED = 'Failed to delete.';
export const UNDO_FAILED = 'Failed to undo the deletion.';

/** What a delete answers: the trash item names how to undo it. */
interface Deleted {
  message?: string;
  trash?: { id: number };
}

/**
 * Confirms (naming the item, and saying what happens when note is given), deletes, says how it
 * went; answers true when the item is gone. A deletion that went to the trash gets an Undo in its
 * toast, which restores it.
 */
export function useDelete() {
  const confirm = useConfirm();
  return async (question: string, name: string, success: string, remove: () => Promise<Deleted | undefined>, note?: string) => {
    const ok = await confirm({ title: 'Delete', message: question, detail: name, note, confirmLabel: 'Delete', danger: true });
    if (!ok) return false;
    try {
      const answer = await remove();
      const id = answer?.trash?.id;
      if (id) toast.withAction(success, { label: 'Undo', run: () => void undoDelete(id) });
      else toast.success(success);
      contentChanged();
      return true;
    } catch (err) {
      if (!isSessionError(err)) toast.error(DELETE_FAILED);
      return false;
    }
  };
}

/** Restores a deleted item from the trash. */
export async function undoDelete(id: number) {
  try {
    const res = await api.post<{ message?: string }>(`/api/trash/${id}/restore`);
    toast.success(res?.message || 'Restored.');
    contentChanged();
  } catch (err) {
    if (!isSessionError(err)) toast.error(`${UNDO_FAILED} ${errorMessage(err, '')}`.trim());
  }
}
