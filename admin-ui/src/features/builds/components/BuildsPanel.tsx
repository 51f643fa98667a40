import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSiteChanged } from '../../../lib/site-events';
import { useLoad } from '../../../lib/use-load';
import { useIsAdmin } from '../../../lib/session';
import { Spinner } from '../../../components/Spinner';
import { listBuilds, startRebuild, type Build, type Deploy } from '../api/builds';
import '../builds.css';

const STATUS_LABEL: Record<Build['status'], string> = { queued: 'Waiting', running: 'Building', ok: 'Done', failed: 'Failed' };
export const POLL_MS = 2000;
const SHOWN = 8;
const CHANGED_SHOWN = 12;

function kB(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(0, Math.round(bytes / 1024))} kB`;
}

/** What the deploy after a build did: where, how much, and the objects it changed. */
function DeployLine({ deploy }: { deploy: Deploy }) {
  if (deploy.status === 'running') {
    return <span className="muted">Putting the site on {deploy.target}…</span>;
  }
  if (deploy.status === 'failed') {
    return <span className="build-error">Not on {deploy.target}: {deploy.error}</span>;
  }
  const changed = deploy.changed ?? [];
  return (
    <>
      <span className="muted">
        {deploy.uploaded + deploy.deleted === 0
          ? `Live on ${deploy.target}: nothing to upload`
          : `Live on ${deploy.target}: ${deploy.uploaded} uploaded (${kB(deploy.bytes)}), ${deploy.deleted} deleted · ${deploy.ms < 1000 ? `${deploy.ms} ms` : `${(deploy.ms / 1000).toFixed(1)} s`}`}
      </span>
      {changed.length > 0 && (
        <details className="build-changed">
          <summary>Changed objects</summary>
          <ul>
            {changed.slice(0, CHANGED_SHOWN).map((k) => (
              <li key={k}>{k}</li>
            ))}
            {changed.length > CHANGED_SHOWN && <li className="muted">and {changed.length - CHANGED_SHOWN} more</li>}
          </ul>
        </details>
      )}
      {deploy.purgeError && <span className="build-error">The CDN was not told of the change: {deploy.purgeError}</span>}
    </>
  );
}

/**
 * Recent site builds, with a button for a full rebuild. It looks again after every change that
 * rebuilds the site (publish, edit, delete, rebuild) and every 2 s while a build waits or runs.
 */
export function BuildsPanel() {
  const { data, error, loading, reload } = useLoad(listBuilds, []);
  const admin = useIsAdmin();
  const [starting, setStarting] = useState(false);
  const busy = data?.some((b) => b.status === 'queued' || b.status === 'running') ?? false;
  // The newest build failing to deploy is offered a retry (a full rebuild, then the deploy).
  const retryable = !busy && data?.[0]?.deploy?.status === 'failed';

  useSiteChanged(() => void reload());

  useEffect(() => {
    if (!busy) return;
    const t = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(t);
  }, [busy, reload]);

  const rebuild = async () => {
    setStarting(true);
    try {
      await startRebuild();
      toast.info(retryable ? 'Trying again: rebuilding and deploying the site.' : 'Rebuild started. The website is updated when it is done.');
      await reload();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to start the rebuild.'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="card" id="builds" aria-labelledby="builds-heading">
      <div className="card-header">
        <h2 id="builds-heading">Website builds</h2>
        {admin && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void rebuild()} disabled={starting || busy}>
            <RefreshCw size={16} aria-hidden="true" /> {starting ? 'Starting...' : 'Rebuild site'}
          </button>
        )}
      </div>
      {loading && !data && <Spinner />}
      {Boolean(error) && (
        <p className="form-error" role="alert">
          Failed to load builds.
        </p>
      )}
      {data && data.length === 0 && <p className="muted empty">No builds yet.</p>}
      {data && data.length > 0 && (
        <ul className="builds">
          {data.slice(0, SHOWN).map((b) => (
            <li key={b.id} className="build">
              <span className={`status status-${b.status}`}>{STATUS_LABEL[b.status] ?? b.status}</span>
              <div className="build-text">
                <span>{b.reason || 'Build'}</span>
                <span className="muted">
                  {formatDateTime(b.startedAt ?? b.queuedAt)}
                  {b.status === 'ok' && ` · ${b.pagesRendered} pages updated, ${b.pagesUnchanged} unchanged · ${(b.ms / 1000).toFixed(1)} s`}
                </span>
                {b.error && !(b.deploy?.status === 'failed') && <span className="build-error">{b.error}</span>}
                {b.deploy && <DeployLine deploy={b.deploy} />}
                {admin && retryable && b === data[0] && (
                  <button type="button" className="btn btn-secondary btn-small build-retry" onClick={() => void rebuild()} disabled={starting}>
                    <RefreshCw size={14} aria-hidden="true" /> {starting ? 'Starting...' : 'Retry deploy'}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
