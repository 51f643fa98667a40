// When the code a page does not need to be shown and used may be fetched: once its load event has
// run to its end. The islands wake then (islands/boot.ts), and what the leads work adds (the
// visit's code and its beacon, lib/visit.ts; the contact form, with its phone field's country and
// its attribution line) is never asked for before it (issue 26.2: its one budget is loaded after
// the page is interactive). One helper for both, so the two cannot drift apart.

let loaded: Promise<void> | null = null;

/**
 * Resolves in a task after the page's load event has been dispatched (every listener of it has
 * run, so the browser has recorded its end), at once (in the next task) if that is past. Not in a
 * load listener itself: a request started there, or in the promise jobs that follow it, is
 * started before the load event ends, and Lighthouse (the bench) counts it as before the load.
 */
export function afterLoad(): Promise<void> {
  return (loaded ??= new Promise((resolve) => {
    // A task of its own by a message, not a timer: timers are clamped, and in the browser tests
    // stopped with the page's fake clock (as boot.ts's tasks).
    const next = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    };
    // 'complete' is set in the same task that then dispatches load: a later task is after it.
    if (document.readyState === 'complete') next();
    else window.addEventListener('load', next, { once: true });
  }));
}

/**
 * Resolves once the page has loaded (afterLoad) and then the browser is idle, at the latest
 * timeoutMs after the load; 200 ms after it where the browser has no idle callbacks (Safari).
 */
export function afterLoadIdle(timeoutMs = 3000): Promise<void> {
  return afterLoad().then(() => new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  }));
}

/** For tests: forget that the page has loaded (the next call looks again). */
export function forgetLoad(): void {
  loaded = null;
}
