import { api } from '../../../lib/api-client';
import type { Message } from '../../messages/api/messages';

/** Where the visit that sent an enquiry came from (docs/API.md, "Where leads come from"). */
export interface Attribution {
  landing?: string;
  page?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  fbclid?: string;
  msclkid?: string;
  channel: Channel;
  adConsent?: boolean;
  basis?: 'notice' | 'consent';
  clickIdsErased?: boolean;
}

export interface Outcome {
  result: 'won' | 'lost';
  value?: number;
  currency?: string;
  at: string;
  by: string;
}

export type Channel = 'paid-search' | 'organic-search' | 'social' | 'referral' | 'email' | 'direct';

export const CHANNELS: { id: Channel | 'unknown'; label: string }[] = [
  { id: 'paid-search', label: 'Paid search' },
  { id: 'organic-search', label: 'Organic search' },
  { id: 'social', label: 'Social' },
  { id: 'referral', label: 'Referral' },
  { id: 'email', label: 'E-mail' },
  { id: 'direct', label: 'Direct' },
  { id: 'unknown', label: 'Not recorded' },
];

export function channelLabel(id: string | undefined): string {
  return CHANNELS.find((c) => c.id === (id || 'unknown'))?.label ?? id ?? '';
}

export interface Sources {
  channels: Partial<Record<Channel | 'unknown', number>>;
  campaigns: { name: string; count: number }[];
}

export const messageSources = () => api.get<Sources>('/popups/sources');

export const setOutcome = (id: string, o: { result: '' | 'won' | 'lost'; value?: number; currency?: string }) =>
  api.put<{ message: string; enquiry: Message }>(`/popups/${encodeURIComponent(id)}/outcome`, o);

export function downloadAdsConversions(since: string, name: string) {
  const q = new URLSearchParams({ since, name });
  return api.get<Blob>(`/popups/ads-conversions.csv?${q}`, { as: 'blob' });
}

/** A row of the Traffic report; rate is conversions over visits (null without visits). */
export interface TrafficRow {
  key?: string;
  visitors?: number;
  pageViews: number;
  visits: number;
  enquiries: number;
  conversions: number;
  rate: number | null;
  /** Visits with a tap on the call or WhatsApp link (at most one a visit). */
  taps: number;
  /** Of the totals only: every tap on a call link, and on the WhatsApp link. */
  calls?: number;
  chats?: number;
}

export interface TrafficDay {
  day: string;
  visitors: number;
  pageViews: number;
  visits: number;
  enquiries: number;
  conversions: number;
  taps: number; // every tap on the call and WhatsApp links that day
}

export interface TrafficReport {
  days: number;
  first: string;
  last: string;
  timeZone: string;
  attribution: 'notice' | 'consent' | 'off';
  totals: TrafficRow;
  series: TrafficDay[];
  landingPages: TrafficRow[];
  channels: TrafficRow[];
  campaigns: TrafficRow[];
  referrers: TrafficRow[];
  devices: TrafficRow[];
  notes: { restartDays: string[]; capped: boolean; bots: number; invalid: number; shed: number };
}

export const trafficReport = (days: number, signal?: AbortSignal) => api.get<TrafficReport>(`/api/traffic?days=${days}`, { signal });
