import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarClock, RotateCcw, X } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { contentChanged } from '../../../lib/changes';
import { formatWhen } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useIsAdmin } from '../../../lib/session';
import { useConfirm } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { WhenForm } from '../../../components/WhenForm';
import { cancelSchedule, reschedule, type Schedule } from '../../content/api/content';
import type { ContentKind } from '../../content/kind';

const STATUS: Record<Schedule['status'], string> = { scheduled: 'Scheduled', retrying: 'Retrying', failed: 'Failed', held: 'On hold' };

interface Props {
  kinds: ContentKind[];
  schedules: Schedule[] | undefined;
  loading: boolean;
  error: boolean;
}

/**
 * Publishes and unpublishes set for a time: when, by whom, how it went; an admin changes the time
 * or cancels (editors see the list: moving what goes live is the admins' to do).
 */
export function SchedulesPanel({ kinds, schedules, loading, error }: Props) {
  const confirm = useConfirm();
  const admin = useIsAdmin();
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const move = async (s: Schedule, at: string, done: string) => {
    setBusy(s.id);
    try {
      await reschedule(s.id, at);
      toast.success(done);
      setEditing(null);
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to change the schedule.'));
    } finally {
      setBusy(null);
    }
  };

  const cancel = async (s: Schedule, what: string) => {
    const ok = await confirm({
      title: 'Cancel schedule',
      message: `Cancel the scheduled ${s.action} of “${s.title || s.slug}”?`,
      note: s.applied ? `It has already been ${s.action}ed; only the retries of its build stop.` : `It stays ${s.action === 'publish' ? 'a draft' : 'on the website'}.`,
      confirmLabel: 'Cancel schedule',
      cancelLabel: 'Keep it',
    });
    if (!ok) return;
    setBusy(s.id);
    try {
      await cancelSchedule(s.id);
      toast.success(`The scheduled ${what} is cancelled.`);
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to cancel the schedule.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" id="schedules" aria-labelledby="schedules-heading">
      <div className="card-header">
        <h2 id="schedules-heading">
          Scheduled {schedules && schedules.length > 0 && <span className="count">{schedules.length}</span>}
        </h2>
      </div>
      {loading && !schedules && <Spinner />}
      {error && (
        <p className="form-error" role="alert">
          Failed to load the schedules.
        </p>
      )}
      {schedules && schedules.length === 0 && (
        <p className="muted empty">
          {admin
            ? "Nothing scheduled. Use Schedule on a draft's preview, or on a live item's edit screen, to set a time."
            : 'Nothing scheduled. An admin sets the times drafts go live.'}
        </p>
      )}
      {!admin && schedules && schedules.length > 0 && <p className="muted role-note">Only an admin may change or cancel a schedule.</p>}
      {schedules && schedules.length > 0 && (
        <ul className="schedules">
          {schedules.map((s) => {
            const kind = kinds.find((k) => k.key === s.kind);
            const what = s.action === 'publish' ? 'publish' : 'unpublish';
            const live = s.action === 'publish' ? s.applied : !s.applied;
            const to = kind ? `${live ? kind.routes.edit : kind.routes.preview}/${encodeURIComponent(s.slug)}` : undefined;
            return (
              <li key={s.id} className={`schedule status-${s.status}`}>
                <CalendarClock className="schedule-icon" size={20} aria-hidden="true" />
                <div className="schedule-text">
                  <span>
                    <strong>{s.action === 'publish' ? 'Publish' : 'Unpublish'}</strong> {kind ? `${kind.noun} ` : ''}
                    {to ? <Link to={to}>{s.title || s.slug}</Link> : s.title || s.slug}
                  </span>
                  <span className="muted">
                    {formatWhen(s.at)} · by {s.username || 'an admin'}
                    {s.status !== 'scheduled' && (
                      <>
                        {' · '}
                        <span className={`status status-${s.status === 'failed' || s.status === 'held' ? 'failed' : 'running'}`}>{STATUS[s.status]}</span>
                      </>
                    )}
                  </span>
                  {s.error && (
                    <span className="build-error">
                      {s.error}
                      {s.status === 'retrying' && s.nextAttemptAt && ` Next try: ${formatWhen(s.nextAttemptAt)}.`}
                    </span>
                  )}
                  {editing === s.id && (
                    <WhenForm
                      label="New time"
                      submitLabel="Save time"
                      busyLabel="Saving..."
                      busy={busy === s.id}
                      initial={s.at}
                      onSubmit={(at) => void move(s, at, `Rescheduled for ${formatWhen(at)}.`)}
                      onCancel={() => setEditing(null)}
                    />
                  )}
                </div>
                {admin && (
                  <div className="item-actions">
                    {s.status !== 'scheduled' && (
                      <button type="button" className="btn btn-secondary btn-small" disabled={busy === s.id} onClick={() => void move(s, new Date().toISOString(), s.status === 'held' ? 'Publishing the draft as it is now.' : 'Trying again now.')}>
                        <RotateCcw size={16} aria-hidden="true" /> {s.status === 'held' ? 'Publish as it is now' : 'Try again now'}
                      </button>
                    )}
                    <button type="button" className="btn btn-secondary btn-small" disabled={busy === s.id} onClick={() => setEditing(editing === s.id ? null : s.id)} aria-label={`Change the time of ${s.title || s.slug}`}>
                      <CalendarClock size={16} aria-hidden="true" /> Change time
                    </button>
                    <button type="button" className="btn btn-danger-outline btn-small" disabled={busy === s.id} onClick={() => void cancel(s, what)} aria-label={`Cancel the schedule of ${s.title || s.slug}`}>
                      <X size={16} aria-hidden="true" /> Cancel
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
