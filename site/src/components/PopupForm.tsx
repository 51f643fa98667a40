import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { MESSAGES, MIN_PHONE_LENGTH, afterSent, enquiryOf, validMailbox, type Contact, type FormFields } from '../lib/enquiry';
import { siteCountry, visitorCountry } from '../lib/country';
import { useEnquiry } from '../lib/useEnquiry';
import { useTurnstile } from '../lib/turnstile';
import { Honeypot } from './Honeypot';
import { PhoneField } from './PhoneField';
import { SendStatus } from './SendStatus';
import type { AttributionMode } from '../lib/attribution';
import { useAttribution } from './AttributionNotice';

export interface PopupFormProps {
  formEndpoint: string;
  turnstileSiteKey?: string;
  defaultCountry?: string;
  contact?: Contact;
  /** The Name field, focused when the dialog opens. */
  nameRef: RefObject<HTMLInputElement | null>;
  /** Whether the popup is open (Turnstile's widget lives only then). */
  shown: boolean;
  /** The site's attribution setting: the line by the button, the consent box, what is sent. */
  attribution?: AttributionMode;
}

type Fields = FormFields;
type Errors = Partial<Record<'name' | 'email' | 'phone', string>>;

// SPEC §5's rules, with one change: the e-mail the popup calls optional is optional (a visitor
// who leaves only a phone number is a lead); one that is given is held to the server's rule.
function validate(f: Fields): Errors {
  const errors: Errors = {};
  const email = f.email.trim();
  if (!f.name.trim()) errors.name = MESSAGES.name;
  if (email && !validMailbox(email)) errors.email = MESSAGES.email;
  if (f.phone.trim().length < MIN_PHONE_LENGTH) errors.phone = MESSAGES.phone;
  return errors;
}

/** The Contact Us popup's form: rendered while the popup is open. */
export function PopupForm({ formEndpoint, turnstileSiteKey, defaultCountry, contact, nameRef, shown, attribution }: PopupFormProps) {
  const empty = (): Fields => ({ name: '', email: '', country: visitorCountry(defaultCountry), phone: '', message: '', website: '' });
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const { status, sending, submit, refuse, markShown, warm } = useEnquiry(formEndpoint);
  const challenge = useTurnstile(turnstileSiteKey, shown);
  const lead = useAttribution(attribution);

  useEffect(markShown, [markShown]);

  const set = (key: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key === 'email') {
      // Checked on every change: the error appears while invalid and clears once valid or empty.
      const v = value.trim();
      setErrors((er) => ({ ...er, email: v && !validMailbox(v) ? MESSAGES.email : undefined }));
    } else if (key === 'phone' && value.trim().length >= MIN_PHONE_LENGTH) {
      setErrors((er) => ({ ...er, phone: undefined }));
    } else if (key === 'name' && value.trim()) {
      setErrors((er) => ({ ...er, name: undefined }));
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['name', 'email', 'phone'] as const).find((k) => found[k]);
      document.getElementById(`popup-${first}`)?.focus();
      return;
    }
    if (turnstileSiteKey && !challenge.token && challenge.state !== 'unavailable') {
      refuse(MESSAGES.check);
      return;
    }
    const sent = fields;
    const typed = enquiryOf('popup', { ...fields, country: fields.country || siteCountry(defaultCountry) }, challenge.token);
    void submit(
      lead.fields().then((visit) => ({ ...typed, ...visit })), // the visit's code may still be on its way
      () => {
        setFields((f) => afterSent(f, sent, empty()));
        setErrors({});
      },
    ).finally(challenge.reset); // a token is good for one send
  };

  const describedBy = (key: keyof Errors) => (errors[key] ? `popup-${key}-error` : undefined);
  const error = (key: keyof Errors) =>
    errors[key] && <p id={`popup-${key}-error`} className="field__error">{errors[key]}</p>;

  return (
    <form className="form" noValidate onSubmit={onSubmit} onFocus={() => void warm().catch(() => {})}>
      <div className="field">
        <label htmlFor="popup-name">Name</label>
        <input ref={nameRef} id="popup-name" name="name" type="text" autoComplete="name" required maxLength={100}
          value={fields.name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')}
          onChange={(e) => set('name', e.target.value)} />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor="popup-email">Email <span className="field__optional">(optional)</span></label>
        <input id="popup-email" name="email" type="email" autoComplete="email" inputMode="email"
          value={fields.email} aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy('email')}
          onChange={(e) => set('email', e.target.value)} />
        {error('email')}
      </div>
      <div className="field">
        <label htmlFor="popup-phone">Phone</label>
        <PhoneField prefix="popup" country={fields.country} phone={fields.phone} required
          onCountry={(v) => set('country', v)} onPhone={(v) => set('phone', v)}
          invalid={Boolean(errors.phone)} describedBy={describedBy('phone')} />
        {error('phone')}
      </div>
      <div className="field">
        <label htmlFor="popup-message">Message</label>
        <textarea id="popup-message" name="message" rows={3} maxLength={2000} value={fields.message}
          onChange={(e) => set('message', e.target.value)} />
      </div>
      <Honeypot prefix="popup" value={fields.website} onChange={(v) => set('website', v)} />
      {turnstileSiteKey && <div ref={challenge.ref} className="turnstile" />}
      <button type="submit" className="btn btn--primary btn--block" aria-disabled={sending || undefined}>
        {sending ? MESSAGES.sending : 'Send Message'}
      </button>
      {lead.notice}
      <SendStatus status={status} contact={contact} />
    </form>
  );
}
