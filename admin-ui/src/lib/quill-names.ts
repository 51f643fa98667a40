// Quill's snow theme draws its drop-downs (heading, alignment, colours) as spans with role
// "button" and no name, so a screen reader says only "button" (axe: aria-command-name). These
// names are what the toolbar's pickers and their choices are called.
const PICKERS: Record<string, { label: string; item: (value: string | null) => string }> = {
  'ql-header': { label: 'Text style', item: (v) => (v ? `Heading ${v}` : 'Normal text') },
  'ql-align': { label: 'Alignment', item: (v) => (v ? `Align ${v}` : 'Align left') },
  'ql-color': { label: 'Text colour', item: (v) => (v ? `Text colour ${colourName(v)}` : 'Default text colour') },
  'ql-background': { label: 'Highlight colour', item: (v) => (v ? `Highlight ${colourName(v)}` : 'No highlight') },
};

// Quill names its buttons by their format ("bold", "list: ordered", "indent: -1"); these are the
// names a person knows them by.
const BUTTONS: Record<string, string> = {
  bold: 'Bold', italic: 'Italic', underline: 'Underline', strike: 'Strikethrough',
  'list:ordered': 'Numbered list', 'list:bullet': 'Bulleted list', blockquote: 'Quote', 'code-block': 'Code block',
  'indent:-1': 'Decrease indent', 'indent:+1': 'Increase indent', link: 'Link', image: 'Insert an image',
};

// Quill's default palette, row by row, by the names a person would use.
const HUES = ['black', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'];
const PALETTE: Record<string, string> = Object.fromEntries(
  [
    ['#000000', '#e60000', '#ff9900', '#ffff00', '#008a00', '#0066cc', '#9933ff'],
    ['#ffffff', '#facccc', '#ffebcc', '#ffffcc', '#cce8cc', '#cce0f5', '#ebd6ff'],
    ['#bbbbbb', '#f06666', '#ffc266', '#ffff66', '#66b966', '#66a3e0', '#c285ff'],
    ['#888888', '#a10000', '#b26b00', '#b2b200', '#006100', '#0047b2', '#6b24b2'],
    ['#444444', '#5c0000', '#663d14', '#666600', '#003700', '#002966', '#3d1466'],
  ].flatMap((row, r) =>
    row.map((hex, c) => {
      const greys = ['black', 'white', 'light grey', 'grey', 'dark grey'];
      const shade = ['', 'pale ', 'light ', 'dark ', 'deep '][r];
      return [hex, c === 0 ? greys[r] : `${shade}${HUES[c]}`];
    }),
  ),
);
const colourName = (v: string) => PALETTE[v.toLowerCase()] ?? v;

/** Names every button and drop-down of a Quill toolbar and each of its choices. */
export function nameToolbarPickers(toolbar: Element) {
  for (const button of toolbar.querySelectorAll('button')) {
    const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
    const value = button.getAttribute('value');
    const name = BUTTONS[value ? `${format}:${value}` : format];
    if (name) button.setAttribute('aria-label', name);
  }
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const key = Object.keys(PICKERS).find((k) => picker.classList.contains(k));
    if (!key) continue;
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', PICKERS[key].label);
    for (const item of picker.querySelectorAll('.ql-picker-item')) {
      item.setAttribute('aria-label', PICKERS[key].item(item.getAttribute('data-value')));
    }
  }
}
