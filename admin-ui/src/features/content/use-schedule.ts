import { useState } from 'react';
import { errorMessage, isSessionError } from '../../lib/api-client';
import { contentChanged, useContentVersion } from '../../lib/changes';
import { toast } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { cancelSchedule, listSchedules } from './api/content';
import type { ContentKind } from './kind';

export type ScheduledAction = 'publish' | 'unpublish';

/**
 * An item's pending schedule of one action (a draft's publish, a live item's unpublish), kept
 * current as content changes anywhere in the admin; whether its time is being picked; and
 * cancelling it.
 */
export function useItemSchedule(kind: ContentKind, slug: string, action: ScheduledAction) {
  const version = useContentVersion();
  const schedules = useLoad(listSchedules, [version]);
  const schedule = schedules.data?.find((s) => s.kind === kind.key && s.slug === slug && s.action === action);
  const [picking, setPicking] = useState(false);
  const cancel = async () => {
    if (!schedule) return;
    try {
      await cancelSchedule(schedule.id);
      toast.success(
        action === 'publish' ? `The scheduled publish is cancelled; the ${kind.noun} stays a draft.` : `The scheduled unpublish is cancelled; the ${kind.noun} stays live.`,
      );
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to cancel the schedule.'));
    }
  };
  return { schedule, picking, setPicking, cancel };
}

export type ItemSchedule = ReturnType<typeof useItemSchedule>;
