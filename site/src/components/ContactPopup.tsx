import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { X } from '../lib/lucide';
import { COUNTRIES, DEFAULT_COUNTRY, MESSAGES, MIN_PHONE_LENGTH, validMailbox } from '../lib/enquiry';
import { useEnquiry } from '../lib/useEnquiry';
import { TURNSTILE_FIELD, useTurnstile } from '../lib/turnstile';
import { OPEN_POPUP_EVENT } from '../lib/events';
import { popupIsQuiet, rememberPopup } from '../lib/popupMemory';
import type { AttributionMode } from '../lib/attribution';
import { useAttribution } from './AttributionNotice';

export interface ContactPopupProps {
  formEndpoint: string;
  /** Cloudflare Turnstile's site key: the form shows its widget and sends its token. */
  turnstileSiteKey?: string;
  /** Opens by itself this many ms after arrival (home page: 6000); 0 = only on request. */
  autoOpenMs: number;
  /** The site's attribution setting: the line by the button, the consent box, what is sent. */
  attribution?: AttributionMode;
}

type Fields = { name: string; email: string; country: string; phone: string; message: string; website: string };
type Errors = Partial<Record<'name' | 'email' | 'phone', string>>;
const EMPTY: Fields = { name: '', email: '', country: DEFAULT_COUNTRY, phone: '', message: '', website: '' };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled])';

function validate(f: Fields): Errors {
  const errors: Errors = {};
  if (!f.name.trim()) errors.name = MESSAGES.name;
  if (!validMailbox(f.email.trim())) errors.email = MESSAGES.email;
  if (f.phone.trim().length < MIN_PHONE_LENGTH) errors.phone = MESSAGES.phone;
  return errors;
}

/**
 * The Contact Us popup island. Opens on the 'contact-popup:open' window event (the header button),
 * on a click on any [data-open-popup] element, and once after autoOpenMs unless the visitor closed it
 * or sent an enquiry lately (lib/popupMemory.ts).
 */
export default function ContactPopup({ formEndpoint, autoOpenMs, turnstileSiteKey, attribution }: ContactPopupProps) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const { status, sending, submit, refuse, markShown } = useEnquiry(formEndpoint);
  const everOpened = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const challenge = useTurnstile(turnstileSiteKey, open);
  const nameRef = useRef<HTMLInputElement>(null);
  const lead = useAttribution(attribution);

  const show = useCallback(() => {
    everOpened.current = true;
    if (document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
    markShown();
    setOpen(true);
  }, [markShown]);

  const close = useCallback(() => {
    rememberPopup('closed');
    setOpen(false);
    returnFocus.current?.focus?.();
  }, []);

  useEffect(() => {
    const onOpen = () => show();
    const onClick = (e: MouseEvent) => {
      const trigger = e.target instanceof Element ? e.target.closest('[data-open-popup]') : null;
      if (trigger) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener(OPEN_POPUP_EVENT, onOpen);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener(OPEN_POPUP_EVENT, onOpen);
      document.removeEventListener('click', onClick);
    };
  }, [show]);

  useEffect(() => {
    // A visitor who closed the popup or sent us an enquiry lately is not interrupted again.
    if (!autoOpenMs || autoOpenMs <= 0 || popupIsQuiet()) return;
    const timer = window.setTimeout(() => {
      if (!everOpened.current) show();
    }, autoOpenMs);
    return () => window.clearTimeout(timer);
  }, [autoOpenMs, show]);

  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('has-modal');
    nameRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('has-modal');
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  // Keeps Tab inside the dialog while it is open.
  const trapTab = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const set = (key: keyof Fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key === 'email') {
      // Checked on every change: the error appears while invalid and clears once valid.
      setErrors((er) => ({ ...er, email: validMailbox(value.trim()) ? undefined : MESSAGES.email }));
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
    const dial = COUNTRIES.find((c) => c.code === fields.country)?.dial ?? '';
    void submit(
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        phone: `${dial} ${fields.phone.trim()}`.trim(),
        message: fields.message.trim(),
        website: fields.website,
        ...(challenge.token ? { [TURNSTILE_FIELD]: challenge.token } : {}),
        ...lead.fields(),
      },
      () => {
        setFields(EMPTY);
        setErrors({});
      },
    ).finally(challenge.reset); // a token is good for one send
  };

  if (!open) return null;

  const describedBy = (key: keyof Errors, hint?: string) =>
    [hint, errors[key] ? `popup-${key}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="popup-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialogRef}
        className="popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby="popup-title"
        aria-describedby="popup-intro"
        onKeyDown={trapTab}
      >
        <button type="button" className="popup__close" onClick={close}>
          <X aria-hidden="true" size={22} />
          <span className="visually-hidden">Close</span>
        </button>
        <h2 id="popup-title" className="popup__title">Contact Us</h2>
        <p id="popup-intro" className="popup__intro">Tell us a little about what you need and we will get back to you.</p>
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor="popup-name">Name</label>
            <input
              ref={nameRef}
              id="popup-name"
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={100}
              value={fields.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              onChange={(e) => set('name', e.target.value)}
            />
            {errors.name && <p id="popup-name-error" className="field__error">{errors.name}</p>}
          </div>
          <div className="field">
            <label htmlFor="popup-email">Email <span className="field__optional">(optional)</span></label>
            <input
              id="popup-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={fields.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email')}
              onChange={(e) => set('email', e.target.value)}
            />
            {errors.email && <p id="popup-email-error" className="field__error">{errors.email}</p>}
          </div>
          <div className="field">
            <label htmlFor="popup-phone">Phone</label>
            <div className="phone-input">
              <label htmlFor="popup-country" className="visually-hidden">Country code</label>
              <select
                id="popup-country"
                name="country"
                value={fields.country}
                onChange={(e) => set('country', e.target.value)}
              >
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.code.toUpperCase()} {c.dial}
                  </option>
                ))}
              </select>
              <input
                id="popup-phone"
                name="phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                required
                value={fields.phone}
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={describedBy('phone')}
                onChange={(e) => set('phone', e.target.value)}
              />
            </div>
            {errors.phone && <p id="popup-phone-error" className="field__error">{errors.phone}</p>}
          </div>
          <div className="field">
            <label htmlFor="popup-message">Message</label>
            <textarea
              id="popup-message"
              name="message"
              rows={3}
              maxLength={2000}
              value={fields.message}
              onChange={(e) => set('message', e.target.value)}
            />
          </div>
          <div className="hp-field" aria-hidden="true">
            <label htmlFor="popup-website">Website</label>
            <input
              id="popup-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={fields.website}
              onChange={(e) => set('website', e.target.value)}
            />
          </div>
          {turnstileSiteKey && <div ref={challenge.ref} className="turnstile" />}
          <button type="submit" className="btn btn--primary btn--block" disabled={sending}>
            {sending ? MESSAGES.sending : 'Send Message'}
          </button>
          {lead.notice}
          <p role="status" aria-live="polite" className={'form-status form-status--' + status.kind}>
            {status.kind === 'success' || status.kind === 'error' ? status.text : ''}
          </p>
        </form>
      </div>
    </div>
  );
}
