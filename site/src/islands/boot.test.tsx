import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../entry-server';
import { pagesFixture, site } from '../test/fixture';
import { boot, stopIslands } from './boot';
import { enhancers, loaders } from './loaders';

// jsdom's observers never report: this one reports every element as on screen at once, as a
// browser does for what is in view.
class SeenAtOnce {
  constructor(private report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() { queueMicrotask(() => this.report([{ isIntersecting: true }])); }
  unobserve() {}
  disconnect() {}
}

const notHydrated = () => document.querySelectorAll('[data-island]:not([data-hydrated])').length;
const notEnhanced = () => document.querySelectorAll('[data-enhance]:not([data-enhanced])').length;
const loading = (state: DocumentReadyState) => Object.defineProperty(document, 'readyState', { value: state, configurable: true });

// boot hydrates as a page does, outside React's act(): not a test environment for React.
const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
// Nothing may be reported while the islands wake and are stopped: a hydration error (an island
// stopped, or clicked, before React had hydrated it) is a console error.
let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  g.IS_REACT_ACT_ENVIRONMENT = false;
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  stopIslands();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  g.IS_REACT_ACT_ENVIRONMENT = true;
  delete (document as { readyState?: unknown }).readyState;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('boot', () => {
  it('wakes nothing before the page has loaded, then every island and carousel of home', async () => {
    vi.stubGlobal('IntersectionObserver', SeenAtOnce);
    const { route, props } = pagesFixture.home;
    document.body.innerHTML = renderPage('home', props, site, route).html;
    expect(notHydrated()).toBeGreaterThanOrEqual(2);
    expect(notEnhanced()).toBeGreaterThanOrEqual(3);
    // Every module boot could fetch is loaded beforehand, so a boot that woke them early would be
    // seen to have done so well within the wait below.
    await Promise.all([import('./hydrate'), ...Object.values(loaders).map((l) => l()), ...Object.values(enhancers).map((l) => l())]);
    loading('interactive');
    boot();
    await new Promise((r) => setTimeout(r, 200));
    expect(document.querySelectorAll('[data-hydrated], [data-enhanced]')).toHaveLength(0);

    loading('complete');
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(notHydrated() + notEnhanced()).toBe(0), { timeout: 20000 });
    expect(document.querySelector('.hero .carousel__viewport')!.classList.contains('is-ready')).toBe(true);
    expect(document.querySelector('.hero .carousel__controls')!.classList.contains('is-pending')).toBe(false);
  });

  it('wakes a part below the screen only when it comes near', async () => {
    const seen: (() => void)[] = [];
    vi.stubGlobal('IntersectionObserver', class {
      constructor(private report: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() { seen.push(() => this.report([{ isIntersecting: true }])); }
      disconnect() {}
    });
    const { route, props } = pagesFixture.courses;
    document.body.innerHTML = renderPage('courses', props, site, route).html;
    boot();
    await vi.waitFor(() => expect(notHydrated()).toBe(0), { timeout: 20000 });
    expect(notEnhanced()).toBe(1);
    seen.forEach((report) => report());
    await vi.waitFor(() => expect(notEnhanced()).toBe(0), { timeout: 20000 });
    expect(document.querySelector('.scroller__controls')!.classList.contains('is-pending')).toBe(false);
  });
});
