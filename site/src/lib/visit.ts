// The page's beacon: one small POST a page view to the form endpoint's server (the address the
// page names in data-beacon), after the page is interactive, for the first-party visitor
// counts. It carries the path and, for the first page of a visit, where the visit came from;
// never a click id (only whether there was one), never anything about the visitor. Nothing is
// sent when the browser asks not to be tracked or the site's setting is off (no data-beacon).
import { capture, privacySignal } from './attribution';

export function sendPageView(): void {
  const url = document.querySelector<HTMLElement>('[data-beacon]')?.dataset.beacon;
  if (!url || privacySignal() || typeof navigator.sendBeacon !== 'function') return;
  const { entry, visit } = capture();
  const body = new URLSearchParams({ p: location.pathname });
  if (entry) {
    body.set('e', '1');
    if (visit?.referrer) body.set('r', visit.referrer);
    if (visit?.utm_source) body.set('s', visit.utm_source);
    if (visit?.utm_medium) body.set('m', visit.utm_medium);
    if (visit?.utm_campaign) body.set('c', visit.utm_campaign);
    if (visit?.gclid || visit?.gbraid || visit?.wbraid || visit?.msclkid) body.set('a', '1');
    if (visit?.fbclid) body.set('f', '1');
  }
  navigator.sendBeacon(url, body);
}
