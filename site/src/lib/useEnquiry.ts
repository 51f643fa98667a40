import { useCallback, useRef, useState } from 'react';
import { MESSAGES, enquiryBody, type Enquiry } from './enquiry';
import type { RetryOptions } from './send';
import { rememberPopup } from './popupMemory';

/** fallback: show how to reach the agency without the form (the send failed every way). */
export type SendStatus = { kind: 'idle' | 'sending' | 'success' | 'error'; text: string; fallback?: boolean };

export type EnquiryFields = Omit<Enquiry, 'id' | 'startedAt'>;

let sendCode: Promise<typeof import('./send')> | null = null;

/**
 * The sending code (lib/send.ts: retries, timeouts, the intake's turn), fetched when a visitor
 * first puts the cursor in a form, so a page that is only read never loads it (issue 26's budget).
 */
export function loadSend(): Promise<typeof import('./send')> {
  return (sendCode ??= import('./send').catch((err) => {
    sendCode = null; // a later send tries the download again
    throw err;
  }));
}

// crypto.randomUUID needs a secure context (https, localhost); a page served over plain http on a
// network address has getRandomValues still, and makes the same version-4 UUID from it.
function newID(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Submit state shared by the popup and the contact page: idle → sending → success or error.
 * One id per enquiry, made when it is first sent and kept through every retry and a send again
 * after a failure, so it is stored once; a new one after a success. When the endpoint cannot be
 * reached for about 20 s, the enquiry goes to the intake bucket (its code loaded only then);
 * when that fails too, 'Failed to send message' with the agency's phone, WhatsApp and e-mail.
 */
export function useEnquiry(endpoint: string, retry?: RetryOptions) {
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle', text: '' });
  const startedAt = useRef(0);
  const id = useRef('');
  // The phone number the server asked the visitor to check (not one of its country's): sent
  // again unchanged, it goes with the answer that they checked it.
  const askedPhone = useRef<string | null>(null);

  /** Remembers when the form was first shown (the server drops submissions made too fast). */
  const markShown = useCallback(() => {
    if (!startedAt.current) startedAt.current = Date.now();
  }, []);

  /**
   * Sends fields: an enquiry, or one still being completed (the form's fields with the visit's,
   * whose code may still be on its way); 'Sending...' shows at once either way.
   */
  const submit = useCallback(
    async (enquiry: EnquiryFields | Promise<EnquiryFields>, onSent: () => void) => {
      setStatus({ kind: 'sending', text: '' });
      const fields = await enquiry;
      id.current ||= newID();
      const checked = askedPhone.current === fields.phone ? { phoneChecked: fields.phone } : {};
      const body = enquiryBody({ ...fields, ...checked, id: id.current, startedAt: startedAt.current || Date.now() });
      let text: string;
      let send: typeof import('./send') | null = null;
      try {
        send = await loadSend();
        text = await send.postEnquiry(endpoint, body, retry);
      } catch (err) {
        if (send && err instanceof send.Refused) {
          askedPhone.current = err.confirm === 'phoneChecked' ? fields.phone : null;
          setStatus({ kind: 'error', text: err.message, fallback: err.message === MESSAGES.failed });
          return;
        }
        console.error(err);
        try {
          const { sendToIntake } = await import('./intake');
          await sendToIntake(id.current, body);
          text = MESSAGES.sentFallback;
        } catch (intakeErr) {
          console.error(intakeErr);
          setStatus({ kind: 'error', text: MESSAGES.failed, fallback: true });
          return;
        }
      }
      id.current = '';
      askedPhone.current = null;
      onSent();
      rememberPopup('sent');
      setStatus({ kind: 'success', text });
    },
    [endpoint, retry],
  );

  /** Shows why the form was not sent (the visitor can fix it and send again). */
  const refuse = useCallback((text: string) => setStatus({ kind: 'error', text }), []);

  return { status, sending: status.kind === 'sending', submit, refuse, markShown, startedAt, warm: loadSend };
}
