// The visitor's country for the phone field, guessed in the browser from what it already knows:
// its time zone first (where the visitor is; many Indian browsers say en-US), then the region of
// its preferred languages, then the site's default. Nothing is asked of a server.
import { COUNTRIES } from './enquiry';

// The time zones of the listed countries. Chromium still names India's "Asia/Calcutta".
const ZONES: Record<string, string> = {
  'Asia/Kolkata': 'in', 'Asia/Calcutta': 'in', 'Europe/London': 'gb', 'Asia/Dubai': 'ae',
  'Asia/Singapore': 'sg', 'Asia/Riyadh': 'sa', 'Asia/Kathmandu': 'np', 'Asia/Katmandu': 'np',
  'Europe/Berlin': 'de', 'America/New_York': 'us', 'America/Chicago': 'us', 'America/Denver': 'us',
  'America/Phoenix': 'us', 'America/Los_Angeles': 'us', 'America/Anchorage': 'us', 'Pacific/Honolulu': 'us',
  'America/Toronto': 'ca', 'America/Vancouver': 'ca', 'America/Edmonton': 'ca', 'America/Winnipeg': 'ca',
  'America/Halifax': 'ca',
};

const listed = (code: string | undefined) => {
  const c = (code ?? '').toLowerCase();
  return COUNTRIES.some((x) => x.code === c) ? c : '';
};

/** What the browser says of where the visitor is (its time zone, its preferred languages). */
export interface Locale { zone: string; languages: readonly string[] }

function browserLocale(): Locale {
  let zone = '';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch { /* no Intl: the languages decide */ }
  const languages = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return { zone, languages };
}

/** The visitor's country among COUNTRIES, else fallback (the site's default), else India. */
export function visitorCountry(fallback?: string, { zone, languages }: Locale = browserLocale()): string {
  if (zone.startsWith('Australia/')) return 'au';
  const fromZone = listed(ZONES[zone]);
  if (fromZone) return fromZone;
  for (const tag of languages) {
    const region = listed(/^[a-z]{2,3}-([a-z]{2})\b/i.exec(tag ?? '')?.[1]);
    if (region) return region;
  }
  return siteCountry(fallback);
}

/** The site's default country as the list knows it (what the page is rendered with). */
export const siteCountry = (fallback?: string) => listed(fallback) || 'in';
