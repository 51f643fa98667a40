// When the page's scripts wake up. The page is whole as HTML, so nothing here may delay its first
// paint or its largest image: no island's code (nor the framework) is even fetched before the page
// has loaded. Then each island and each enhanced part wakes in a task of its own (see loaders.ts
// for when), so waking many never makes one long task that a tap would wait behind.
import { enhancers, loaders, wake, type Wake } from './loaders';
import type { IslandName } from './registry';
import { afterLoad } from '../lib/afterLoad';

/** Started at the latest this long after the script ran, if the page's load event is still to come. */
const LATEST_START_MS = 3000;

// One task each, in order. A message to a channel is a task of its own that runs as soon as the
// browser has done what it queued meanwhile (input, a frame); timers would be clamped and, in the
// browser tests, stopped with the page's fake clock.
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
const nextTask = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
let queue = Promise.resolve();

/** Runs job in a task of its own once the jobs queued before it have run. */
function serially(label: string, job: () => void | Promise<void>): Promise<void> {
  queue = queue.then(nextTask).then(job).catch((err) => console.error(`${label} failed to start`, err));
  return queue;
}

/** Resolves when el comes within a screen's height of the viewport (at once if it is there). */
function whenNear(el: Element): Promise<void> {
  return new Promise((resolve) => {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        resolve();
      }
    }, { rootMargin: '100% 0px' });
    seen.observe(el);
  });
}

let hydrate: Promise<typeof import('./hydrate')> | undefined;

// What boot woke, so that stopIslands can end it: a page never does, a test of boot must (a root
// left mounted keeps React's scheduler working after the test's window is gone).
const stops: (() => void)[] = [];

/** Unmounts every island and undoes every enhancement boot woke (the tests' way to end a page). */
export function stopIslands(): void {
  stops.splice(0).forEach((stop) => stop());
}

async function wakeIsland(el: HTMLElement, before: Promise<void>): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = loaders[name];
  if (!load) {
    console.warn(`Unknown island "${name}"`);
    return;
  }
  await before;
  hydrate ??= import('./hydrate');
  const [{ hydrateIsland }, { default: Component }] = await Promise.all([hydrate, load()]);
  await serially(`Island ${name}`, () => {
    const root = hydrateIsland(el, Component);
    stops.push(() => root.unmount());
  });
}

async function wakeEnhanced(el: HTMLElement): Promise<void> {
  const name = el.dataset.enhance ?? '';
  const load = enhancers[name];
  if (!load) {
    console.warn(`Unknown enhancer "${name}"`);
    return;
  }
  await whenNear(el);
  const { default: enhance } = await load();
  await serially(`Enhancer ${name}`, () => {
    stops.push(enhance(el));
    el.setAttribute('data-enhanced', '');
  });
}

function start(): void {
  const islands = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
  const at = (w: Wake) => islands.filter((el) => (wake[el.dataset.island as IslandName] ?? 'load') === w);
  const first = Promise.all(at('load').map((el) => wakeIsland(el, Promise.resolve()))).then(() => undefined);
  at('idle').forEach((el) => wakeIsland(el, first));
  at('visible').forEach((el) => wakeIsland(el, whenNear(el)));
  // Never before the load event, even when LATEST_START_MS started the rest early.
  at('loaded').forEach((el) => wakeIsland(el, afterLoad()));
  document.querySelectorAll<HTMLElement>('[data-enhance]').forEach((el) => wakeEnhanced(el));
}

/** Resolves once the page has painted something (at once where the browser does not say). */
function painted(): Promise<void> {
  const fcp = (entries: PerformanceEntryList) => entries.some((e) => e.name === 'first-contentful-paint');
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint') || fcp(performance.getEntriesByType('paint'))) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const seen = new PerformanceObserver((list) => {
      if (!fcp(list.getEntries())) return;
      seen.disconnect();
      resolve();
    });
    seen.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Wakes the page's islands and enhanced parts once it has loaded (in a task after its load event,
 * lib/afterLoad.ts: what they fetch is asked for after the load, not during its listeners) and
 * painted (its largest image is then on screen), or LATEST_START_MS after this ran if that takes
 * longer; an island that wakes 'loaded' waits for the load in any case.
 */
export function boot(): void {
  let latest = 0;
  const go = () => {
    if (latest === -1) return;
    window.clearTimeout(latest);
    latest = -1;
    start();
  };
  latest = window.setTimeout(go, LATEST_START_MS);
  Promise.all([afterLoad(), typeof PerformanceObserver === 'function' ? painted() : undefined]).then(go);
}
