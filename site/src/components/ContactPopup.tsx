import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { X } from '../lib/lucide';
import type { Contact } from '../lib/enquiry';
import { useDialog } from '../lib/useDialog';
import { OPEN_POPUP_EVENT, takePopupRequest } from '../lib/events';
import { popupIsQuiet, rememberPopup } from '../lib/popupMemory';
import type { PopupFormProps } from './PopupForm';
import type { AttributionMode } from '../lib/attribution';
import { afterLoad, afterLoadIdle } from '../lib/afterLoad';

let formCode: Promise<ComponentType<PopupFormProps>> | null = null;
let loadedForm: ComponentType<PopupFormProps> | null = null;

/**
 * The popup's form (with the phone field, the attribution line and the send status), fetched
 * when the popup is about to open: on home once the island wakes (it opens by itself at 6 s),
 * elsewhere when a visitor reaches for a button that opens it. A page only read never loads it.
 */
export function loadPopupForm(): Promise<ComponentType<PopupFormProps>> {
  return (formCode ??= import('./PopupForm').then(
    (m) => (loadedForm = m.PopupForm),
    (err) => {
      formCode = null; // a later open tries the download again
      throw err;
    },
  ));
}

/** Forgets the fetched form, as on a page's first load (tests). */
export function forgetPopupForm(): void {
  formCode = null;
  loadedForm = null;
}

// Where a visitor goes when the form's code cannot be fetched: the contact page works without it.
const CONTACT_PAGE = '/contactus/';

export interface ContactPopupProps {
  formEndpoint: string;
  /** Cloudflare Turnstile's site key: the form shows its widget and sends its token. */
  turnstileSiteKey?: string;
  /** Opens by itself this many ms after arrival (home page: 6000); 0 = only on request. */
  autoOpenMs: number;
  /** site.yaml's defaultCountry: the phone's country when the visitor's own is not listed. */
  defaultCountry?: string;
  /** The agency's phone, WhatsApp and e-mail, offered when a send fails every way. */
  contact?: Contact;
  /** The site's attribution setting (the form's line and box); not off: the page counts its view. */
  attribution?: AttributionMode;
}

/**
 * The Contact Us popup island. Opens on the 'contact-popup:open' window event (the header button),
 * on a click on any [data-open-popup] element, and once after autoOpenMs unless the visitor closed it
 * or sent an enquiry lately (lib/popupMemory.ts). The form is PopupForm; the dialog's keyboard
 * rules are useDialog's. Once opened it stays mounted, hidden while closed, so what was typed
 * and a send under way survive closing it.
 */
export default function ContactPopup({ formEndpoint, autoOpenMs, turnstileSiteKey, defaultCountry, contact, attribution }: ContactPopupProps) {
  const [open, setOpen] = useState(false);
  const [Form, setForm] = useState<ComponentType<PopupFormProps> | null>(null); // as served: no dialog until asked
  const everOpened = useRef(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  // The dialog opens whole, once its form's code is here (nothing inside it moves after it shows).
  const show = useCallback(() => {
    everOpened.current = true;
    if (document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
    const ready = (F: ComponentType<PopupFormProps>) => {
      setForm(() => F);
      setOpen(true);
    };
    if (loadedForm) return ready(loadedForm); // fetched ahead: opens at once
    loadPopupForm().then(
      ready,
      (err) => {
        console.error(err);
        window.location.assign(CONTACT_PAGE);
      },
    );
  }, []);

  const close = useCallback(() => {
    rememberPopup('closed');
    setOpen(false);
    returnFocus.current?.focus?.();
  }, []);

  const { dialogRef, first, trapTab } = useDialog<HTMLInputElement>(open, close);
  // The popup is on every page: its island counts the page view (the beacon goes once a page)
  // and the taps on the call and WhatsApp links. The island may wake before the page's load
  // event (boot.ts starts the islands 3 s in at the latest); the visit's door, like what it
  // opens, is fetched only after it (issue 26.2).
  useEffect(() => {
    if (attribution === 'off') return;
    void afterLoad()
      .then(() => import('../lib/visit'))
      .then((door) => door.loadVisit())
      .then((m) => {
        m.sendPageView();
        m.watchTaps();
      })
      .catch((err) => console.error(err)); // a page view not counted breaks nothing
  }, [attribution]);

  useEffect(() => {
    const onOpen = () => {
      takePopupRequest();
      show();
    };
    const onClick = (e: MouseEvent) => {
      const trigger = e.target instanceof Element ? e.target.closest('[data-open-popup]') : null;
      if (trigger) {
        e.preventDefault();
        show();
      }
    };
    // A pointer over, or the keyboard on, a button that opens the popup starts fetching its form.
    const onIntent = (e: Event) => {
      if (e.target instanceof Element && e.target.closest('[data-open-popup], [aria-haspopup="dialog"]')) void loadPopupForm().catch(() => {});
    };
    window.addEventListener(OPEN_POPUP_EVENT, onOpen);
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    if (takePopupRequest()) show(); // the header's button was pressed before this island woke
    return () => {
      window.removeEventListener(OPEN_POPUP_EVENT, onOpen);
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [show]);

  useEffect(() => {
    // A visitor who closed the popup or sent us an enquiry lately is not interrupted again.
    if (!autoOpenMs || autoOpenMs <= 0 || popupIsQuiet()) return;
    // It will be needed at autoOpenMs; fetched once the page has loaded (the form holds the leads
    // work's phone field and attribution line), unless a visitor asks for it first.
    void afterLoadIdle().then(loadPopupForm).catch(() => {});
    const timer = window.setTimeout(() => {
      if (!everOpened.current) show();
    }, autoOpenMs);
    return () => window.clearTimeout(timer);
  }, [autoOpenMs, show]);

  if (!Form) return null;

  return (
    <div className="popup-backdrop" hidden={!open} onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div ref={dialogRef} className="popup" role="dialog" aria-modal="true" aria-labelledby="popup-title"
        aria-describedby="popup-intro" onKeyDown={trapTab}>
        <button type="button" className="popup__close" onClick={close}>
          <X aria-hidden="true" size={22} />
          <span className="visually-hidden">Close</span>
        </button>
        <h2 id="popup-title" className="popup__title">Contact Us</h2>
        <p id="popup-intro" className="popup__intro">Tell us a little about what you need and we will get back to you.</p>
        <Form formEndpoint={formEndpoint} turnstileSiteKey={turnstileSiteKey} defaultCountry={defaultCountry}
          contact={contact} nameRef={first} shown={open} attribution={attribution} />
      </div>
    </div>
  );
}
