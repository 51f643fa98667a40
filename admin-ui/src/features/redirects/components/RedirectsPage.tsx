import { useState, type FormEvent } from 'react';
import { ArrowRight, Trash2 } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useConfirm } from '../../../components/ConfirmDialog';
import { Field } from '../../../components/Field';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { addRedirect, listRedirects, removeRedirect, type Redirect } from '../api/redirects';
import '../redirects.css';

const STATUS: Record<Redirect['status'], { label: string; hint: string }> = {
  live: { label: 'Live', hint: 'Visitors and search engines are sent on.' },
  pending: { label: 'Waiting', hint: 'Live after the next site build.' },
  hidden: { label: 'Hidden', hint: 'A page of the site is at the old address, so it is shown instead.' },
  broken: { label: 'Leads nowhere', hint: 'The new address is no page of the site (deleted?). Not served until it is.' },
};

function origin(r: Redirect): string {
  if (r.kind) return `${r.kind.charAt(0).toUpperCase()}${r.kind.slice(1)} address changed`;
  return r.createdBy ? `Added by ${r.createdBy}` : 'Added by hand';
}

/** /admin/redirects: the old addresses that lead to new ones, made when a published item's slug changes or by hand. */
export function RedirectsPage() {
  const confirm = useConfirm();
  const { data, error, loading, reload } = useLoad(listRedirects, []);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [failure, setFailure] = useState('');
  const [adding, setAdding] = useState(false);

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    if (!from.trim() || !to.trim()) {
      setFailure('Enter both addresses, such as /old-page/ and /blog/new-post/.');
      return;
    }
    setAdding(true);
    try {
      const res = await addRedirect(from.trim(), to.trim());
      toast.success(res.message);
      setFrom('');
      setTo('');
      await reload();
    } catch (err) {
      if (!isSessionError(err)) setFailure(errorMessage(err, 'Failed to save the redirect.'));
    } finally {
      setAdding(false);
    }
  };

  const onRemove = async (r: Redirect) => {
    const ok = await confirm({ title: 'Remove redirect', message: `Are you sure you want to remove the redirect from ${r.from}? Visitors of that address will get “page not found”.`, confirmLabel: 'Remove', danger: true });
    if (!ok) return;
    try {
      const res = await removeRedirect(r.from);
      toast.success(res.message);
      await reload();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to remove the redirect.'));
    }
  };

  return (
    <>
      <PageHeader title="Redirects" intro="When a published post or service gets a new address, its old one keeps working: visitors and search engines are sent on for good (301)." />
      <section className="card" aria-labelledby="add-redirect">
        <h2 id="add-redirect">Add a redirect</h2>
        <form className="redirect-form" onSubmit={(e) => void onAdd(e)} noValidate>
          <Field label="Old address" hint="A path of this site, such as /old-page/">
            {({ id, describedBy }) => <input id={id} value={from} onChange={(e) => setFrom(e.target.value)} aria-describedby={describedBy} placeholder="/old-page/" />}
          </Field>
          <Field label="New address" hint="Where it leads, such as /blog/new-post/">
            {({ id, describedBy }) => <input id={id} value={to} onChange={(e) => setTo(e.target.value)} aria-describedby={describedBy} placeholder="/blog/new-post/" />}
          </Field>
          <button type="submit" className="btn btn-primary" disabled={adding}>{adding ? 'Saving...' : 'Add redirect'}</button>
        </form>
        {failure && <p className="form-error" role="alert">{failure}</p>}
      </section>
      <section className="card" aria-labelledby="redirects-heading">
        <div className="card-header">
          <h2 id="redirects-heading">Redirects {data && <span className="count">{data.length}</span>}</h2>
        </div>
        {loading && !data && <Spinner />}
        {Boolean(error) && <p className="form-error" role="alert">Failed to load the redirects.</p>}
        {data && data.length === 0 && <p className="muted empty">No redirects yet. Changing a published item's slug makes one.</p>}
        {data && data.length > 0 && (
          <ul className="redirects">
            {data.map((r) => (
              <li key={r.from} className="redirect">
                <div className="redirect-paths">
                  <code>{r.from}</code>
                  <ArrowRight size={16} aria-label="leads to" />
                  <a href={r.to} target="_blank" rel="noopener noreferrer"><code>{r.to}</code></a>
                </div>
                <div className="redirect-meta">
                  <span className={`status status-redirect-${r.status}`} title={STATUS[r.status]?.hint}>{STATUS[r.status]?.label ?? r.status}</span>
                  <span className="muted">{origin(r)} · {formatDate(r.createdAt)}</span>
                  <span className="sr-only">{STATUS[r.status]?.hint}</span>
                </div>
                <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void onRemove(r)}>
                  <Trash2 size={16} aria-hidden="true" /> Remove<span className="sr-only"> the redirect from {r.from}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
