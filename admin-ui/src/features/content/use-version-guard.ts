import { createElement } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatWhen } from '../../lib/format';
import { changesBetween } from '../revisions/diff';
import { FieldDiff } from '../revisions/components/FieldDiff';
import { listRevisions, staleItem, type Revision, type Stage } from './api/content';
import type { ContentItem, ContentKind } from './kind';
import './content.css';

/** Who saved the newest version, from the item's history; undefined when it cannot be told. */
async function newestSave(kind: ContentKind, stage: Stage, slug: string): Promise<Revision | undefined> {
  try {
    return (await listRevisions(kind, stage, slug))[0];
  } catch {
    return undefined;
  }
}

/**
 * Writes guarded by the version a screen holds (sent as If-Match). When the server answers that
 * someone saved a newer version since (409 with that version), the admin sees who saved it, when,
 * and what they changed since the version on screen (`loaded`), and chooses: reload the newest
 * version (onReload gets it and `loaded`, and the write is dropped) or overwrite it (the write is
 * sent again, against the newest version). Answers the write's answer, or undefined after a reload.
 */
export function useVersionGuard(kind: ContentKind, stage: Stage = 'published') {
  const confirm = useConfirm();
  return async function guard<T>(
    version: string | undefined,
    send: (version?: string) => Promise<T>,
    onReload: (current: ContentItem, loaded?: ContentItem) => void,
    loaded?: ContentItem,
  ): Promise<T | undefined> {
    try {
      return await send(version);
    } catch (err) {
      const current = staleItem(kind, err);
      if (!current) throw err;
      const who = await newestSave(kind, stage, current.slug);
      const changes = loaded ? changesBetween(kind, loaded, current) : [];
      const by = who ? `${who.username || 'Someone'} saved a newer version ${formatWhen(who.createdAt)}` : 'Someone saved a newer version';
      const overwrite = await confirm({
        title: `This ${kind.noun} was changed`,
        message: `${by}, after you opened it (in another tab or window). Reload the newest version, or overwrite it with your changes?`,
        detail: changes.length > 0 ? `What ${who?.username || 'they'} changed since the version you opened:` : undefined,
        content: changes.length > 0 ? createElement('div', { className: 'diff stale-compare' }, changes.map((c) => createElement(FieldDiff, { key: c.field, change: c }))) : undefined,
        confirmLabel: 'Overwrite with mine',
        cancelLabel: 'Reload newest',
        danger: true,
      });
      if (!overwrite) {
        onReload(current, loaded);
        return undefined;
      }
      return await send(current.version);
    }
  };
}
