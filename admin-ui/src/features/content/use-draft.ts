import { useRef, useState } from 'react';
import { focusFirstInvalid } from '../../lib/focus';
import { EMPTY_DRAFT, validateDraft, type ContentDraft, type ContentKind, type DraftErrors } from './kind';

/**
 * A draft being edited with its field errors. `check` validates it and points at the first
 * problem; an error goes as soon as its field is put right, not at the next submit.
 */
export function useDraft(kind: ContentKind, initial: ContentDraft | null = null) {
  const [values, setValues] = useState<ContentDraft | null>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  // The values as last rendered, for a save that awaited its answer: were they typed on meanwhile?
  const latest = useRef(values);
  latest.current = values;

  const change = (patch: Partial<ContentDraft>) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    // Each rule reads only its own field, so the patch alone says which errors still hold.
    const still = validateDraft(kind, { ...EMPTY_DRAFT, ...patch }, { body: true });
    setErrors((errs) => {
      const fixed = (Object.keys(patch) as (keyof ContentDraft)[]).filter((k) => errs[k] && !still[k]);
      if (fixed.length === 0) return errs;
      const kept = { ...errs };
      for (const k of fixed) delete kept[k];
      return kept;
    });
  };

  /** Drops an error a screen checks on its own (the slug, the picture) once it no longer holds. */
  const clearError = (key: keyof DraftErrors) => setErrors((errs) => (errs[key] ? { ...errs, [key]: undefined } : errs));

  /** Validates; answers true when the draft may be sent. `more` adds the screen's own checks. */
  const check = (form: HTMLFormElement, opts: { body?: boolean } = {}, more: DraftErrors = {}) => {
    if (!values) return false;
    const found = { ...validateDraft(kind, values, opts), ...more };
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstInvalid(form);
    return false;
  };

  const reset = (next: ContentDraft | null) => {
    setValues(next);
    setErrors({});
  };

  /** True when the draft was changed since it was `sent` (every change makes a new object). */
  const changedSince = (sent: ContentDraft) => latest.current !== sent;

  /** The values as last rendered (a callback that awaited an answer reads them, not its own). */
  const current = () => latest.current;

  return { values, errors, change, clearError, check, reset, changedSince, current };
}
