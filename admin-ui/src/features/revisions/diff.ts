// What changed between two versions of an item, field by field, worded for people: the rich text
// is compared as its readable text, word by word (the diff package).
import { diffWords, type Change } from 'diff';
import { plainText } from '../../lib/format';
import { bodyOf, type ContentItem, type ContentKind } from '../content/kind';

export interface FieldChange {
  field: string;
  label: string;
  /** Word changes of a text field; undefined for the image, which shows both pictures. */
  parts?: Change[];
  before: string;
  after: string;
}

/** The fields that differ between before and after, in the order the edit screen shows them. */
export function changesBetween(kind: ContentKind, before: ContentItem, after: ContentItem): FieldChange[] {
  const fields: [string, string, (i: ContentItem) => string][] = [
    ['title', 'Title', (i) => i.title],
    ['slug', 'Address', (i) => kind.site.page(i.slug)],
    ['category', 'Category', (i) => i.category],
    ['body', kind.body.label, (i) => plainText(bodyOf(kind, i))],
    ['metaTitle', 'Meta title', (i) => i.metaTitle],
    ['metaDescription', 'Meta description', (i) => i.metaDescription],
    ['focusKeyword', 'Focus keyword', (i) => i.focusKeyword],
    ['image', kind.image.label, (i) => i.image],
  ];
  const out: FieldChange[] = [];
  for (const [field, label, read] of fields) {
    const a = read(before) ?? '';
    const b = read(after) ?? '';
    if (a === b) {
      // Same text, different markup (bold, a link): say so rather than show nothing.
      if (field === 'body' && bodyOf(kind, before) !== bodyOf(kind, after)) {
        out.push({ field, label, before: a, after: b, parts: [{ value: 'Formatting changed; the text is the same.', count: 1, added: false, removed: false }] });
      }
      continue;
    }
    out.push({ field, label, before: a, after: b, parts: field === 'image' ? undefined : shorten(diffWords(a, b)) });
  }
  return out;
}

/** How much unchanged text stays on each side of a change. */
export const CONTEXT = 80;

/**
 * Cuts long unchanged stretches down to the text around the changes, so a one-word edit of a long
 * post shows that word in its sentence rather than the whole post.
 */
export function shorten(parts: Change[], context = CONTEXT): Change[] {
  return parts.map((p, i) => {
    if (p.added || p.removed || p.value.length <= 2 * context + 20) return p;
    const first = i === 0;
    const last = i === parts.length - 1;
    let value = p.value;
    if (first && last) return p;
    if (first) value = `…${value.slice(-context)}`;
    else if (last) value = `${value.slice(0, context)}…`;
    else value = `${value.slice(0, context)} … ${value.slice(-context)}`;
    return { ...p, value };
  });
}
