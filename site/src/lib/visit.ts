// The visit's code (lib/attribution.ts) is loaded once the browser is idle after the page is
// hydrated. This module is the only door to it, small enough to sit in the popup's island (on
// every page, which sends the page view's beacon): the forms' line and box (AttributionNotice)
// come with the forms' code, when a visitor opens one.

export type Attribution = typeof import('./attribution');

let visitCode: Promise<Attribution> | null = null;

/**
 * The visit's code (lib/attribution.ts), loaded once the browser is idle after the page is
 * hydrated, so it costs nothing before the page is interactive. Once a page, whoever asks (the
 * popup's island, on every page, which sends the page view's beacon with it; the forms).
 */
export function loadVisit(): Promise<Attribution> {
  return (visitCode ??= new Promise((resolve) => {
    const load = () => resolve(import('./attribution'));
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 3000 });
    else setTimeout(load, 200);
  }));
}

