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

/** An instant as the value of an <input type="datetime-local"> (the browser's time zone, to the minute). */
export function toLocalInput(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The value of an <input type="datetime-local"> as an ISO 8601 instant; "" when it is not a date. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/** "5 May 2026, 09:30" in the browser's time zone, with the zone named. */
export function formatWhen(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(d);
}

/** The readable text of rich HTML, one line per paragraph, heading or list item (for diffs). */
export function plainText(html: string): string {
  const marked = (html || '').replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>|<br\s*\/?>/gi, (m) => `${m}\n`);
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

// Zones renamed in the time zone database whose old name browsers still answer (Chromium says
// "Asia/Calcutta" for India): the name a person knows today.
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata', 'Asia/Katmandu': 'Asia/Kathmandu', 'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh', 'Europe/Kiev': 'Europe/Kyiv', 'America/Godthab': 'America/Nuuk',
  'Asia/Dacca': 'Asia/Dhaka', 'Asia/Thimbu': 'Asia/Thimphu', 'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei', 'Atlantic/Faeroe': 'Atlantic/Faroe', 'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
};

/** The current name of a time zone: "Asia/Kolkata" for "Asia/Calcutta". */
export function currentZoneName(zone: string): string {
  return RENAMED[zone] ?? zone;
}
