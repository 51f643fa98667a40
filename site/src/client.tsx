// The one client script of every page: styles, then the islands that the page contains, then,
// once the page is interactive and the browser idle, the page view's beacon (lib/visit.ts).
import './fonts/poppins.css';
import './styles.css';
import { hydrateIslands } from './islands/hydrate';

/** Runs fn once the page has loaded, is no prerender, and the browser has a moment. */
function whenIdle(fn: () => void) {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200));
  const loaded = () => (document.readyState === 'complete' ? idle() : window.addEventListener('load', idle, { once: true }));
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) document.addEventListener('prerenderingchange', loaded, { once: true });
  else loaded();
}

hydrateIslands()
  .catch((err) => console.error('Hydration failed', err))
  .finally(() => whenIdle(() => void import('./lib/visit').then((m) => m.sendPageView()).catch(() => undefined)));
