/** Moves focus to the first field marked invalid in a form, once React has rendered the marks. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  if (!form) return;
  setTimeout(() => {
    const el = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    el?.focus();
  }, 0);
}
