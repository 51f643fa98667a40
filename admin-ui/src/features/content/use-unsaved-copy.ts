import { useEffect, useState } from 'react';
import { EMPTY_DRAFT, type ContentDraft, type ContentKind } from './kind';

/** How long after the last keystroke the copy is written. */
const WRITE_AFTER_MS = 400;

interface Copy {
  values: ContentDraft;
  at: string; // ISO time of the last change
}

const keyOf = (kind: ContentKind) => `unsaved-${kind.noun}`;
const blank = (v: ContentDraft) => (Object.keys(EMPTY_DRAFT) as (keyof ContentDraft)[]).every((k) => !v[k].trim());

/** The copy kept in this browser of what was being written on the add screen, if any. */
export function readUnsavedCopy(kind: ContentKind): Copy | null {
  try {
    const c = JSON.parse(localStorage.getItem(keyOf(kind)) ?? 'null') as Copy | null;
    return c && c.values && typeof c.at === 'string' && !blank({ ...EMPTY_DRAFT, ...c.values }) ? { ...c, values: { ...EMPTY_DRAFT, ...c.values } } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a copy in this browser of what is being written on an add screen until it is saved, so
 * nothing typed is lost to a click elsewhere in the admin, a closed tab or a sign-in that ran
 * out: the screen offers it back next time. A browser's own warning asks before the tab is
 * closed or reloaded with text not yet saved. `saved` drops the copy.
 */
export function useUnsavedCopy(kind: ContentKind, values: ContentDraft, active: boolean) {
  const [restored] = useState(() => readUnsavedCopy(kind));
  const dirty = active && !blank(values);
  useEffect(() => {
    if (!active) return;
    const t = setTimeout(() => {
      try {
        if (blank(values)) localStorage.removeItem(keyOf(kind));
        else localStorage.setItem(keyOf(kind), JSON.stringify({ values, at: new Date().toISOString() } satisfies Copy));
      } catch {
        // Storage full or refused: the warning before leaving still stands.
      }
    }, WRITE_AFTER_MS);
    return () => clearTimeout(t);
  }, [kind, values, active]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const saved = () => {
    try {
      localStorage.removeItem(keyOf(kind));
    } catch {
      // nothing kept
    }
  };
  return { restored, saved };
}
