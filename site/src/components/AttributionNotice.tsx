import { useEffect, useRef, useState } from 'react';
import type { AttributionMode } from '../lib/attribution';
import { loadVisit, type Attribution } from '../lib/visit';

export const PRIVACY_HREF = '/privacy-policy/';

export const NOTICE = {
  kept: 'We keep the page and campaign that brought you here with your message.',
  consent: 'Also keep the ad I clicked, so you can see which ads work (optional).',
  declined: 'Your browser asks not to be tracked: nothing of how you found us is kept.',
};

/**
 * What a form says and sends of the visit that brought the visitor (lib/attribution.ts): the
 * line beside its button, with the consent setting the box to tick, and fields(), what the
 * enquiry carries. A browser asking not to be tracked is told that nothing is kept (known once
 * the visit's code is there; the page as served says the general rule).
 * The visit's code arrives once the browser is idle (loadVisit); a visitor takes longer to
 * fill the form.
 */
export function useAttribution(mode: AttributionMode = 'notice') {
  const [consent, setConsent] = useState(false);
  const [declined, setDeclined] = useState(false);
  const visit = useRef<Attribution | null>(null);
  useEffect(() => {
    if (mode === 'off') return;
    let live = true;
    void loadVisit().then((m) => {
      visit.current = m;
      if (live && m.privacySignal()) setDeclined(true); // no render at all for most visitors
    });
    return () => {
      live = false;
    };
  }, [mode]);
  const notice = mode !== 'off' && (
    <div className="attribution-notice">
      {mode === 'consent' && !declined && (
        <label>
          <input type="checkbox" name="adConsent" value="true" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          {NOTICE.consent}
        </label>
      )}
      <p>
        {declined ? NOTICE.declined : NOTICE.kept} <a href={PRIVACY_HREF}>Privacy policy</a>
      </p>
    </div>
  );
  return { notice, fields: () => visit.current?.attributionFields(mode, consent) ?? {} };
}
