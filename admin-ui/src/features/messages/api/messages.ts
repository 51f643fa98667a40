import { api, getPage } from '../../../lib/api-client';
import type { Attribution, Outcome } from '../../leads/api/leads';

export type Status = 'new' | 'replied' | 'archived' | 'spam';
/** The inbox's folders: every status but spam (""), or one status. */
export type Folder = '' | Status;

export interface Message {
  _id: string;
  name: string;
  email: string;
  phone: string;        // as typed
  phoneE164?: string;   // the same in E.164 when it is a valid number ("+919811045672")
  country?: string;     // the country it was read in ("IN")
  via?: string;         // "intake": it came through the intake bucket while the server was down
  message: string;
  source?: string;
  createdAt: string;
  status: Status;
  note?: string;
  spamReason?: string;
  statusBy?: string;
  statusAt?: string;
  attribution?: Attribution;
  outcome?: Outcome;
}

/** The inbox's filters by the visit that sent the enquiry ("" any). */
export interface SourceFilter {
  channel: string;
  campaign: string;
}

export type Counts = Record<Status | 'all', number>;

export const PAGE_SIZE = 50;

function query(folder: Folder, text: string, extra: Record<string, string> = {}, source?: SourceFilter) {
  const q = new URLSearchParams(extra);
  if (folder) q.set('status', folder);
  if (text.trim()) q.set('q', text.trim());
  if (source?.channel) q.set('channel', source.channel);
  if (source?.campaign) q.set('campaign', source.campaign);
  return q;
}

export function messagePage(folder: Folder, text: string, cursor: string | null, signal?: AbortSignal, source?: SourceFilter) {
  const q = query(folder, text, { limit: String(PAGE_SIZE) }, source);
  if (cursor) q.set('cursor', cursor);
  return getPage<Message>(`/popups?${q}`, { signal });
}

export const messageCounts = () => api.get<Counts>('/popups/counts');

export const changeMessage = (id: string, change: { status?: Status; note?: string }) =>
  api.patch<{ message: string; enquiry: Message }>(`/popups/${encodeURIComponent(id)}`, change);

export const eraseMessage = (id: string) => api.del<{ message: string }>(`/popups/${encodeURIComponent(id)}`);

export function downloadMessagesCsv(folder: Folder = '', text = '', source?: SourceFilter) {
  const q = query(folder, text, {}, source).toString();
  return api.get<Blob>(`/popups.csv${q ? `?${q}` : ''}`, { as: 'blob' });
}

/** A mailto: link naming exactly the stored address: both halves are percent-encoded, so no
 *  ?, & or , in an address (stored before the server refused them) can add a recipient or a body. */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

/**
 * A mailto: link that opens a reply to the visitor: the address as mailtoHref makes it, and a
 * subject and greeting percent-encoded, so nothing the visitor wrote can add a recipient or a
 * header.
 */
export function replyLink(m: Pick<Message, 'email' | 'name'>, site = 'Digital Reeviver'): string {
  const subject = `Re: your enquiry to ${site}`;
  const body = `Dear ${m.name},\n\nThank you for your enquiry.\n\n`;
  return `${mailtoHref(m.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The window event the inbox sends when it changed an enquiry, so the count beside the menu follows. */
export const ENQUIRIES_CHANGED = 'enquiries-changed';

/** Where new enquiries are mailed: NOTIFY_EMAIL ('' for none), and whether a mail server sends it. */
export interface NotifyInfo { to: string; mailServer: boolean }
export const notifyInfo = () => api.get<NotifyInfo>('/popups/notify');
