// A tiny toast store outside React, so the api-client (plain module) can raise messages too.
// Rendered by components/Toasts.tsx.

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastLink {
  href: string;
  label: string;
}

/** A button in a toast (Undo); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  link?: ToastLink;
  action?: ToastAction;
}

export const TOAST_DURATION_MS = 5000;

type Listener = () => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}

export function dismissToast(id: number) {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
  const before = toasts.length;
  toasts = toasts.filter((x) => x.id !== id);
  if (toasts.length !== before) emit();
}

export function showToast(kind: ToastKind, message: string, link?: ToastLink, action?: ToastAction): number {
  // The same message twice at once (say, several calls failing with 401 together) shows once.
  const same = toasts.find((x) => x.kind === kind && x.message === message && !action && !x.action);
  if (same) return same.id;
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, link, action }];
  timers.set(id, setTimeout(() => dismissToast(id), TOAST_DURATION_MS));
  emit();
  return id;
}

/**
 * Keeps a toast while the user points at it or has focus in it (WCAG 2.2.1: a message that goes
 * by itself can be held to read or to reach its button); released, it has its full time again.
 */
export function holdToast(id: number, held: boolean) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (!held && toasts.some((x) => x.id === id)) timers.set(id, setTimeout(() => dismissToast(id), TOAST_DURATION_MS));
}

export const toast = {
  success: (message: string, link?: ToastLink) => showToast('success', message, link),
  error: (message: string, link?: ToastLink) => showToast('error', message, link),
  info: (message: string, link?: ToastLink) => showToast('info', message, link),
  /** A success with a button, such as Undo after a deletion. */
  withAction: (message: string, action: ToastAction) => showToast('success', message, undefined, action),
};

/** Clears every toast: a new session starts with none of the last one's messages. */
export function dismissAllToasts() {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  if (toasts.length === 0) return;
  toasts = [];
  emit();
}

/** Clears every toast; for tests. */
export const resetToasts = dismissAllToasts;
