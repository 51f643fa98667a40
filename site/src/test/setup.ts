import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { forgetPopup } from '../lib/popupMemory';
import { takePopupRequest } from '../lib/events';
import { resetTurnstileLoader } from '../lib/turnstile';
import { resetCapture } from '../lib/attribution';

// jsdom lacks the browser APIs that the islands and the carousels touch.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}
const g = globalThis as unknown as Record<string, unknown>;
g.IS_REACT_ACT_ENVIRONMENT = true;
g.ResizeObserver ??= NoopObserver;
g.IntersectionObserver ??= NoopObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  }) as MediaQueryList;
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollBy ??= function scrollBy() {} as typeof Element.prototype.scrollBy;

// findBy* and waitFor wait on the DOM; testing-library's 1 s default is a guess about the machine,
// and the gate runs these beside the Go and browser tests on two cores (admin-ui's setup says
// more): the search box's first answer waited over 10 s once at a load of 25.
configure({ asyncUtilTimeout: 20000 });

afterEach(() => {
  cleanup();
  // What a test wrote into the page itself (a carousel's markup, a page's body): the files
  // share one document (vitest.config.ts: isolate false), and the next file's queries read it.
  document.body.replaceChildren();
  forgetPopup();
  resetCapture();
  window.sessionStorage.clear();
  document.documentElement.className = '';
});
