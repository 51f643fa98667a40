import { useEffect, useRef } from 'react';
import type { Contact } from '../lib/enquiry';
import type { SendStatus as Status } from '../lib/useEnquiry';

/**
 * The form's status line (a polite live region): the server's answer, or why nothing was sent.
 * When every way of sending failed, the agency's phone, WhatsApp and e-mail beside it, so the
 * visitor still reaches us; the form keeps what they typed. A new answer is brought into view: on
 * a phone it sat under the screen's lower edge, below a form just emptied.
 */
export function SendStatus({ status, contact }: { status: Status; contact?: Contact }) {
  const text = status.kind === 'success' || status.kind === 'error' ? status.text : '';
  const line = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text) line.current?.scrollIntoView?.({ block: 'nearest' });
  }, [text, status]);
  return (
    <div ref={line} role="status" aria-live="polite" className={'form-status form-status--' + status.kind}>
      {text && <p className="form-status__text">{text}</p>}
      {status.fallback && contact && (
        <p className="form-fallback">
          Please reach us directly:{' '}
          <a href={`tel:${contact.phone}`}>call {contact.phoneDisplay || contact.phone}</a>
          {contact.chatUrl && (
            <>
              {', '}
              <a href={contact.chatUrl} target="_blank" rel="noopener noreferrer">WhatsApp us</a>
            </>
          )}
          {' or '}
          <a href={`mailto:${contact.email}`}>e‑mail {contact.email}</a>.
        </p>
      )}
    </div>
  );
}
