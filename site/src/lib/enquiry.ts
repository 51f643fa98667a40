// Sending an enquiry (popup and contact page): the one network call of the public site.

/** SPEC §5's simple address pattern: something, at sign, something, dot, something. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The server's rule for a visitor's address (internal/domain ValidMailbox), so a visitor the
// form lets send never meets its refusal: one plain mailbox, a local part of letters, digits and
// . _ + - ' (no leading, trailing or doubled dot) and a domain of letter-or-digit labels ending in
// a top-level domain of letters or a punycode one; letters of any script. Lengths are UTF-8
// bytes, as the server counts them. site/src/lib/testdata/mailboxes.json holds the server's
// answers for the test.
const MAILBOX_LOCAL = /^[\p{L}\p{M}\p{N}_+'-]+(\.[\p{L}\p{M}\p{N}_+'-]+)*$/u;
const MAILBOX_DOMAIN = /^([\p{L}\p{N}]([\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+(\p{L}[\p{L}\p{M}]+|[xX][nN]--[A-Za-z0-9-]+)$/u;
const MAX_EMAIL_BYTES = 254;
const MAX_LOCAL_BYTES = 64;

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** Whether s (as sent: trimmed) is an address the server accepts; else 'Enter a valid email address.' */
export function validMailbox(s: string): boolean {
  if (utf8Length(s) > MAX_EMAIL_BYTES || !EMAIL_PATTERN.test(s)) return false;
  const at = s.lastIndexOf('@');
  const local = s.slice(0, at);
  if (at < 1 || utf8Length(local) > MAX_LOCAL_BYTES) return false;
  return MAILBOX_LOCAL.test(local) && MAILBOX_DOMAIN.test(s.slice(at + 1));
}
export const MIN_PHONE_LENGTH = 10;
export const MESSAGES = {
  email: 'Enter a valid email address.',
  phone: 'Phone number must be valid.',
  name: 'Please enter your name.',
  sending: 'Sending...',
  check: 'Please complete the security check above, then send again.',
  failed: 'Failed to send message',
  sentFallback: 'Thank you! Your message has been sent. We will get back to you soon.',
};

/**
 * An enquiry as the page sends it, to the form endpoint and to the intake alike: the fields the
 * visitor typed, the enquiry's id (made once when it is first sent, carried by every retry and
 * path, so the server stores it once), and the signs the server's spam checks read. Later forms
 * add fields here; enquiryBody is the one place the body is made.
 */
export interface Enquiry {
  id: string;
  source: 'popup' | 'contact';
  name: string;
  email: string;
  country: string;   // ISO 3166 code of the phone's country, as the list shows it ("in")
  phone: string;     // as typed
  message: string;
  website: string;   // honeypot: empty when a person fills the form
  startedAt: number; // ms timestamp when the form was first shown
  phoneChecked?: string; // the phone number the server asked the visitor to check, sent again as it was
  'cf-turnstile-response'?: string; // the Turnstile widget's token, when the site has one
}

/** The JSON body of an enquiry. */
export const enquiryBody = (e: Enquiry): string => JSON.stringify(e);

/** What a visitor typed into either form (the honeypot included). */
export interface FormFields { name: string; email: string; country: string; phone: string; message: string; website: string }

/** An enquiry of what the form holds, trimmed, with the Turnstile token when there is one. */
export function enquiryOf(source: Enquiry['source'], f: FormFields, token?: string): Omit<Enquiry, 'id' | 'startedAt'> {
  return {
    source, name: f.name.trim(), email: f.email.trim(), country: f.country, phone: f.phone.trim(), message: f.message.trim(),
    website: f.website, ...(token ? { 'cf-turnstile-response': token } : {}),
  };
}

/** How to reach the agency without the form: shown beside 'Failed to send message'. */
/**
 * The form's fields once `sent` has gone: each still as it was sent is emptied to blank's; one
 * the visitor changed while it was on its way (a send may retry for 20 s) is their next words,
 * kept rather than wiped by the late answer.
 */
export function afterSent<F extends object>(now: F, sent: F, blank: F): F {
  const out = { ...now };
  for (const k of Object.keys(blank) as (keyof F)[]) if (now[k] === sent[k]) out[k] = blank[k];
  return out;
}

export interface Contact { phone: string; phoneDisplay: string; chatUrl: string; email: string }

export interface Country { code: string; dial: string; name: string }

// The forms' country-code list. The default is the visitor's own country when their time zone or
// locale names one of these (lib/country.ts), else the site's defaultCountry (site.yaml).
export const COUNTRIES: Country[] = [
  { code: 'in', dial: '+91', name: 'India' },
  { code: 'us', dial: '+1', name: 'United States' },
  { code: 'gb', dial: '+44', name: 'United Kingdom' },
  { code: 'ae', dial: '+971', name: 'United Arab Emirates' },
  { code: 'ca', dial: '+1', name: 'Canada' },
  { code: 'au', dial: '+61', name: 'Australia' },
  { code: 'sg', dial: '+65', name: 'Singapore' },
  { code: 'sa', dial: '+966', name: 'Saudi Arabia' },
  { code: 'np', dial: '+977', name: 'Nepal' },
  { code: 'de', dial: '+49', name: 'Germany' },
];
