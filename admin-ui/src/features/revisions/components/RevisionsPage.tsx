import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RotateCcw } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { contentChanged } from '../../../lib/changes';
import { formatWhen } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useIsAdmin } from '../../../lib/session';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { getRevision, listRevisions, restoreRevision, type Revision, type Stage } from '../../content/api/content';
import type { ContentItem, ContentKind } from '../../content/kind';
import { changesBetween } from '../diff';
import { FieldDiff } from './FieldDiff';
import '../revisions.css';

function revisionLabel(r: Revision) {
  return `#${r.id} · ${formatWhen(r.createdAt)} · ${r.username || 'not recorded'} · ${r.note}`;
}

/**
 * /admin/edit-{kind}/{slug}/history and /admin/preview-{kind}/{slug}/history: every kept version of
 * an item, what changed between any two, and Restore. Restoring a live item's version changes the
 * website, which only admins do: editors read and compare its history.
 */
export function RevisionsPage({ kind, stage }: { kind: ContentKind; stage: Stage }) {
  const { slug = '' } = useParams();
  const admin = useIsAdmin();
  const mayRestore = admin || stage === 'preview';
  const { data: revisions, error, loading, reload } = useLoad(() => listRevisions(kind, stage, slug), [slug]);
  const [older, setOlder] = useState<number | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const [records, setRecords] = useState<Record<number, ContentItem>>({});
  const [restoring, setRestoring] = useState<number | null>(null);
  const confirm = useConfirm();
  const olderId = useId();
  const newerId = useId();

  useEffect(() => {
    if (!revisions?.length) return;
    setNewer(revisions[0].id);
    setOlder(revisions[Math.min(1, revisions.length - 1)].id);
  }, [revisions]);

  useEffect(() => {
    let live = true;
    for (const id of [older, newer]) {
      if (id === null || records[id]) continue;
      getRevision(kind, stage, slug, id)
        .then((r) => live && r.record && setRecords((m) => ({ ...m, [id]: r.record as ContentItem })))
        .catch(() => live && toast.error('Failed to load a revision.'));
    }
    return () => {
      live = false;
    };
  }, [older, newer, kind, stage, slug, records]);

  const restore = async (r: Revision) => {
    const ok = await confirm({
      title: 'Restore revision',
      message: `Restore revision #${r.id}, saved ${formatWhen(r.createdAt)}${r.username ? ` by ${r.username}` : ' (who saved it was not recorded)'}?`,
      note:
        stage === 'published'
          ? `Its title, ${kind.body.label.toLowerCase()}, picture and meta fields become the live version and the website is rebuilt. The current version stays in the history.`
          : `Its fields become the draft's. The current version stays in the history.`,
      confirmLabel: 'Restore',
    });
    if (!ok) return;
    setRestoring(r.id);
    try {
      const res = await restoreRevision(kind, stage, slug, r.id);
      toast.success(res.message || 'Restored.');
      contentChanged();
      await reload();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to restore the revision.'));
    } finally {
      setRestoring(null);
    }
  };

  // The edit screen of a live item is the admins'; an editor goes back to the dashboard.
  const back =
    stage === 'preview' ? `${kind.routes.preview}/${encodeURIComponent(slug)}` : admin ? `${kind.routes.edit}/${encodeURIComponent(slug)}` : '/admin/dashboard';
  const a = older !== null ? records[older] : undefined;
  const b = newer !== null ? records[newer] : undefined;
  const changes = a && b ? changesBetween(kind, a, b) : null;

  return (
    <>
      <PageHeader
        title={`History of ${kind.noun} “${revisions?.[0]?.title ?? slug}”`}
        intro={
          mayRestore
            ? 'Every save is kept: compare any two versions and restore one.'
            : 'Every save is kept: compare any two versions. Only an admin may restore a version of what is on the website.'
        }
        actions={
          <Link className="btn btn-secondary" to={back}>
            Back to the {stage === 'preview' ? 'preview' : admin ? 'edit screen' : 'dashboard'}
          </Link>
        }
      />
      {loading && !revisions && <Spinner />}
      {Boolean(error) && (
        <p className="card form-error" role="alert">
          {kind.messages.loadFailed}
        </p>
      )}
      {revisions && revisions.length > 1 && (
        <section className="card" aria-labelledby="compare-heading">
          <h2 id="compare-heading">Compare</h2>
          <div className="compare-pickers">
            <label htmlFor={olderId}>From</label>
            <select id={olderId} value={older ?? ''} onChange={(e) => setOlder(Number(e.target.value))}>
              {revisions.map((r) => (
                <option key={r.id} value={r.id}>
                  {revisionLabel(r)}
                </option>
              ))}
            </select>
            <label htmlFor={newerId}>to</label>
            <select id={newerId} value={newer ?? ''} onChange={(e) => setNewer(Number(e.target.value))}>
              {revisions.map((r) => (
                <option key={r.id} value={r.id}>
                  {revisionLabel(r)}
                </option>
              ))}
            </select>
          </div>
          <div className="diff" aria-live="polite">
            {!changes && <Spinner label="Loading the versions..." />}
            {changes && changes.length === 0 && <p className="muted">These two versions are the same.</p>}
            {changes?.map((c) => <FieldDiff key={c.field} change={c} />)}
          </div>
        </section>
      )}
      {revisions && (
        <section className="card" aria-labelledby="revisions-heading">
          <h2 id="revisions-heading">Versions</h2>
          {revisions.length === 0 && <p className="muted">No versions kept yet.</p>}
          <ol className="revisions">
            {revisions.map((r, i) => (
              <li key={r.id} className="revision">
                <div>
                  <strong>#{r.id}</strong> {r.note}
                  {i === 0 && <span className="badge">Current</span>}
                  <div className="muted">
                    {formatWhen(r.createdAt)} · {r.username || 'not recorded'} · “{r.title}”
                  </div>
                </div>
                {i > 0 && mayRestore && (
                  <button type="button" className="btn btn-secondary btn-small" disabled={restoring !== null} onClick={() => void restore(r)} aria-label={`Restore revision ${r.id}`}>
                    <RotateCcw size={16} aria-hidden="true" /> {restoring === r.id ? 'Restoring...' : 'Restore'}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
