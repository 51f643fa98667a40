import { useCallback, useEffect, useRef, useState } from 'react';
import { isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { auditPage, type AuditEntry, type AuditFilter } from '../api/audit';
import '../audit.css';

const KINDS = ['blog', 'service', 'image', 'redirect', 'enquiry', 'account', 'invite', 'session', 'site', 'webhook'];
const ACTIONS = [
  'save', 'edit', 'upload', 'publish', 'schedule', 'delete', 'restore', 'submit', 'withdraw', 'sign-in', 'sign-in-failed',
  'invite', 'join', 'role', 'remove', 'add', 'password', 'rebuild', 'deploy', 'status', 'erase', 'webhook', 'retry', 'cancel', 'hold',
  'outcome', 'export',
];

/** /admin/audit (admins): who changed what, when and from where; newest first, a page at a time. */
export function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({ user: '', kind: '', action: '' });
  const [applied, setApplied] = useState(filter);
  const [items, setItems] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);

  const load = useCallback(
    async (cursor: string | null) => {
      const mine = ++seq.current;
      setLoading(true);
      setFailed(false);
      try {
        const page = await auditPage(applied, cursor);
        if (mine !== seq.current) return;
        setItems((prev) => (cursor && prev ? [...prev, ...page.items] : page.items));
        setNext(page.next);
      } catch (err) {
        if (mine === seq.current && !isSessionError(err)) setFailed(true);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [applied],
  );

  useEffect(() => {
    setItems(null);
    void load(null);
  }, [load]);

  // The selects apply at once; the user name when typing pauses.
  useEffect(() => {
    const t = setTimeout(() => setApplied(filter), 300);
    return () => clearTimeout(t);
  }, [filter]);

  return (
    <>
      <PageHeader title="Audit log" intro="Every change made in the admin area and at the command line: who, when, what and from which address." />
      <div className="card filters" role="search">
        <div className="field">
          <label htmlFor="audit-user">User</label>
          <input id="audit-user" value={filter.user} placeholder="Any" onChange={(e) => setFilter({ ...filter, user: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="audit-kind">Kind</label>
          <select id="audit-kind" value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: e.target.value })}>
            <option value="">Any</option>
            {KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" value={filter.action} onChange={(e) => setFilter({ ...filter, action: e.target.value })}>
            <option value="">Any</option>
            {ACTIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
      </div>
      {failed && (
        <p className="card form-error" role="alert">
          Failed to load the audit log.
        </p>
      )}
      {items === null && loading && <Spinner />}
      {items && items.length === 0 && <p className="card muted empty">No entries.</p>}
      {items && items.length > 0 && (
        <section className="card">
          {/* It scrolls sideways on a phone: a keyboard can reach it, and a screen reader names it. */}
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit entries">
            <table className="table audit">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                {items.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    </td>
                    <td>
                      {e.user || <span className="muted">nobody signed in</span>}
                      {e.role && <span className="badge">{e.role}</span>}
                    </td>
                    <td>
                      <strong>{e.action}</strong> {e.kind} {e.target && <code>{e.target}</code>}
                      {e.detail && <span className="muted"> — {e.detail}</span>}
                    </td>
                    <td>{e.ip || <span className="muted">command line</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      {next && (
        <button type="button" className="btn btn-secondary list-more" onClick={() => void load(next)} disabled={loading}>
          {loading ? 'Loading...' : 'Show older entries'}
        </button>
      )}
    </>
  );
}
