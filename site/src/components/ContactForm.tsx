import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Send } from '../lib/lucide';
import { MESSAGES, validMailbox } from '../lib/enquiry';
import { useEnquiry } from '../lib/useEnquiry';
import { TURNSTILE_FIELD, useTurnstile } from '../lib/turnstile';
import type { AttributionMode } from '../lib/attribution';
import { useAttribution } from './AttributionNotice';

export interface ContactFormProps {
  formEndpoint: string;
  /** Cloudflare Turnstile's site key: the form shows its widget and sends its token. */
  turnstileSiteKey?: string;
  /** The site's attribution setting: the line by the button, the consent box, what is sent. */
  attribution?: AttributionMode;
}

type Fields = { name: string; email: string; phone: string; message: string; website: string };
const EMPTY: Fields = { name: '', email: '', phone: '', message: '', website: '' };

/**
 * The contact page form island. Without JavaScript it posts form-encoded to formEndpoint (the server
 * answers with a redirect to /thank-you/); hydrated, it sends JSON and shows the answer in place.
 * All four fields are required by the browser (SPEC §5); hydrated, the e-mail is also held to the
 * server's rule (one plain mailbox), which the browser's own check is looser than, so a visitor it
 * lets through is not answered 'Failed to send message'. With a Turnstile site key the widget is
 * shown once the form is hydrated, and its token is sent (without JavaScript there is no widget,
 * and the server keeps such an enquiry in its spam folder).
 */
export default function ContactForm({ formEndpoint, turnstileSiteKey, attribution }: ContactFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [shownAt, setShownAt] = useState(0);
  const [emailError, setEmailError] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const { status, sending, submit, refuse, markShown, startedAt } = useEnquiry(formEndpoint);
  const challenge = useTurnstile(turnstileSiteKey);
  const lead = useAttribution(attribution);

  useEffect(() => {
    markShown();
    setShownAt(startedAt.current);
  }, [markShown, startedAt]);

  const set = (key: keyof Fields, value: string) => {
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
    void submit(
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
        message: fields.message.trim(),
        website: fields.website,
        ...(challenge.token ? { [TURNSTILE_FIELD]: challenge.token } : {}),
        ...lead.fields(),
      },
      () => setFields(EMPTY),
    ).finally(challenge.reset); // a token is good for one send
  };

  return (
    <form className="form contact-form" method="post" action={formEndpoint} onSubmit={onSubmit}>
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
        <input id="contact-phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" required
          value={fields.phone} onChange={(e) => set('phone', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={5} required maxLength={2000}
          value={fields.message} onChange={(e) => set('message', e.target.value)} />
      </div>
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off"
          value={fields.website} onChange={(e) => set('website', e.target.value)} />
      </div>
      <input type="hidden" name="startedAt" value={shownAt ? String(shownAt) : ''} />
      {turnstileSiteKey && <div ref={challenge.ref} className="turnstile" />}
      <button type="submit" className="btn btn--primary btn--lg" disabled={sending}>
        <Send aria-hidden="true" size={18} />
        {sending ? MESSAGES.sending : 'Send Message'}
      </button>
      {lead.notice}
      <p role="status" aria-live="polite" className={'form-status form-status--' + status.kind}>
        {status.kind === 'success' || status.kind === 'error' ? status.text : ''}
      </p>
    </form>
  );
}
