import { useEffect, useRef, useState } from 'react';
import type { AttributionMode } from '../lib/attribution';
import type { Attribution } from '../lib/visit';
import { afterLoad } from '../lib/afterLoad';

// The visit's door (lib/visit.ts), fetched on demand here as by the popup's island, after the
// page's load: a form woken or opened before it (boot.ts's latest start) does not bring it earlier.
const door = () => import('../lib/visit');

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
 * The visit's code arrives once the page has loaded and the browser is idle (loadVisit); a
 * visitor who sends before that waits for it (fields() fetches it at once), so no enquiry goes
 * without the visit that brought it. Should it not download, the enquiry goes without it.
 */
export function useAttribution(mode: AttributionMode = 'notice') {
  const [consent, setConsent] = useState(false);
  const [declined, setDeclined] = useState(false);
  const visit = useRef<Attribution | null>(null);
  useEffect(() => {
    if (mode === 'off') return;
    let live = true;
    void afterLoad().then(door).then((d) => d.loadVisit()).then((m) => {
      visit.current = m;
      if (live && m.privacySignal()) setDeclined(true); // no render at all for most visitors
    }, () => {}); // not downloaded: a send tries again (fields)
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
  /** What the enquiry carries of the visit: with the visit's code once it is here. */
  const fields = async (): Promise<Record<string, string>> => {
    if (mode === 'off') return {};
    try {
      const m: Attribution = visit.current ?? (await door().then((d) => d.visitNow()));
      visit.current = m;
      return m.attributionFields(mode, consent);
    } catch (err) {
      console.error(err); // the enquiry matters more than where it came from
      return {};
    }
  };
  return { notice, fields };
}
