import { useState } from 'react';
import { focusFirstInvalid } from '../../lib/focus';
import { validateDraft, type ContentDraft, type ContentKind, type DraftErrors } from './kind';

/** A draft being edited with its field errors; `check` validates it and points at the first problem. */
export function useDraft(kind: ContentKind, initial: ContentDraft | null = null) {
  const [values, setValues] = useState<ContentDraft | null>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});

  const change = (patch: Partial<ContentDraft>) => setValues((v) => (v ? { ...v, ...patch } : v));

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

  return { values, errors, change, check, reset };
}
