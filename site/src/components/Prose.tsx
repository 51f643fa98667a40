/** Tables with at least this many columns get a visible "swipe" hint on phones. */
export const WIDE_TABLE_COLUMNS = 4;

const TABLE = /<table\b[^>]*>[\s\S]*?<\/table>/gi;

function columns(table: string): number {
  const firstRow = /<tr\b[^>]*>([\s\S]*?)<\/tr>/i.exec(table)?.[1] ?? '';
  return (firstRow.match(/<t[hd]\b/gi) ?? []).length;
}

/**
 * Wraps every table of an author's HTML (already sanitized, or our own markdown) in a region that
 * scrolls sideways on its own: focusable, so the keyboard can scroll it, with shadows at the edge
 * that has more columns behind it (styles.css) and, for wide tables, a line saying it swipes.
 * The page never scrolls sideways and a cut-off table no longer looks complete.
 */
export function wrapTables(html: string): string {
  if (!html || !/<table\b/i.test(html)) return html;
  return html.replace(TABLE, (table) => {
    const hint = columns(table) >= WIDE_TABLE_COLUMNS
      ? '<p class="table-hint" aria-hidden="true">Swipe the table sideways to see every column</p>'
      : '';
    return `${hint}<div class="table-scroll" role="region" aria-label="Table, scrolls sideways" tabindex="0">${table}</div>`;
  });
}

/** Rich text from an author (markdown from content/ or the editor's sanitized HTML). */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return <div className={('prose ' + className).trim()} dangerouslySetInnerHTML={{ __html: wrapTables(html) }} />;
}
