import { useEffect, useState } from 'react';
import { attributionFields, privacySignal, type AttributionMode } from '../lib/attribution';

export const PRIVACY_HREF = '/privacy-policy/';

export const NOTICE = {
  kept: 'We keep the page and the campaign that brought you here with your message.',
  consent: 'Also keep the ad click that brought me here, so you can see which ads work (optional).',
  declined: 'Your browser asks not to be tracked, so nothing about how you found us is kept.',
};

/**
 * What a form says and sends of the visit that brought the visitor (lib/attribution.ts): the
 * line beside its button, with the consent setting the box to tick, and fields(), what the
 * enquiry carries. A browser asking not to be tracked is told that nothing is kept (known once
 * the page is hydrated; the page as served says the general rule).
 */
export function useAttribution(mode: AttributionMode = 'notice', id: string) {
  const [consent, setConsent] = useState(false);
  const [declined, setDeclined] = useState(false);
  useEffect(() => setDeclined(mode !== 'off' && privacySignal()), [mode]);
  const notice =
    mode === 'off' ? null : (
      <div className="attribution-notice">
        {mode === 'consent' && !declined && (
          <label className="attribution-notice__consent" htmlFor={`${id}-ad-consent`}>
            <input id={`${id}-ad-consent`} type="checkbox" name="adConsent" value="true" checked={consent}
              onChange={(e) => setConsent(e.target.checked)} />
            {NOTICE.consent}
          </label>
        )}
        <p>
          {declined ? NOTICE.declined : NOTICE.kept} <a href={PRIVACY_HREF}>Privacy policy</a>
        </p>
      </div>
    );
  return { notice, fields: () => attributionFields(mode, consent) };
}
