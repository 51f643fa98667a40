import { useState } from 'react';
import { isSessionError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import type { SavedAnswer, Stage } from './api/content';
import { draftOf, IMAGE_REMOVE_FAILED, type ContentDraft, type ContentItem, type ContentKind } from './kind';
import { useDraft } from './use-draft';
import { usePicture } from './use-picture';
import { useVersionGuard } from './use-version-guard';

/**
 * What the preview and edit screens share while an item is edited: the draft with its errors,
 * the picture beside the item's own, writes guarded by the version on screen (with `reload`
 * when the admin takes the newest version instead), "Preview changes", and taking the picture
 * away. `setItem` shows a saved or newer version of the item.
 */
export function useEditSession(kind: ContentKind, stage: Stage, setItem: (item: ContentItem) => void) {
  const draft = useDraft(kind);
  const picture = usePicture();
  const guard = useVersionGuard(kind, stage);
  const [changesShown, setChangesShown] = useState(0);
  const [removing, setRemoving] = useState(false);

  const reload = (current: ContentItem) => {
    setItem(current);
    draft.reset(draftOf(kind, current));
    picture.reset();
    toast.info(`Showing the newest version of this ${kind.noun}.`);
  };

  /**
   * `reload` for a save of the open form: the newest version, with what the admin changed in the
   * fields the other save left as they were (`loaded`: the version the form was opened on), and
   * the picture chosen when the other save kept the picture. A field both changed takes theirs.
   */
  const reloadKeepingEdits = (current: ContentItem, loaded?: ContentItem) => {
    const mine = draft.current();
    if (!loaded || !mine) {
      reload(current);
      return;
    }
    const base = draftOf(kind, loaded);
    const next = draftOf(kind, current);
    const kept: string[] = [];
    const lost: string[] = [];
    for (const field of Object.keys(next) as (keyof ContentDraft)[]) {
      if (mine[field] === base[field]) continue;
      if (next[field] === base[field]) {
        next[field] = mine[field];
        kept.push(draftLabel(kind, field));
      } else if (next[field] !== mine[field]) {
        lost.push(draftLabel(kind, field));
      }
    }
    const chosen = picture.choice();
    const keepPicture = (chosen.file !== null || chosen.picked !== '') && current.image === loaded.image;
    setItem(current);
    draft.reset(next);
    if (!keepPicture) picture.reset();
    else kept.push(kind.image.label);
    const said = [`Showing the newest version of this ${kind.noun}.`];
    if (kept.length > 0) said.push(`Your changes to ${listOf(kept)} are kept: press Update to save them.`);
    if (lost.length > 0) said.push(`${listOf(lost)} ${lost.length > 1 ? 'were' : 'was'} changed in the newer version too: it shows theirs.`);
    toast.info(said.join(' '));
  };

  /** Takes the item's picture away with send (guarded); `said` is the toast, the server's message by default. */
  const removeImage = async (item: ContentItem, send: (version?: string) => Promise<SavedAnswer>, after: (answer: SavedAnswer) => void, said?: string) => {
    setRemoving(true);
    try {
      const answer = await guard(item.version, send, reload, item);
      if (!answer) return;
      toast.success(said ?? (answer.message || 'Image removed.'));
      after(answer);
    } catch (err) {
      if (!isSessionError(err)) toast.error(IMAGE_REMOVE_FAILED);
    } finally {
      setRemoving(false);
    }
  };

  return { draft, picture, guard, reload, reloadKeepingEdits, removing, removeImage, changesShown, showChanges: () => setChangesShown((n) => n + 1) };
}

export type EditSession = ReturnType<typeof useEditSession>;

/**
 * What a save's success adds when the form changed while the save was on its way: the form keeps
 * it, and says so, to be saved with Update.
 */
export function changedSinceNote(typed: boolean, picture: boolean): string {
  if (typed) return ' What you typed since is still in the form: press Update to save it.';
  if (picture) return ' The picture you chose since is still in the form: press Update to save it.';
  return '';
}

/** The edit screen's label of a draft field. */
function draftLabel(kind: ContentKind, field: keyof ContentDraft): string {
  const labels: Record<keyof ContentDraft, string> = {
    title: 'Title', category: 'Category', body: kind.body.label, metaTitle: 'Meta title',
    metaDescription: 'Meta description', focusKeyword: 'Focus keyword',
  };
  return labels[field];
}

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
