import { useConfirm } from '../../components/ConfirmDialog';
import { staleItem } from './api/content';
import type { ContentItem, ContentKind } from './kind';

/**
 * Writes guarded by the version a screen holds (sent as If-Match). When the server answers that
 * someone saved a newer version since (409 with that version), the admin chooses: reload the
 * newest version (onReload gets it and the write is dropped) or overwrite it (the write is sent
 * again, against the newest version). Answers the write's answer, or undefined after a reload.
 */
export function useVersionGuard(kind: ContentKind) {
  const confirm = useConfirm();
  return async function guard<T>(
    version: string | undefined,
    send: (version?: string) => Promise<T>,
    onReload: (current: ContentItem) => void,
  ): Promise<T | undefined> {
    try {
      return await send(version);
    } catch (err) {
      const current = staleItem(kind, err);
      if (!current) throw err;
      const overwrite = await confirm({
        title: `This ${kind.noun} was changed`,
        message: `Someone saved a newer version of this ${kind.noun} after you opened it (in another tab or window). Reload the newest version, or overwrite it with your changes?`,
        confirmLabel: 'Overwrite with mine',
        cancelLabel: 'Reload newest',
        danger: true,
      });
      if (!overwrite) {
        onReload(current);
        return undefined;
      }
      return await send(current.version);
    }
  };
}
