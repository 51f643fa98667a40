import { api, getPage } from '../../../lib/api-client';

/** The kinds of mail the server sends, each from its own queue (docs/API.md, Mail). */
export type MailKind = 'reset' | 'enquiry' | 'invite' | 'review' | 'handback' | 'schedule';

export type MailStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed';

export interface MailJob {
  id: number;
  kind: MailKind | string;
  to: string;
  ref?: string;
  status: MailStatus;
  attempts: number;
  lastError?: string;
  createdAt: string;
  nextAttemptAt?: string;
  sentAt?: string;
  /** A sent mail that went to the outbox folder: the server has no mail server (no SMTP_URL). */
  outbox?: boolean;
}

export const MAIL_PAGE_SIZE = 100;

/** One page of the mail, newest first; cursor from the page before. */
export function mailPage(cursor: string | null = null) {
  const q = new URLSearchParams({ limit: String(MAIL_PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  return getPage<MailJob>(`/api/mail?${q}`);
}

export const retryMail = (id: number) => api.post<{ message: string; mail: MailJob }>(`/api/mail/${id}/retry`);

/** Mail that has not gone out although it was tried: the admin should know. */
export const needsAttention = (m: MailJob) => m.status === 'failed' || m.status === 'retrying';

/** Mail on its way: worth asking again soon. */
export const underWay = (m: MailJob) => m.status === 'queued' || m.status === 'sending';
