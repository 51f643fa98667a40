import { useEffect, useState } from 'react';
import { CHANNELS, messageSources, type Sources } from '../api/leads';

/**
 * The inbox's filters by the visit that sent the enquiry: its channel and its campaign, with
 * their counts, read again whenever `changes` moves (an enquiry left or joined the inbox).
 */
export function SourceFilters({ channel, campaign, onChange, changes = 0 }: {
  channel: string; campaign: string; onChange: (f: { channel: string; campaign: string }) => void; changes?: number;
}) {
  const [sources, setSources] = useState<Sources | null>(null);
  useEffect(() => {
    messageSources().then(setSources).catch(() => undefined);
  }, [changes]);
  const campaigns = sources?.campaigns ?? [];
  const known = !campaign || campaigns.some((c) => c.name.toLowerCase() === campaign.toLowerCase());
  return (
    <div className="source-filters">
      <div className="field">
        <label htmlFor="inbox-channel">Channel</label>
        <select id="inbox-channel" value={channel} onChange={(e) => onChange({ channel: e.target.value, campaign })}>
          <option value="">Any channel</option>
          {CHANNELS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}{sources ? ` (${sources.channels[c.id] ?? 0})` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="inbox-campaign">Campaign</label>
        <select id="inbox-campaign" value={campaign} onChange={(e) => onChange({ channel, campaign: e.target.value })}>
          <option value="">Any campaign</option>
          {!known && <option value={campaign}>{campaign}</option>}
          {campaigns.map((c) => (
            <option key={c.name} value={c.name}>{c.name} ({c.count})</option>
          ))}
        </select>
      </div>
    </div>
  );
}
