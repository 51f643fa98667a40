import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Archive, Download, Inbox, Mail, MailCheck, Phone, RotateCcw, Search, ShieldAlert, StickyNote, Trash2 } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-blob';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import {
  ENQUIRIES_CHANGED,
  changeMessage,
  notifyInfo,
  downloadMessagesCsv,
  eraseMessage,
  messageCounts,
  messagePage,
  replyLink,
  type Counts,
  type Folder,
  type Message,
  type Status,
} from '../api/messages';
import { AdsExport } from '../../leads/components/AdsExport';
import { EnquirySource } from '../../leads/components/EnquirySource';
import { OutcomeControl } from '../../leads/components/OutcomeControl';
import { SourceFilters } from '../../leads/components/SourceFilters';
import '../messages.css';

const FOLDERS: { folder: Folder; label: string; count: keyof Counts | null }[] = [
  { folder: '', label: 'Inbox', count: null },
  { folder: 'new', label: 'New', count: 'new' },
  { folder: 'replied', label: 'Replied', count: 'replied' },
  { folder: 'archived', label: 'Archived', count: 'archived' },
  { folder: 'spam', label: 'Spam', count: 'spam' },
];

const STATUS_LABEL: Record<Status, string> = { new: 'New', replied: 'Replied', archived: 'Archived', spam: 'Spam' };

export const ERASE_QUESTION =
  'Erase this enquiry everywhere it is kept (the inbox, the e-mail copies on this server and its webhook deliveries)? This cannot be undone.';

const SEARCH_DELAY_MS = 300;

/** The page's query with the channel and campaign filters set (or cleared). */
function withSource(params: URLSearchParams, f: { channel: string; campaign: string }) {
  const p = new URLSearchParams(params);
  for (const k of ['channel', 'campaign'] as const) {
    if (f[k]) p.set(k, f[k]);
    else p.delete(k);
  }
  return p;
}

function inFolder(folder: Folder, status: Status) {
  return folder === '' ? status !== 'spam' : folder === status;
}

/** /admin/enquiries: the enquiry inbox (admins). A page at a time, newest first, however many there are. */
export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const folder = (params.get('status') ?? '') as Folder;
  const query = params.get('q') ?? '';
  const channel = params.get('channel') ?? '';
  const campaign = params.get('campaign') ?? '';
  const source = useMemo(() => ({ channel, campaign }), [channel, campaign]);
  const filtered = channel !== '' || campaign !== '';
  const [typed, setTyped] = useState(query);
  const [items, setItems] = useState<Message[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [downloading, setDownloading] = useState(false);
  const seq = useRef(0);

  const setFilter = useCallback(
    (f: Folder, q: string) => {
      const p = new URLSearchParams();
      if (f) p.set('status', f);
      if (q.trim()) p.set('q', q.trim());
      if (source.channel) p.set('channel', source.channel);
      if (source.campaign) p.set('campaign', source.campaign);
      setParams(p, { replace: true });
    },
    [setParams, source],
  );

  // Moves with every change to an enquiry here, so the channel and campaign counts follow.
  const [changes, setChanges] = useState(0);
  const loadCounts = useCallback(() => {
    messageCounts()
      .then(setCounts)
      .catch(() => undefined);
  }, []);
  const changed = () => {
    loadCounts();
    setChanges((n) => n + 1);
    window.dispatchEvent(new Event(ENQUIRIES_CHANGED));
  };

  const load = useCallback(
    async (cursor: string | null) => {
      const mine = ++seq.current;
      setLoading(true);
      setFailed(false);
      try {
        const page = await messagePage(folder, query, cursor, undefined, source);
        if (mine !== seq.current) return;
        setItems((prev) => (cursor && prev ? [...prev, ...page.items] : page.items));
        setNext(page.next);
      } catch (err) {
        if (mine !== seq.current) return;
        if (!isSessionError(err)) setFailed(true);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [folder, query, source],
  );

  useEffect(() => {
    setItems(null);
    void load(null);
  }, [load]);
  useEffect(loadCounts, [loadCounts]);

  // The search follows the typing after a short pause.
  useEffect(() => {
    if (typed.trim() === query) return;
    const t = setTimeout(() => setFilter(folder, typed), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed, query, folder, setFilter]);

  const replace = (m: Message) => {
    setItems((list) => (list ?? []).flatMap((x) => (x._id !== m._id ? [x] : inFolder(folder, m.status) ? [m] : [])));
    changed();
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadMessagesCsv(folder, query, source), `enquiries-${folder || 'inbox'}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to download the CSV file.'));
    } finally {
      setDownloading(false);
    }
  };

  const total = counts ? (folder === '' ? counts.all - counts.spam : counts[folder]) : null;

  return (
    <>
      <PageHeader
        title="Enquiries"
        intro="Everything sent through the contact form and the popup. Mark what you handled; spam waits 30 days in its folder."
        actions={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => void download()} disabled={downloading}>
              <Download size={18} aria-hidden="true" /> {downloading ? 'Downloading...' : 'Download CSV'}
            </button>
            <AdsExport />
          </>
        }
      />
      <NotifyLine />
      <div className="card inbox-tools">
        <div className="folders" role="group" aria-label="Folders">
          {FOLDERS.map((f) => {
            const n = counts ? (f.count ? counts[f.count] : counts.all - counts.spam) : undefined;
            return (
              <button
                key={f.label}
                type="button"
                className={`folder${folder === f.folder ? ' active' : ''}`}
                aria-pressed={folder === f.folder}
                onClick={() => setFilter(f.folder, typed)}
              >
                {f.label}
                {n !== undefined && (
                  <>
                    {' '}
                    <span className="count">{n}</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
        <div className="list-search inbox-search">
          <label htmlFor="inbox-search" className="sr-only">
            Search enquiries
          </label>
          <Search size={16} aria-hidden="true" />
          <input
            id="inbox-search"
            type="search"
            placeholder="Search name, e-mail, phone or message"
            value={typed}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <SourceFilters channel={channel} campaign={campaign} changes={changes}
          onChange={(f) => setParams(withSource(params, f), { replace: true })} />
      </div>

      {failed && (
        <p className="card form-error" role="alert">
          Failed to load enquiries. Please try again later.
        </p>
      )}
      {items === null && loading && <Spinner />}
      {items && items.length === 0 && !loading && (
        <p className="card muted empty">{query ? `No enquiry matches “${query}”.` : folder === 'spam' ? 'The spam folder is empty.' : 'No enquiries here.'}</p>
      )}
      {items && items.length > 0 && (
        <>
          <p className="muted inbox-summary" aria-live="polite">
            Showing {items.length}
            {total !== null && !query && !filtered ? ` of ${total}` : ''}
            {query ? ` matching “${query}”` : ''}
            {filtered ? ' from the chosen channel and campaign' : ''}
          </p>
          <ul className="inbox">
            {items.map((m) => (
              <EnquiryCard key={m._id} m={m} onChanged={replace} onErased={(id) => {
                setItems((list) => (list ?? []).filter((x) => x._id !== id));
                changed();
              }} />
            ))}
          </ul>
        </>
      )}
      {next && (
        <button type="button" className="btn btn-secondary list-more" onClick={() => void load(next)} disabled={loading}>
          {loading ? 'Loading...' : 'Show older enquiries'}
        </button>
      )}
    </>
  );
}

/**
 * Where a new enquiry is mailed, so an owner knows whether a lead can reach them anywhere but
 * this screen: the address, or that none is set, or that no mail server sends it.
 */
function NotifyLine() {
  const { data } = useLoad(notifyInfo, []);
  if (!data) return null;
  if (!data.to) {
    return <p className="notice notice-error inbox-notify" role="status">New enquiries are not e-mailed to anyone: no address is set (NOTIFY_EMAIL on the server). Check this screen for them.</p>;
  }
  if (!data.mailServer) {
    return (
      <p className="notice notice-error inbox-notify" role="status">
        New enquiries would be e-mailed to {data.to}, but no mail server is set up (SMTP_URL), so nobody receives them: check this screen.
      </p>
    );
  }
  return <p className="muted inbox-notify">Each new enquiry is also e-mailed to {data.to}.</p>;
}

function EnquiryCard({ m, onChanged, onErased }: { m: Message; onChanged: (m: Message) => void; onErased: (id: string) => void }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState(m.note ?? '');

  const change = async (c: { status?: Status; note?: string }, done: string) => {
    setBusy(true);
    try {
      const res = await changeMessage(m._id, c);
      toast.success(done);
      setNoting(false);
      onChanged(res.enquiry);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to update the enquiry.'));
    } finally {
      setBusy(false);
    }
  };

  const erase = async () => {
    const ok = await confirm({ title: 'Erase enquiry', message: ERASE_QUESTION, confirmLabel: 'Erase', danger: true });
    if (!ok) return;
    setBusy(true);
    try {
      await eraseMessage(m._id);
      toast.success('Enquiry erased.');
      onErased(m._id);
    } catch (err) {
      setBusy(false);
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to erase the enquiry.'));
    }
  };

  const headingId = `enquiry-${m._id}`;
  return (
    <li className={`card inbox-item inbox-${m.status}`} aria-labelledby={headingId}>
      <div className="enquiry-head">
        <h2 id={headingId} className="enquiry-name">
          {m.name}
        </h2>
        <span className={`status-badge status-badge-${m.status}`}>{STATUS_LABEL[m.status] ?? m.status}</span>
        {m.via === 'intake' && (
          <span className="status-badge status-badge-archived" title="Sent while the form server was down; taken in from the intake bucket">
            via intake
          </span>
        )}
        <time dateTime={m.createdAt} className="muted">
          {formatDateTime(m.createdAt)}
        </time>
      </div>
      <div className="enquiry-contacts">
        {m.email && (
          <a href={replyLink(m)}>
            <Mail size={15} aria-hidden="true" /> {m.email}
          </a>
        )}
        {m.phone && (
          // The E.164 form dials the right country; what was typed is shown as typed.
          <a href={`tel:${m.phoneE164 || m.phone.replace(/[^\d+]/g, '')}`}>
            <Phone size={15} aria-hidden="true" /> {m.phone}
            {m.phoneE164 && m.phoneE164 !== m.phone.replace(/[^\d+]/g, '') && <span className="muted"> ({m.phoneE164})</span>}
          </a>
        )}
      </div>
      {m.message && <p className="enquiry-message">{m.message}</p>}
      <EnquirySource a={m.attribution} />
      <OutcomeControl m={m} onChanged={onChanged} />
      {m.status === 'spam' && m.spamReason && <p className="muted">Taken for spam: {m.spamReason}.</p>}
      {m.note && !noting && (
        <p className="enquiry-note">
          <StickyNote size={15} aria-hidden="true" /> {m.note}
          {m.statusBy && <span className="muted"> — {m.statusBy}</span>}
        </p>
      )}
      {noting && (
        <div className="field">
          <label htmlFor={`${headingId}-note`}>Note</label>
          <textarea id={`${headingId}-note`} rows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
          <div className="form-actions">
            <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => void change({ note }, 'Note saved.')}>
              {busy ? 'Saving...' : 'Save note'}
            </button>
            <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => setNoting(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <div className="enquiry-actions">
        {m.email && (
          <a className="btn btn-secondary btn-small" href={replyLink(m)}>
            <Mail size={16} aria-hidden="true" /> Reply by e-mail
          </a>
        )}
        {m.status !== 'replied' && m.status !== 'spam' && (
          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void change({ status: 'replied' }, 'Marked as replied.')}>
            <MailCheck size={16} aria-hidden="true" /> Mark replied
          </button>
        )}
        {m.status !== 'archived' && m.status !== 'spam' && (
          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void change({ status: 'archived' }, 'Archived.')}>
            <Archive size={16} aria-hidden="true" /> Archive
          </button>
        )}
        {m.status !== 'new' && (
          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void change({ status: 'new' }, m.status === 'spam' ? 'Moved to the inbox.' : 'Marked as new.')}>
            {m.status === 'spam' ? <Inbox size={16} aria-hidden="true" /> : <RotateCcw size={16} aria-hidden="true" />}{' '}
            {m.status === 'spam' ? 'Not spam' : 'Mark new'}
          </button>
        )}
        {m.status !== 'spam' && (
          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void change({ status: 'spam' }, 'Moved to spam.')}>
            <ShieldAlert size={16} aria-hidden="true" /> Spam
          </button>
        )}
        {!noting && (
          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => { setNote(m.note ?? ''); setNoting(true); }}>
            <StickyNote size={16} aria-hidden="true" /> {m.note ? 'Edit note' : 'Add note'}
          </button>
        )}
        <button type="button" className="btn btn-danger-outline btn-small" disabled={busy} onClick={() => void erase()} aria-label={`Erase the enquiry of ${m.name}`}>
          <Trash2 size={16} aria-hidden="true" /> Erase
        </button>
      </div>
    </li>
  );
}
