import { useCallback, useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { mailPage, needsAttention, retryMail, underWay, type MailJob } from '../api/mail';
import { Table } from '../../../components/Table';
import '../mail.css';

export const POLL_MS = 3000;

const KIND_TEXT: Record<string, string> = {
  reset: 'Password reset',
  enquiry: 'Enquiry notification',
  invite: 'Invitation',
  review: 'Review request',
  handback: 'Draft handed back',
  schedule: 'Scheduled change failed',
};
const STATUS_TEXT: Record<MailJob['status'], string> = {
  queued: 'Waiting',
  sending: 'Sending',
  retrying: 'Not sent yet',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_CLASS: Record<MailJob['status'], string> = {
  queued: 'queued',
  sending: 'running',
  retrying: 'failed',
  sent: 'ok',
  failed: 'failed',
};

/** What a mail is about, as far as its reference tells. */
function about(m: MailJob): string {
  if (!m.ref) return '';
  switch (m.kind) {
    case 'reset':
      return `for ${m.ref}`;
    case 'review':
    case 'handback':
      return m.ref;
    case 'schedule':
      return `schedule #${m.ref}`;
  }
  return '';
}

/** The newest page merged over what is shown: fresh rows replace theirs, older pages stay. */
function merge(fresh: MailJob[], shown: MailJob[]): MailJob[] {
  if (fresh.length === 0) return shown;
  const oldest = fresh[fresh.length - 1].id;
  return [...fresh, ...shown.filter((m) => m.id < oldest)];
}

/**
 * /admin/mail (admins): every e-mail the server decided to send (password resets, enquiry
 * notifications, invitations, review requests, failed schedules), how it went, and Retry for what
 * the mail server would not take.
 */
export function MailPage() {
  const [list, setList] = useState<{ items: MailJob[]; next: string | null } | null>(null);
  const items = list?.items ?? null;
  const next = list?.next ?? null;
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  // Mails retried from here, with their attempts then: followed until an attempt has been made.
  const [retried, setRetried] = useState<Record<number, number>>({});

  const refresh = useCallback(async () => {
    try {
      const page = await mailPage();
      // The first page again (a poll, Refresh): its rows are fresh, the pages loaded beyond it stay.
      setList((l) => (l === null ? page : { items: merge(page.items, l.items), next: l.next }));
      setFailed(false);
    } catch (err) {
      if (!isSessionError(err)) setFailed(true);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const moving = items?.some((m) => underWay(m) || (m.id in retried && m.attempts === retried[m.id] && m.status !== 'sent')) ?? false;
  useEffect(() => {
    if (!moving) return;
    const t = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(t);
  }, [moving, refresh]);

  const loadMore = async () => {
    if (!next) return;
    setMore(true);
    try {
      const page = await mailPage(next);
      setList((l) => {
        const shown = l?.items ?? [];
        return { items: [...shown, ...page.items.filter((m) => !shown.some((s) => s.id === m.id))], next: page.next };
      });
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to load more mail.'));
    } finally {
      setMore(false);
    }
  };

  const retry = async (m: MailJob) => {
    setBusy(m.id);
    try {
      const res = await retryMail(m.id);
      toast.success(res.message);
      setRetried((r) => ({ ...r, [m.id]: m.attempts }));
      setList((l) => l && { ...l, items: l.items.map((x) => (x.id === m.id ? res.mail : x)) });
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to retry the mail.'));
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const stuck = items?.filter(needsAttention).length ?? 0;
  const inOutbox = (m: MailJob) => m.status === 'sent' && Boolean(m.outbox);
  const toOutbox = items?.some(inOutbox) ?? false;

  return (
    <>
      <PageHeader
        title="Outgoing mail"
        intro="Every e-mail the server sends: password resets, enquiry notifications, invitations, review requests and failed schedules. Mail the mail server does not take is kept and tried again for hours; Retry sends it now."
      />
      <section className="card" aria-labelledby="mail-heading">
        <div className="card-header">
          <h2 id="mail-heading">
            Mail {stuck > 0 && <span className="count count-alert">{stuck} not sent</span>}
          </h2>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void refresh()}>
            <RefreshCw size={16} aria-hidden="true" /> Refresh
          </button>
        </div>
        {items === null && !failed && <Spinner />}
        {failed && (
          <p className="form-error" role="alert">
            Failed to load the mail. Please try again later.
          </p>
        )}
        {stuck > 0 && (
          <p className="notice notice-error" role="status">
            {stuck === 1 ? 'One e-mail has' : `${stuck} e-mails have`} not gone out: the mail server refused {stuck === 1 ? 'it' : 'them'} or could not be reached (the reason is given with each). Check the server's
            SMTP settings, then retry.
          </p>
        )}
        {toOutbox && (
          <p className="notice notice-error" role="status">
            No mail server is set up (SMTP_URL), so the mails below marked “In the outbox folder” reached nobody: the
            server wrote each to a file in its outbox folder instead. Set SMTP_URL and restart the server to send mail.
          </p>
        )}
        {items && items.length === 0 && <p className="muted empty">No mail sent yet.</p>}
        {items && items.length > 0 && (
          <Table
            rows={items}
            rowKey={(m) => String(m.id)}
            rowClass={(m) => (needsAttention(m) ? 'row-alert' : undefined)}
            columns={[
              {
                label: 'Mail',
                bare: true,
                cell: (m) => (
                  <>
                    {KIND_TEXT[m.kind] ?? m.kind}
                    {about(m) && <span className="muted"> · {about(m)}</span>}
                    <br />
                    <span className="muted">{formatDateTime(m.createdAt)}</span>
                  </>
                ),
              },
              { label: 'To', cell: (m) => m.to, className: 'break' },
              {
                label: 'Status',
                bare: true,
                cell: (m) => (
                  <>
                    <span className={`status status-${inOutbox(m) ? 'queued' : STATUS_CLASS[m.status]}`}>
                      {inOutbox(m) ? 'In the outbox folder' : STATUS_TEXT[m.status]}
                    </span>
                    {m.status === 'sent' && m.sentAt && <span className="muted"> {formatDateTime(m.sentAt)}</span>}
                    {m.lastError && m.status !== 'sent' && <span className="build-error">{m.lastError}</span>}
                    {m.status === 'retrying' && m.nextAttemptAt && <span className="muted"> Next try {formatDateTime(m.nextAttemptAt)}.</span>}
                    {m.status === 'failed' && <span className="muted"> Given up.</span>}
                  </>
                ),
              },
              { label: 'Attempts', cell: (m) => m.attempts },
            ]}
            actions={(m) =>
              needsAttention(m) && (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={busy === m.id}
                  onClick={() => void retry(m)}
                  aria-label={`Retry the ${(KIND_TEXT[m.kind] ?? m.kind).toLowerCase()} to ${m.to}`}
                >
                  <RefreshCw size={16} aria-hidden="true" /> {busy === m.id ? 'Retrying...' : 'Retry'}
                </button>
              )
            }
          />
        )}
        {next && items && (
          <div className="form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => void loadMore()} disabled={more}>
              {more ? 'Loading...' : 'Load more'}
            </button>
          </div>
        )}
      </section>
    </>
  );
}
