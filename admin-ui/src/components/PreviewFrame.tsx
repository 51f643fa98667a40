import { useEffect, useRef, useState } from 'react';
import { Laptop, RefreshCw, Smartphone } from 'lucide-react';
import { errorMessage } from '../lib/api-client';
import { Spinner } from './Spinner';

/**
 * Readies the rendered page for the preview frame: its scripts are removed (the frame may not run
 * them anyway, and the browser would log every blocked one), and a <base> makes its root-relative
 * addresses (/assets, /uploads) resolve against this server rather than the admin screen's path.
 */
export function previewDocument(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"]').forEach((el) => el.remove());
  if (!doc.querySelector('base')) {
    const baseEl = doc.createElement('base');
    baseEl.href = '/';
    doc.head.prepend(baseEl);
  }
  return `<!doctype html>\n${doc.documentElement.outerHTML}`;
}

/** The width the Laptop preview lays the page out at (the site's desktop layout starts at 960
 * px), shown scaled down to fit the card. */
export const LAPTOP_WIDTH = 1280;

interface Props {
  /** Fetches the page's HTML exactly as the public site would serve it. */
  load: () => Promise<string>;
  /** Bump to fetch again (after an update). */
  version: number;
  title: string;
  /** The card's heading (default "How visitors will see it"). */
  heading?: string;
}

/**
 * Shows the rendered page in a sandboxed iframe. The HTML needs the bearer token, so it is fetched
 * here and handed over as srcdoc; scripts stay off (no allow-scripts), so the preview shows the
 * page as it looks before the browser hydrates it, which is how a visitor first sees it.
 */
export function PreviewFrame({ load, version, title, heading = 'How visitors will see it' }: Props) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [width, setWidth] = useState<'laptop' | 'phone'>('laptop');
  const [again, setAgain] = useState(0);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const shown = html !== null;

  // The Laptop preview is laid out LAPTOP_WIDTH wide and scaled to the card's width, so it shows
  // the laptop layout (not the tablet one the card's own width would give).
  useEffect(() => {
    const el = wrapRef.current;
    if (!el || width !== 'laptop') return;
    const measure = () => {
      const style = getComputedStyle(el);
      const inner = el.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0');
      setScale(inner > 0 ? Math.min(1, inner / LAPTOP_WIDTH) : 1);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [width, shown]);

  useEffect(() => {
    let live = true;
    setError('');
    load()
      .then((text) => live && setHtml(previewDocument(text)))
      .catch((err) => live && setError(errorMessage(err, 'Failed to load the preview.')));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, again]);

  return (
    <section className="card preview-card" aria-labelledby="preview-heading">
      <div className="preview-toolbar">
        <h2 id="preview-heading">{heading}</h2>
        <div className="segmented" role="group" aria-label="Preview width" data-toast-avoid>
          <button type="button" aria-pressed={width === 'laptop'} onClick={() => setWidth('laptop')}>
            <Laptop size={16} aria-hidden="true" /> Laptop
          </button>
          <button type="button" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')}>
            <Smartphone size={16} aria-hidden="true" /> Phone
          </button>
          <button type="button" onClick={() => setAgain((n) => n + 1)}>
            <RefreshCw size={16} aria-hidden="true" /> Reload
          </button>
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!error && html === null && <Spinner label="Loading preview..." />}
      {html !== null && (
        <div ref={wrapRef} className={`preview-frame-wrap ${width}`}>
          <div className="preview-frame-box" style={width === 'laptop' ? { width: LAPTOP_WIDTH * scale } : undefined}>
            <iframe
              className="preview-frame"
              title={`Preview of ${title}`}
              sandbox="allow-same-origin"
              srcDoc={html}
              style={
                width === 'laptop'
                  ? { width: LAPTOP_WIDTH, height: `max(${420 / scale}px, ${75 / scale}vh)`, transform: `scale(${scale})` }
                  : undefined
              }
            />
          </div>
        </div>
      )}
    </section>
  );
}
