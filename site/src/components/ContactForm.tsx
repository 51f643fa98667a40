import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Send } from '../lib/lucide';
import { MESSAGES, afterSent, enquiryOf, validMailbox, type Contact, type FormFields } from '../lib/enquiry';
import { siteCountry, visitorCountry } from '../lib/country';
import { useEnquiry } from '../lib/useEnquiry';
import { useTurnstile } from '../lib/turnstile';
import { Honeypot } from './Honeypot';
import { PhoneField } from './PhoneField';
import { SendStatus } from './SendStatus';
import type { AttributionMode } from '../lib/attribution';
import { useAttribution } from './AttributionNotice';

export interface ContactFormProps {
  formEndpoint: string;
  /** Cloudflare Turnstile's site key: the form shows its widget and sends its token. */
  turnstileSiteKey?: string;
  /** site.yaml's defaultCountry: the phone's country when the visitor's own is not listed. */
  defaultCountry?: string;
  /** The agency's phone, WhatsApp and e-mail, offered when a send fails every way. */
  contact?: Contact;
  /** The site's attribution setting: the line by the button, the consent box, what is sent. */
  attribution?: AttributionMode;
}

type Fields = FormFields;

/**
 * The contact page form island. Without JavaScript it posts form-encoded to formEndpoint (the server
 * answers with a redirect to /thank-you/, or with this page filled again and the reason when it
 * refuses); hydrated, it sends JSON, retried while the server cannot be reached, and shows the
 * server's answer in place (its own words for a refusal: "Phone number must be valid."). All
 * four fields are required by the browser (SPEC §5); hydrated, the e-mail is also held to the
 * server's rule (one plain mailbox). The phone's country starts at the site's default (what the
 * page is rendered with) and becomes the visitor's own once hydrated, unless they chose one.
 * With a Turnstile site key the widget is shown once the form is hydrated, and its token is sent
 * (without JavaScript there is no widget, and the server keeps such an enquiry in its spam folder).
 */
export default function ContactForm({ formEndpoint, turnstileSiteKey, defaultCountry, contact, attribution }: ContactFormProps) {
  const empty = (country: string): Fields => ({ name: '', email: '', country, phone: '', message: '', website: '' });
  const [fields, setFields] = useState<Fields>(() => empty(siteCountry(defaultCountry)));
  const [shownAt, setShownAt] = useState(0);
  const [emailError, setEmailError] = useState('');
  const countryChosen = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const { status, sending, submit, refuse, markShown, startedAt, warm } = useEnquiry(formEndpoint);
  const lead = useAttribution(attribution);
  const challenge = useTurnstile(turnstileSiteKey);

  useEffect(() => {
    markShown();
    setShownAt(startedAt.current);
    const guess = visitorCountry(defaultCountry);
    setFields((f) => (countryChosen.current ? f : { ...f, country: guess }));
  }, [markShown, startedAt, defaultCountry]);

  const set = (key: keyof Fields, value: string) => {
    if (key === 'country') countryChosen.current = true;
    setFields((f) => ({ ...f, [key]: value }));
    // Once shown, the error follows every change and clears when the address is valid.
    if (key === 'email' && emailError) setEmailError(validMailbox(value.trim()) ? '' : MESSAGES.email);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    if (!validMailbox(fields.email.trim())) {
      setEmailError(MESSAGES.email);
      emailRef.current?.focus();
      return;
    }
    setEmailError('');
    if (turnstileSiteKey && !challenge.token && challenge.state !== 'unavailable') {
      refuse(MESSAGES.check);
      return;
    }
    const sent = fields;
    const typed = enquiryOf('contact', fields, challenge.token);
    void submit(
      lead.fields().then((visit) => ({ ...typed, ...visit })), // the visit's code may still be on its way
      () => setFields((f) => afterSent(f, sent, empty(f.country))),
    ).finally(challenge.reset); // a token is good for one send
  };

  return (
    <form className="form contact-form" method="post" action={formEndpoint} onSubmit={onSubmit}
      onFocus={() => void warm().catch(() => {})}>
      <div className="form__row">
        <div className="field">
          <label htmlFor="contact-name">Name</label>
          <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={100}
            value={fields.name} onChange={(e) => set('name', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="contact-email">Email</label>
          <input ref={emailRef} id="contact-email" name="email" type="email" autoComplete="email" required
            aria-invalid={emailError ? true : undefined} aria-describedby={emailError ? 'contact-email-error' : undefined}
            value={fields.email} onChange={(e) => set('email', e.target.value)} />
          {emailError && <p id="contact-email-error" className="field__error">{emailError}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-phone">Phone</label>
        <PhoneField prefix="contact" country={fields.country} phone={fields.phone} required
          onCountry={(v) => set('country', v)} onPhone={(v) => set('phone', v)} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={5} required maxLength={2000}
          value={fields.message} onChange={(e) => set('message', e.target.value)} />
      </div>
      <Honeypot prefix="contact" value={fields.website} onChange={(v) => set('website', v)} />
      <input type="hidden" name="startedAt" value={shownAt ? String(shownAt) : ''} />
      {turnstileSiteKey && <div ref={challenge.ref} className="turnstile" />}
      <button type="submit" className="btn btn--primary btn--lg" aria-disabled={sending || undefined}>
        <Send aria-hidden="true" size={18} />
        {sending ? MESSAGES.sending : 'Send Message'}
      </button>
      {lead.notice}
      <SendStatus status={status} contact={contact} />
    </form>
  );
}
