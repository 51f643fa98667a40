import { describe, expect, it } from 'vitest';
import { afterLoad, forgetLoad } from './afterLoad';

describe('afterLoad', () => {
  it('resolves after every listener of the load event has run, not in one of them', async () => {
    forgetLoad();
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    const seen: string[] = [];
    void afterLoad().then(() => seen.push('afterLoad'));
    window.addEventListener('load', () => queueMicrotask(() => seen.push('a job of the last listener')), { once: true });
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    window.dispatchEvent(new Event('load'));
    seen.push('load dispatched');
    await afterLoad();
    // A load event dispatched by a script runs its listeners' jobs after the script; the browser's
    // own, after each listener. Either way afterLoad comes after them, in a task of its own.
    expect(seen).toEqual(['load dispatched', 'a job of the last listener', 'afterLoad']);
  });

  it('resolves in a later task when the page has already loaded', async () => {
    forgetLoad();
    let done = false;
    void afterLoad().then(() => { done = true; });
    await Promise.resolve();
    expect(done).toBe(false);
    await afterLoad();
    expect(done).toBe(true);
  });
});
