import { CalendarClock } from 'lucide-react';
import { formatWhen } from '../../../lib/format';
import type { ItemSchedule, ScheduledAction } from '../use-schedule';

const WHEN: Record<ScheduledAction, string> = { publish: 'go live', unpublish: 'come down' };

/** When the item's scheduled publish or unpublish runs, or why it failed; admins may cancel it. */
export function ScheduleNotice({ sched, action, canCancel = true }: { sched: ItemSchedule; action: ScheduledAction; canCancel?: boolean }) {
  const { schedule } = sched;
  if (!schedule) return null;
  const failed = schedule.status === 'failed';
  return (
    <div className={`notice ${failed ? 'notice-error' : 'notice-info'}`} role="status">
      <CalendarClock size={20} aria-hidden="true" />
      <p>
        {failed ? `The scheduled ${action} failed: ${schedule.error ?? ''}` : `Scheduled to ${WHEN[action]} ${formatWhen(schedule.at)}.`}{' '}
        {canCancel && (
          <button type="button" className="link-button" onClick={() => void sched.cancel()}>
            Cancel the schedule
          </button>
        )}
      </p>
    </div>
  );
}

/** The button that opens (and closes) the form picking the schedule's time. */
export function ScheduleToggle({ sched, label, again, disabled }: { sched: ItemSchedule; label: string; again: string; disabled: boolean }) {
  return (
    <button type="button" className="btn btn-secondary" onClick={() => sched.setPicking((p) => !p)} disabled={disabled} aria-expanded={sched.picking}>
      <CalendarClock size={18} aria-hidden="true" /> {sched.schedule ? again : label}
    </button>
  );
}
