import type { Attribution } from '../api/leads';
import { channelLabel } from '../api/leads';
import '../leads.css';

/**
 * Where the visit that sent an enquiry came from, on its card: the channel, the campaign, the
 * landing page and referring site in one line, the rest (utm_ terms, the form's page, the ad
 * click ids) a click away. "Not recorded" when nothing was kept (no script, a visitor asking
 * not to be tracked, an enquiry from before).
 */
export function EnquirySource({ a }: { a?: Attribution }) {
  if (!a) {
    return <p className="enquiry-source muted"><span className="channel-badge channel-unknown">{channelLabel(undefined)}</span></p>;
  }
  const clickIds = (['gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid'] as const).filter((k) => a[k]);
  const details: [string, string | undefined][] = [
    ['Form on', a.page],
    ['utm_source', a.utmSource],
    ['utm_medium', a.utmMedium],
    ['utm_term', a.utmTerm],
    ['utm_content', a.utmContent],
    ...clickIds.map((k): [string, string] => [k, a[k]!]),
  ];
  const shown = details.filter(([, v]) => v);
  return (
    <div className="enquiry-source">
      <p>
        <span className={`channel-badge channel-${a.channel}`}>{channelLabel(a.channel)}</span>
        {a.utmCampaign && <span> · campaign <strong>{a.utmCampaign}</strong></span>}
        {a.landing && <span> · landed on <code>{a.landing}</code></span>}
        {a.referrer && <span> · from {a.referrer}</span>}
        {a.clickIdsErased && <span className="muted"> · ad click ids erased after their time</span>}
        {a.basis === 'consent' && !a.adConsent && <span className="muted"> · no consent to keep the ad click</span>}
      </p>
      {shown.length > 0 && (
        <details>
          <summary>Visit details</summary>
          <dl>
            {shown.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
