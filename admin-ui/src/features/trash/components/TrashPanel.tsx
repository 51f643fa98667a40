import { useState } from 'react';
import { ArchiveRestore, Trash2 } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { contentChanged, useContentVersion } from '../../../lib/changes';
import { formatDate, formatWhen } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useIsAdmin } from '../../../lib/session';
import { useConfirm } from '../../../components/ConfirmDialog';
import { ItemList } from '../../../components/ItemList';
import { listTrash, purgeTrash, restoreTrash, type TrashItem } from '../../content/api/content';
import type { ContentKind } from '../../content/kind';

/**
 * Deleted blogs and services, restorable for 30 days; then they go by themselves. Editors restore
 * drafts; what was live goes back live, and deleting for good cannot be undone, so both are the
 * admins' to do.
 */
export function TrashPanel({ kinds }: { kinds: ContentKind[] }) {
  const version = useContentVersion();
  const admin = useIsAdmin();
  const { data, error, loading } = useLoad(listTrash, [version]);
  const confirm = useConfirm();
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (it: TrashItem) => {
    setBusy(it.id);
    try {
      const res = await restoreTrash(it.id);
      toast.success(res.message || 'Restored.');
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to restore.'));
    } finally {
      setBusy(null);
    }
  };

  const purge = async (it: TrashItem, noun: string) => {
    const ok = await confirm({
      title: 'Delete for good',
      message: `Delete “${it.title}” for good?`,
      note: `The ${noun} and all its revisions are removed. This cannot be undone.`,
      confirmLabel: 'Delete for good',
      danger: true,
    });
    if (!ok) return;
    setBusy(it.id);
    try {
      await purgeTrash(it.id);
      toast.success('Deleted for good.');
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to delete.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ItemList
      id="trash"
      title="Trash"
      loading={loading}
      error={error ? 'Failed to load the trash.' : undefined}
      emptyText="The trash is empty. Deleted blogs and services wait here for 30 days."
      items={data?.map((it) => {
        const kind = kinds.find((k) => k.key === it.kind);
        const noun = kind?.noun ?? 'item';
        const mayRestore = admin || it.stage !== 'published';
        return {
          key: String(it.id),
          title: it.title,
          meta: (
            <>
              <span>
                {kind?.Noun ?? it.kind} · {it.stage === 'published' ? 'was live' : 'draft'} · deleted {formatWhen(it.deletedAt)}
                {it.username && ` by ${it.username}`}
              </span>
              <span className="item-excerpt">
                Goes for good on {formatDate(it.purgeAt)}.{!mayRestore && ' It was live: only an admin may restore it.'}
              </span>
            </>
          ),
          actions: (
            <>
              {mayRestore && (
                <button type="button" className="btn btn-secondary btn-small" disabled={busy === it.id} onClick={() => void restore(it)} aria-label={`Restore ${it.title}`}>
                  <ArchiveRestore size={16} aria-hidden="true" /> Restore
                </button>
              )}
              {admin && (
                <button type="button" className="btn btn-danger-outline btn-small" disabled={busy === it.id} onClick={() => void purge(it, noun)} aria-label={`Delete ${it.title} for good`}>
                  <Trash2 size={16} aria-hidden="true" /> Delete for good
                </button>
              )}
            </>
          ),
        };
      })}
    />
  );
}
