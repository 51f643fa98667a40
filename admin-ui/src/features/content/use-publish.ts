import { useState } from 'react';
import { ApiError, errorMessage, isSessionError } from '../../lib/api-client';
import { formatWhen } from '../../lib/format';
import { getSiteInfo, siteLink } from '../../lib/publish';
import { siteChanged } from '../../lib/site-events';
import { toast } from '../../lib/toast';
import { publishPreview, savedItem } from './api/content';
import type { ContentDraft, ContentItem, ContentKind } from './kind';
import { useClashCheck } from './use-published';
import type { EditSession } from './use-edit-session';

/** Where a published item now is, for the notice that says so. */
export interface Live {
  pageHref: string;
  listHref: string;
  /** The build was still running when the publish answered. */
  pending: boolean;
}

/** How a publish ended: live now, scheduled (with the saved draft), or neither (stopped, refused, failed). */
export type Published = { live: Live } | { scheduled: ContentItem | undefined } | undefined;

/**
 * Publishing a draft, now or at a set time (`at`, ISO 8601): the title and text must be there, an
 * item already live at the address stops it and one with the same title asks first, the write is
 * guarded by the version on screen, and a failure is said on the screen (`error`) rather than as
 * a toast. After a publish the admin stays where they are (SPEC §4 sent them to the public list).
 */
export function usePublish(kind: ContentKind, session: Pick<EditSession, 'guard' | 'reload'>) {
  const clashCheck = useClashCheck(kind);
  const [busy, setBusy] = useState(false);
  const [live, setLive] = useState<Live | null>(null);
  const [error, setError] = useState('');

  const publish = async (item: ContentItem, values: ContentDraft, image: File | string | undefined, at?: string): Promise<Published> => {
    setError('');
    if (!values.title.trim() || !values.body.trim()) {
      setError(kind.messages.publishNeeds);
      return undefined;
    }
    setBusy(true);
    try {
      const stop = await clashCheck(values.title, item);
      if (stop !== '') {
        if (stop) setError(stop);
        return undefined;
      }
      const ready = { ...values, category: values.category.trim() || 'Uncategorized' };
      const answer = await session.guard(item.version, (v) => publishPreview(kind, item, ready, image, v, at), session.reload, item);
      if (!answer) return undefined;
      if (at && answer.schedule) {
        toast.success(`Scheduled: the ${kind.noun} goes live ${formatWhen(answer.schedule.at)}.`);
        return { scheduled: savedItem(kind, answer as unknown as Record<string, unknown>) };
      }
      const { siteUrl } = await getSiteInfo();
      const now = { pageHref: siteLink(siteUrl, answer.url || kind.site.page(item.slug)), listHref: siteLink(siteUrl, kind.site.list), pending: answer.live === false };
      setLive(now);
      siteChanged();
      return { live: now };
    } catch (err) {
      if (isSessionError(err)) return undefined;
      // A failed build still published the content (docs/API.md): the Builds panel shows why.
      if (err instanceof ApiError && err.status === 500 && (err.data as { url?: string } | null)?.url) siteChanged();
      setError(errorMessage(err, 'Failed to publish. Please try again.'));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  return { busy, live, error, publish };
}
