import { useSyncExternalStore } from 'react';
import { CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';
import { dismissToast, getToasts, subscribeToasts } from '../lib/toast';

const ICONS = { success: CheckCircle2, error: TriangleAlert, info: Info };

/** Renders the toast store top-right; each toast closes itself after 5 s or by its button. */
export function Toasts() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toasts" aria-label="Notifications">
      {toasts.map((t) => {
        const Icon = ICONS[t.kind];
        return (
          <div
            key={t.id}
            className={`toast toast-${t.kind}`}
            role={t.kind === 'error' ? 'alert' : 'status'}
            aria-live={t.kind === 'error' ? 'assertive' : 'polite'}
          >
            <Icon className="toast-icon" size={20} aria-hidden="true" />
            <div className="toast-body">
              <span>{t.message}</span>
              {t.link && (
                <a href={t.link.href} target="_blank" rel="noopener noreferrer">
                  {t.link.label}
                </a>
              )}
            </div>
            <button type="button" className="icon-button" aria-label="Close notification" onClick={() => dismissToast(t.id)}>
              <X size={18} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
