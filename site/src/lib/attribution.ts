// Where the visit came from, kept for this visit only (sessionStorage: this tab, until it is
// closed; never a cookie, never across visits) and sent with an enquiry. Only a visit from
// another site or with campaign parameters keeps anything. A later such visit in the same tab
// replaces the earlier one (the last one that brought the visitor counts, not the first); a
// direct one (typed in, a bookmark) does not: the enquiry stays with the ad or the site that
// brought the visitor in this tab, as Google Analytics credits the last non-direct click. The
// direct visit is still counted as one, and as direct. A browser sending Global Privacy Control
// or Do Not Track keeps and sends nothing.
// The server checks every field again (internal/domain ReadAttribution). It also sends the page
// view's beacon (sendPageView). Loaded after the page is interactive, so it is kept small.

export type AttributionMode = 'notice' | 'consent' | 'off';

/** What the page keeps of the visit: landing, referrer, the utm_ values and click ids present. */
export type Visit = Record<string, string>;

export const VISIT_KEY = 'dr:visit';
/** Marks that this tab's visit began (no data), so the next page is not a new visit. */
export const STARTED_KEY = 'dr:visit-started';

const TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
export const CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'];

/** Whether the browser asks not to be tracked (Global Privacy Control or Do Not Track). */
export const privacySignal = (n: Navigator = navigator) =>
  (n as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true || n.doNotTrack === '1';

// Storage refused (a private mode, a setting) or full keeps nothing and breaks nothing.
function store(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

function save(k: string, v: string | null) {
  try {
    if (v === null) store()?.removeItem(k);
    else store()?.setItem(k, v);
  } catch {
    /* nothing kept */
  }
}

/** The visit kept for this tab, if any. */
export function keptVisit(): Visit | null {
  try {
    return JSON.parse(store()?.getItem(VISIT_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * What capture() found of this page view: whether it began a visit, where that visit came from
 * (null for a direct one), and what an enquiry sent from it carries (the last non-direct visit
 * of this tab).
 */
export interface PageView {
  entry: boolean;
  visit: Visit | null;
  carried: Visit | null;
}

let captured: PageView | null = null;
let viewSent = false;

/**
 * Notes this page view, once per page: a view from another site, with campaign parameters, or
 * typed in (no referrer, a fresh navigation) begins a visit; the first two are kept (replacing
 * what an earlier visit in this tab kept), the third keeps nothing and leaves that as it was. A
 * view from the site's own pages, a reload or going back continues the visit.
 */
export function capture(loc: Location = location, referrer = document.referrer): PageView {
  if (captured) return captured;
  let from = '';
  try {
    from = new URL(referrer).hostname;
  } catch {
    /* no referrer */
  }
  const params = new URLSearchParams(loc.search);
  const visit: Visit = { landing: loc.pathname };
  if (from && from !== loc.hostname) visit.referrer = from;
  // The server's bounds: longer values would be dropped there anyway.
  for (const k of TAGS) {
    const v = params.get(k)?.trim();
    if (v) visit[k] = v.slice(0, 100);
  }
  for (const k of CLICK_IDS) {
    const v = params.get(k);
    if (v && v.length <= 200) visit[k] = v;
  }
  const kept = Object.keys(visit).length > 1;
  const nav = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const entry = kept || !store()?.getItem(STARTED_KEY) || (!from && (!nav || nav === 'navigate'));
  if (entry) save(STARTED_KEY, '1');
  if (kept) save(VISIT_KEY, JSON.stringify(visit));
  const carried = kept ? visit : keptVisit();
  return (captured = { entry, visit: entry ? (kept ? visit : null) : carried, carried });
}

/** For tests: forget this page's capture and beacon. */
export function resetCapture(): void {
  captured = null;
  viewSent = false;
}

/**
 * The fields an enquiry carries under the site's setting: the page the form is on and what the
 * visit kept. With consent, the ad click ids only when the visitor ticked the box. Nothing with
 * the setting off or when the browser asks not to be tracked.
 */
export function attributionFields(mode: AttributionMode, consent = false): Record<string, string> {
  if (mode === 'off' || privacySignal()) return {};
  const out: Visit = { ...capture().carried, page: location.pathname };
  if (mode === 'consent') {
    if (consent) out.adConsent = 'true';
    else for (const k of CLICK_IDS) delete out[k];
  }
  return out;
}

/** The beacon's address (data-beacon), or '' when nothing may be sent (no beacon, GPC/DNT). */
function beaconURL(): string {
  const url = document.querySelector<HTMLElement>('[data-beacon]')?.dataset.beacon;
  return url && !privacySignal() && typeof navigator.sendBeacon === 'function' ? url : '';
}

/** What a link starts when tapped: a call (tel:), a WhatsApp chat, or nothing we count. */
export function tapOf(a: Element): 'call' | 'chat' | '' {
  const href = a.getAttribute('href') ?? '';
  if (href.startsWith('tel:')) return 'call';
  if (/^https:\/\/(wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\//.test(href)) return 'chat';
  return '';
}

let tapsWatched = false;

/**
 * Counts the taps on the page's call and WhatsApp links (the floating buttons, the landing
 * pages' Call button, the footer's number…): a beacon with the path and t=call or t=chat, which
 * the server counts on the visit, so the Traffic screen says which pages and campaigns bring
 * the leads that call instead of writing. Nothing under GPC/DNT or with the setting off.
 */
export function watchTaps(): void {
  if (tapsWatched) return;
  tapsWatched = true;
  document.addEventListener('click', (e) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    const tap = link ? tapOf(link) : '';
    const url = tap ? beaconURL() : '';
    if (url) navigator.sendBeacon(url, new URLSearchParams({ p: location.pathname, t: tap }));
  }, true);
}

/**
 * The page's beacon: one small POST a page view to the form endpoint's server (the address the
 * page names in data-beacon), for the first-party visitor counts. It carries the path and, for
 * the first page of a visit, where the visit came from; never a click id (only whether there
 * was one), nothing about the visitor. Nothing is sent when the browser asks not to be tracked
 * or the site's setting is off (no data-beacon). Once a page, however many forms ask. The keys
 * are internal/api handleBeacon's.
 */
export function sendPageView(): void {
  if (viewSent) return;
  viewSent = true;
  const url = beaconURL();
  if (!url) return;
  const { entry, visit: v } = capture();
  const body = new URLSearchParams({ p: location.pathname });
  if (entry) {
    body.set('e', '1');
    const short: Record<string, string> = { referrer: 'r', utm_source: 's', utm_medium: 'm', utm_campaign: 'c' };
    for (const k in short) if (v?.[k]) body.set(short[k], v[k]);
    if (v?.gclid || v?.gbraid || v?.wbraid || v?.msclkid) body.set('a', '1');
    if (v?.fbclid) body.set('f', '1');
  }
  navigator.sendBeacon(url, body);
}
