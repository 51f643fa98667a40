// The visit's code (lib/attribution.ts) is loaded once the page's load event has run and the
// browser is then idle. This module is the only door to it, and is itself fetched on demand
// after the load (lib/afterLoad.ts): by the popup's island, on every page, which sends the page
// view's beacon (ContactPopup.tsx), and by the forms' line and box (AttributionNotice.tsx), or
// at once when a form is sent.
import { afterLoadIdle } from './afterLoad';

export type Attribution = typeof import('./attribution');

let visitCode: Promise<Attribution> | null = null;
let scheduled: Promise<Attribution> | null = null;

/** The visit's code, fetched now (once a page; a failed download is tried again next time). */
export function visitNow(): Promise<Attribution> {
  return (visitCode ??= import('./attribution').catch((err) => {
    visitCode = null;
    throw err;
  }));
}

/**
 * The visit's code (lib/attribution.ts), loaded once the page's load event has run and then the
 * browser is idle, so it costs nothing before the page is interactive. Once a page, whoever asks
 * (the popup's island, on every page, which sends the page view's beacon with it; the forms). A
 * send does not wait for the idle: it takes visitNow().
 */
export function loadVisit(): Promise<Attribution> {
  return (scheduled ??= afterLoadIdle().then(visitNow).catch((err) => {
    scheduled = null; // a later ask tries the download again
    throw err;
  }));
}
