import { useCallback, useRef, useState } from 'react';
import { MESSAGES, sendEnquiry, type Enquiry } from './enquiry';
import { rememberPopup } from './popupMemory';

export type SendStatus = { kind: 'idle' | 'sending' | 'success' | 'error'; text: string };

/** Submit state shared by the popup and the contact page: idle → sending → idle, with a status text. */
export function useEnquiry(endpoint: string) {
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle', text: '' });
  const startedAt = useRef(0);

  /** Remembers when the form was first shown (the server drops submissions made too fast). */
  const markShown = useCallback(() => {
    if (!startedAt.current) startedAt.current = Date.now();
  }, []);

  const submit = useCallback(
    async (fields: Omit<Enquiry, 'startedAt'>, onSent: () => void) => {
      setStatus({ kind: 'sending', text: '' });
      try {
        const text = await sendEnquiry(endpoint, { ...fields, startedAt: startedAt.current || Date.now() });
        onSent();
        rememberPopup('sent');
        setStatus({ kind: 'success', text });
      } catch (err) {
        console.error(err);
        setStatus({ kind: 'error', text: MESSAGES.failed });
      }
    },
    [endpoint],
  );

  /** Shows why the form was not sent (the visitor can fix it and send again). */
  const refuse = useCallback((text: string) => setStatus({ kind: 'error', text }), []);

  return { status, sending: status.kind === 'sending', submit, refuse, markShown, startedAt };
}
