import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { dismissToast, getToasts, holdToast, subscribeToasts } from '../lib/toast';

const ICONS = { success: CheckCircle2, error: TriangleAlert, info: Info };
const GAP = 10;

/**
 * Where the stack may start so that it covers none of the marked controls (the top bar, a screen's
 * actions) in the upper half of the window; undefined keeps the stylesheet's place.
 */
function clearTop(): number | undefined {
  let bottom = 0;
  for (const el of document.querySelectorAll('[data-toast-avoid]')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.bottom > bottom && r.top < window.innerHeight / 2) bottom = r.bottom;
  }
  return bottom > 0 ? Math.round(bottom + GAP) : undefined;
}

/**
 * Keeps the toasts' top below the controls they must not cover while the page scrolls, resizes or
 * changes (a toast raised on one screen stays while the next one renders its buttons).
 */
function useClearTop(active: boolean) {
  const [top, setTop] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      setTop(clearTop());
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [active]);
  return top;
}

/**
 * Renders the toast store top-right; each toast closes itself after 5 s or by its button. The
 * stack starts below the top bar and the screen's action buttons, so it never hides them.
 */
export function Toasts() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const top = useClearTop(toasts.length > 0);
  return (
    // A named region (a div may not carry a name): where the toasts are, for a screen reader's list of landmarks.
    <section className="toasts" aria-label="Notifications" style={top === undefined ? undefined : { top }}>
      {toasts.map((t) => {
        const Icon = ICONS[t.kind];
        return (
          <div
            key={t.id}
            className={`toast toast-${t.kind}`}
            role={t.kind === 'error' ? 'alert' : 'status'}
            aria-live={t.kind === 'error' ? 'assertive' : 'polite'}
            onMouseEnter={() => holdToast(t.id, true)}
            onMouseLeave={() => holdToast(t.id, false)}
            onFocus={() => holdToast(t.id, true)}
            onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && holdToast(t.id, false)}
          >
            <Icon className="toast-icon" size={20} aria-hidden="true" />
            <div className="toast-body">
              <span>{t.message}</span>
              {t.link && (
                <a href={t.link.href} target="_blank" rel="noopener noreferrer">
                  {t.link.label}
                </a>
              )}
              {t.action && (
                <button
                  type="button"
                  className="toast-action"
                  onClick={() => {
                    dismissToast(t.id);
                    t.action?.run();
                  }}
                >
                  {t.action.label}
                </button>
              )}
            </div>
            <button type="button" className="icon-button" aria-label="Close notification" onClick={() => dismissToast(t.id)}>
              <X size={18} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
