// Sending an enquiry to the form endpoint, with retries: a network error, a timeout or a 502,
// 503 or 504 (a restart, a deploy, a proxy without its server) is tried again with backoff for
// about 20 s; a 400 or a 429 is the server's answer and is shown at once, as is any other refusal.
// Every attempt carries the same body, id included, so a retry after a lost answer is stored once.
import { MESSAGES } from './enquiry';

/**
 * The server refused the enquiry; message is its own (SPEC's for what it did not explain).
 * confirm names the field that answers its question, when it asked one (the phone number's
 * check: send the number again in 'phoneChecked').
 */
export class Refused extends Error {
  constructor(message: string, readonly confirm = '') {
    super(message);
  }
}

/** Every attempt failed in a way the server never answered: the intake's turn. */
export class Unreachable extends Error {}

const RETRY_STATUS = new Set([502, 503, 504]);

// The server answered but could not keep the enquiry (an internal error, a full disk): asking it
// again is unlikely to help, and the intake bucket can hold it until the server drains it.
const NOT_KEPT_STATUS = new Set([500, 507]);

/** How long a send keeps trying before the intake's turn: about 20 s (issue 21). */
export const RETRY_WINDOW_MS = 20000;

// A browser test that stops the endpoint may shorten the window for its pages, so that fifty
// enquiries do not each wait 20 s before the intake: it sets window.enquiryRetryWindowMs before
// the page's script runs (Playwright's addInitScript; e2e/intake.test.mjs). The pauses between
// attempts are the same either way; only a shorter window is taken, and no visitor's page sets it.
function retryWindowMs(): number {
  const ms = (globalThis as { enquiryRetryWindowMs?: unknown }).enquiryRetryWindowMs;
  return typeof ms === 'number' && ms > 0 && ms < RETRY_WINDOW_MS ? ms : RETRY_WINDOW_MS;
}

export interface RetryOptions {
  deadlineMs?: number; // how long to keep trying (RETRY_WINDOW_MS, or the page's shorter window)
  attemptMs?: number;  // the timeout of one attempt
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function refusalOf(res: Response): Promise<Refused> {
  const data = (await res.json().catch(() => ({}))) as { error?: unknown; confirm?: unknown };
  return new Refused(typeof data.error === 'string' && data.error ? data.error : MESSAGES.failed,
    typeof data.confirm === 'string' ? data.confirm : '');
}

/** POSTs body to endpoint until the server answers; resolves with its message. */
export async function postEnquiry(endpoint: string, body: string, opts: RetryOptions = {}): Promise<string> {
  const { deadlineMs = retryWindowMs(), attemptMs = 6000, sleep = wait } = opts;
  const start = Date.now();
  let last = '';
  for (let attempt = 0; ; attempt++) {
    const left = deadlineMs - (Date.now() - start);
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), Math.max(1000, Math.min(attemptMs, left)));
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
        signal: ctl.signal,
      });
      if (res.ok) {
        const data = (await res.json().catch(() => ({}))) as { message?: unknown };
        return typeof data.message === 'string' && data.message ? data.message : MESSAGES.sentFallback;
      }
      // A 4xx says why in the server's words; a 500 is no fault of the visitor's: SPEC's words.
      if (res.status < 500) throw await refusalOf(res);
      if (NOT_KEPT_STATUS.has(res.status)) throw new Unreachable(`POST ${endpoint}: HTTP ${res.status}, not kept`);
      if (!RETRY_STATUS.has(res.status)) throw new Refused(MESSAGES.failed);
      last = `HTTP ${res.status}`;
    } catch (err) {
      if (err instanceof Refused || err instanceof Unreachable) throw err;
      last = String(err);
    } finally {
      clearTimeout(timer);
    }
    // 0.5 s, 1 s, 2 s, 4 s…: about six attempts in 20 s.
    const pause = Math.min(500 * 2 ** attempt, 5000);
    if (Date.now() - start + pause >= deadlineMs) throw new Unreachable(`POST ${endpoint}: ${last}`);
    await sleep(pause);
  }
}
