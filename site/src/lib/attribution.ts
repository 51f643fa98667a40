// Where the visit came from, kept for this visit only (sessionStorage: this tab, until it is
// closed; never a cookie, never across visits) and sent with an enquiry. Only a visit from
// another site or with campaign parameters keeps anything: a direct visit keeps nothing. A later
// visit in the same tab replaces the earlier one (the visit that sends the enquiry counts, not
// the first). A browser sending Global Privacy Control or Do Not Track keeps and sends nothing.
// The server validates every field again (internal/domain ReadAttribution).

export type AttributionMode = 'notice' | 'consent' | 'off';

/** What the page keeps of the visit. */
export interface Visit {
  landing: string;
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  fbclid?: string;
  msclkid?: string;
}

export const VISIT_KEY = 'dr:visit';
/** Marks that this tab's visit began (no data), so the next page is not a new visit. */
export const STARTED_KEY = 'dr:visit-started';

const CAMPAIGN = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'] as const;
/** The server's bounds (internal/domain): longer values would be dropped there anyway. */
const MAX_VALUE = 100;
const MAX_CLICK_ID = 200;

/** Whether the browser asks not to be tracked (Global Privacy Control or Do Not Track). */
export function privacySignal(nav: Navigator = navigator): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  return n.globalPrivacyControl === true || n.doNotTrack === '1' || n.msDoNotTrack === '1';
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused: nothing is kept
  }
}

/** The visit kept for this tab, if any. */
export function keptVisit(): Visit | null {
  try {
    const v = JSON.parse(storage()?.getItem(VISIT_KEY) ?? 'null') as Visit | null;
    return v && typeof v.landing === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** What capture() found of this page view: whether it began a visit, and that visit. */
export interface PageView {
  entry: boolean;
  visit: Visit | null;
}

let captured: PageView | null = null;

/**
 * Notes this page view once per page: a view from another site, with campaign parameters, or
 * typed in (no referrer, a fresh navigation) begins a visit; the first two are kept, the third
 * forgets what an earlier visit in this tab kept. A view from the site's own pages, a reload or
 * going back continues the visit.
 */
export function capture(loc: Location = window.location, referrer = document.referrer): PageView {
  if (captured) return captured;
  const store = storage();
  const params = new URLSearchParams(loc.search);
  let from = '';
  try {
    from = referrer ? new URL(referrer).hostname.toLowerCase() : '';
  } catch {
    from = '';
  }
  const external = from !== '' && from !== loc.hostname.toLowerCase();
  const tagged = [...CAMPAIGN, ...CLICK_IDS].some((k) => params.get(k));
  const nav = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  const typed = from === '' && (nav === undefined || nav === 'navigate');
  const entry = external || tagged || !store?.getItem(STARTED_KEY) || typed;
  if (entry) {
    const visit: Visit = { landing: loc.pathname };
    if (external) visit.referrer = from;
    for (const k of CAMPAIGN) {
      const v = params.get(k)?.trim();
      if (v) visit[k] = v.slice(0, MAX_VALUE);
    }
    for (const k of CLICK_IDS) {
      const v = params.get(k);
      if (v && v.length <= MAX_CLICK_ID) visit[k] = v;
    }
    try {
      store?.setItem(STARTED_KEY, '1');
      if (external || tagged) store?.setItem(VISIT_KEY, JSON.stringify(visit));
      else store?.removeItem(VISIT_KEY);
    } catch {
      /* storage full or refused: this page still sends its view */
    }
    captured = { entry, visit: external || tagged ? visit : null };
  } else {
    captured = { entry, visit: keptVisit() };
  }
  return captured;
}

/** For tests: forget this page's capture. */
export function resetCapture(): void {
  captured = null;
}

/**
 * The fields an enquiry carries under the site's setting: the page the form is on and what the
 * visit kept. With consent, the ad click ids only when the visitor ticked the box. Nothing with
 * the setting off or when the browser asks not to be tracked.
 */
export function attributionFields(mode: AttributionMode, consent = false): Record<string, string> {
  if (mode === 'off' || privacySignal()) return {};
  const { visit } = capture();
  const out: Record<string, string> = { page: window.location.pathname };
  if (!visit) return out;
  const mayClick = mode === 'notice' || consent;
  for (const [k, v] of Object.entries(visit)) {
    if (v && (mayClick || !(CLICK_IDS as readonly string[]).includes(k))) out[k] = v;
  }
  if (mode === 'consent' && consent) out.adConsent = 'true';
  return out;
}
