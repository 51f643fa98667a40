/**
 * The add-service slug rule of SPEC §5 (lowercase, trimmed, only letters, digits, spaces and
 * hyphens kept, spaces to hyphens), then tidied exactly as the server's domain.Slugify does so
 * that every title gives a slug the server accepts: runs of hyphens fold into one, hyphens at the
 * ends go, and a slug longer than 120 characters is cut at a word boundary.
 */
export function slugify(title: string): string {
  let s = title
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s.length > 120) {
    const i = s.slice(0, 121).lastIndexOf('-');
    s = i > 0 ? s.slice(0, i) : s.slice(0, 120);
  }
  return s;
}
