import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isSessionError } from '../../lib/api-client';
import { contentChanged } from '../../lib/changes';
import { formatWhen } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useConfirm, type ConfirmOptions } from '../../components/ConfirmDialog';
import { unpublishItem } from './api/content';
import type { ContentItem, ContentKind } from './kind';

/** The question asked before a live item is taken off the website now. */
export function unpublishQuestion(kind: ContentKind, item: Pick<ContentItem, 'title'>): ConfirmOptions {
  return {
    title: 'Unpublish',
    message: `Unpublish “${item.title}”?`,
    note: `Its page leaves the website and the ${kind.noun} goes back to the drafts, where you can edit and publish it again.`,
    confirmLabel: 'Unpublish',
  };
}

/**
 * Taking a live item off the website, now (asked first; the admin then follows it to its
 * preview screen, among the drafts) or at a set time (`at`, ISO 8601). `onScheduled` runs once
 * a time is set.
 */
export function useUnpublish(kind: ContentKind, item: ContentItem, onScheduled: () => void) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const unpublish = async (at?: string) => {
    if (!at && !(await confirm(unpublishQuestion(kind, item)))) return;
    setBusy(true);
    try {
      const res = await unpublishItem(kind, item.slug, at);
      contentChanged();
      if (at) {
        toast.success(`Scheduled: the ${kind.noun} comes down ${formatWhen(res.schedule?.at ?? at)}.`);
        onScheduled();
      } else {
        toast.success(res.message || `${kind.Noun} unpublished.`);
        navigate(`${kind.routes.preview}/${encodeURIComponent(item.slug)}`);
      }
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, `Failed to unpublish the ${kind.noun}.`));
    } finally {
      setBusy(false);
    }
  };

  return { busy, unpublish };
}
