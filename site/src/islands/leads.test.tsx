// Issue 26.2: what the leads work adds (the visit's code and its beacon, the contact form with its
// phone field's country and attribution line) is fetched after the page's load event, on every
// page (leadsSend.test.tsx: an enquiry sent before the visit's code has arrived still carries
// it). In the islands' project: each file has modules of its own, so the visit's code is not
// here yet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../entry-server';
import { pagesFixture, site } from '../test/fixture';
import { boot, stopIslands } from './boot';
import { loaders } from './loaders';

// The visit's code is only ever imported on demand (the forms and the popup name its types):
// this notes when it is.
const imported: string[] = [];
vi.mock('../lib/attribution', async (importOriginal) => {
  imported.push('attribution');
  return importOriginal();
});

const loading = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { value: state, configurable: true });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

let beacons: string[];
beforeEach(() => {
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', { value: (url: string) => beacons.push(url), configurable: true });
});
afterEach(() => {
  stopIslands();
  g.IS_REACT_ACT_ENVIRONMENT = true;
  delete (document as { readyState?: unknown }).readyState;
  Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe("the leads work's code and the page's load event", () => {
  it("the contact page's form, the visit's code and the beacon wait for the load event, even when the other islands wake without it", async () => {
    g.IS_REACT_ACT_ENVIRONMENT = false; // boot hydrates as a page does
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    const form = vi.spyOn(loaders, 'ContactForm');
    const { route, props } = pagesFixture.contact;
    document.body.innerHTML = renderPage('contact', props, site, route).html;
    expect(document.querySelector('[data-island="ContactForm"]')).toBeTruthy();
    expect(document.querySelector('[data-beacon]')).toBeTruthy();
    loading('interactive');
    boot();
    // The page's load event takes longer than boot waits (3 s): the header wakes without it.
    await vi.waitFor(() => expect(document.querySelector('[data-island="Header"][data-hydrated]')).toBeTruthy(), { timeout: 20000 });
    await pause(300);
    expect(form).not.toHaveBeenCalled();
    expect(document.querySelector('[data-island="ContactForm"][data-hydrated]')).toBeNull();
    expect(imported).toEqual([]);
    expect(beacons).toEqual([]);

    loading('complete');
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(document.querySelector('[data-island="ContactForm"][data-hydrated]')).toBeTruthy(), { timeout: 20000 });
    await vi.waitFor(() => expect(beacons).toEqual(['/beacon']), { timeout: 20000 });
    expect(imported).toEqual(['attribution']);
    // The attribution line is there, as served.
    expect(document.querySelector('.contact-form .attribution-notice')?.textContent).toMatch(/We keep the page and campaign/);
  }, 30000);

});
