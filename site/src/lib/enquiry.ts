// Sending an enquiry (popup and contact page): the one network call of the public site.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PHONE_LENGTH = 10;
export const MESSAGES = {
  email: 'Enter a valid email address.',
  phone: 'Phone number must be valid.',
  name: 'Please enter your name.',
  sending: 'Sending...',
  failed: 'Failed to send message',
  sentFallback: 'Thank you! Your message has been sent.',
};

export interface Enquiry {
  name: string;
  email: string;
  phone: string;
  message: string;
  website: string;   // honeypot: empty when a person fills the form
  startedAt: number; // ms timestamp when the form was first shown
}

/** POSTs the enquiry as JSON and resolves with the server's message; rejects on any failure. */
export async function sendEnquiry(endpoint: string, enquiry: Enquiry): Promise<string> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(enquiry),
  });
  if (!res.ok) throw new Error(`POST ${endpoint}: HTTP ${res.status}`);
  const data = (await res.json().catch(() => ({}))) as { message?: unknown };
  return typeof data.message === 'string' && data.message ? data.message : MESSAGES.sentFallback;
}

export interface Country { code: string; dial: string; name: string }

// The popup's country-code select; "us" first because the original form defaults to it.
export const COUNTRIES: Country[] = [
  { code: 'us', dial: '+1', name: 'United States' },
  { code: 'in', dial: '+91', name: 'India' },
  { code: 'gb', dial: '+44', name: 'United Kingdom' },
  { code: 'ae', dial: '+971', name: 'United Arab Emirates' },
  { code: 'ca', dial: '+1', name: 'Canada' },
  { code: 'au', dial: '+61', name: 'Australia' },
  { code: 'sg', dial: '+65', name: 'Singapore' },
  { code: 'sa', dial: '+966', name: 'Saudi Arabia' },
  { code: 'np', dial: '+977', name: 'Nepal' },
  { code: 'de', dial: '+49', name: 'Germany' },
];
export const DEFAULT_COUNTRY = 'us';
