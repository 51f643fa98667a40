import { useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog's keyboard rules while open: the page behind does not scroll (html.has-modal),
 * Escape closes, Tab stays inside, and focus goes to `first` on opening.
 */
export function useDialog<T extends HTMLElement>(open: boolean, onClose: () => void) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const first = useRef<T>(null);

  // A layout effect: focus moves into the dialog before it is painted, so it never shows with
  // focus left behind it (a keyboard or a screen reader is in it from its first frame). A passive
  // effect ran after the paint, and a test that looked at the shown dialog on a loaded machine
  // found the focus still on the page.
  useLayoutEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('has-modal');
    first.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('has-modal');
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  const trapTab = useCallback((e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const [head, tail] = [items[0], items[items.length - 1]];
    if (e.shiftKey && document.activeElement === head) {
      e.preventDefault();
      tail.focus();
    } else if (!e.shiftKey && document.activeElement === tail) {
      e.preventDefault();
      head.focus();
    }
  }, []);

  return { dialogRef, first, trapTab };
}
