const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFormat.format(d);
}

export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFormat.format(d);
}

/** Plain text of rich HTML, cut to the spec's 100-character preview. */
export function excerpt(html: string, limit = 100): string {
  // Block ends become spaces, so "<h2>Title</h2><p>Text" reads "Title Text".
  const spaced = (html || '').replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, (m) => `${m} `);
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > limit ? `${clean.slice(0, limit).trimEnd()}…` : clean;
}
