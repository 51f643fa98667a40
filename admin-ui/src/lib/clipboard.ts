/** How a copy went: by the clipboard API, by the older copy command, or not at all (the text is then selected for the user). */
export type Copied = 'copied' | 'selected';

/**
 * Puts text on the clipboard. The clipboard API needs a secure context (https or localhost) and
 * the user's permission; where it is missing or refused, the field holding the text is selected
 * and the older copy command tried; when that fails too, the text stays selected so the user can
 * copy it with the keyboard.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<Copied> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    if (!field) return 'selected';
    field.focus();
    field.select();
    try {
      return document.execCommand('copy') ? 'copied' : 'selected';
    } catch {
      return 'selected';
    }
  }
}
