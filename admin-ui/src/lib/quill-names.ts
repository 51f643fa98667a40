// Quill's snow theme draws its drop-downs (heading, alignment, colours) as spans with role
// "button" and no name, so a screen reader says only "button" (axe: aria-command-name). These
// names are what the toolbar's pickers and their choices are called.
const PICKERS: Record<string, { label: string; item: (value: string | null) => string }> = {
  'ql-header': { label: 'Text style', item: (v) => (v ? `Heading ${v}` : 'Normal text') },
  'ql-align': { label: 'Alignment', item: (v) => (v ? `Align ${v}` : 'Align left') },
  'ql-color': { label: 'Text colour', item: (v) => (v ? `Text colour ${v}` : 'Default text colour') },
  'ql-background': { label: 'Highlight colour', item: (v) => (v ? `Highlight ${v}` : 'No highlight') },
};

/** Names every drop-down of a Quill toolbar and each of its choices. */
export function nameToolbarPickers(toolbar: Element) {
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const key = Object.keys(PICKERS).find((k) => picker.classList.contains(k));
    if (!key) continue;
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', PICKERS[key].label);
    for (const item of picker.querySelectorAll('.ql-picker-item')) {
      item.setAttribute('aria-label', PICKERS[key].item(item.getAttribute('data-value')));
    }
  }
}
