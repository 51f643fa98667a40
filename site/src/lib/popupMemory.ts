// Whether the home page may open the Contact Us popup by itself. Closing the popup, or sending an
// enquiry (popup or contact page), keeps it from opening by itself for a while on this browser. Kept
// in localStorage: nothing leaves the browser and no cookie is set. The buttons always open it.

export const POPUP_MEMORY_KEY = 'digitalreeviver:contact-popup';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the popup stays shut after the visitor closed it. */
export const QUIET_AFTER_CLOSE_MS = 7 * DAY_MS;
/** How long after an enquiry was sent: the visitor is already talking to us. */
export const QUIET_AFTER_SEND_MS = 30 * DAY_MS;

type Reason = 'closed' | 'sent';
interface Memory { reason: Reason; until: number }

// Where storage is refused (some private modes, storage turned off) the page still remembers.
let inPage: Memory | null = null;

function read(): Memory | null {
  try {
    const raw = window.localStorage.getItem(POPUP_MEMORY_KEY);
    if (!raw) return inPage;
    const m = JSON.parse(raw) as Partial<Memory>;
    return typeof m?.until === 'number' && (m.reason === 'closed' || m.reason === 'sent') ? (m as Memory) : inPage;
  } catch {
    return inPage;
  }
}

/** Records a close or a send; a later close never shortens the quiet time a send started. */
export function rememberPopup(reason: Reason, now = Date.now()): void {
  const until = now + (reason === 'sent' ? QUIET_AFTER_SEND_MS : QUIET_AFTER_CLOSE_MS);
  const before = read();
  const next: Memory = before && before.until > until ? before : { reason, until };
  inPage = next;
  try {
    window.localStorage.setItem(POPUP_MEMORY_KEY, JSON.stringify(next));
  } catch {
    // kept in the page only
  }
}

/** True while the popup should not open by itself. */
export function popupIsQuiet(now = Date.now()): boolean {
  const m = read();
  // A date far in the future (a clock set wrong when it was stored) counts as expired.
  return !!m && m.until > now && m.until - now <= QUIET_AFTER_SEND_MS;
}

/** Forgets everything (tests). */
export function forgetPopup(): void {
  inPage = null;
  try {
    window.localStorage.removeItem(POPUP_MEMORY_KEY);
  } catch {
    // nothing stored
  }
}
