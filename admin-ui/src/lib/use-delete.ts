import { useConfirm } from '../components/ConfirmDialog';
import { isSessionError } from './api-client';
import { toast } from './toast';

export const DELETE_FAILED = 'Failed to delete.';

/** Confirms (naming the item), deletes, says how it went; answers true when the item is gone. */
export function useDelete() {
  const confirm = useConfirm();
  return async (question: string, name: string, success: string, remove: () => Promise<{ message?: string } | undefined>) => {
    const ok = await confirm({ title: 'Delete', message: question, detail: name, confirmLabel: 'Delete', danger: true });
    if (!ok) return false;
    try {
      await remove();
      toast.success(success);
      return true;
    } catch (err) {
      if (!isSessionError(err)) toast.error(DELETE_FAILED);
      return false;
    }
  };
}
