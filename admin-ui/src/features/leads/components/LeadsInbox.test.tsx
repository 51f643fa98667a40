import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import type { Message } from '../../messages/api/messages';
import { InboxPage } from '../../messages/components/InboxPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const ID = '000000000000000000000001';
const fromAd: Message = {
  _id: ID, name: 'Asha Verma', email: 'asha@example.in', phone: '+91 98110 45672', message: 'SEO please', createdAt: '2026-11-20T10:00:00Z', status: 'new',
  attribution: { landing: '/seo-services-in-delhi/', page: '/contactus/', referrer: 'www.google.com', utmSource: 'google', utmMedium: 'cpc',
    utmCampaign: 'Diwali', gclid: 'Cj0KCQiA_abc', channel: 'paid-search', basis: 'notice' },
};
const counts = { new: 1, replied: 0, archived: 0, spam: 0, all: 1 };
const sources = { channels: { 'paid-search': 1, unknown: 2 }, campaigns: [{ name: 'Diwali', count: 1 }] };

describe('the inbox and where leads come from', () => {
  it('shows where the enquiry came from and filters by channel and campaign', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups/sources': () => jsonResponse(sources),
      'GET /popups?limit=50': () => jsonResponse([fromAd, { ...fromAd, _id: '000000000000000000000002', name: 'Ravi', attribution: undefined }]),
      'GET /popups?limit=50&channel=paid-search': () => jsonResponse([fromAd]),
      'GET /popups?limit=50&channel=paid-search&campaign=Diwali': () => jsonResponse([fromAd]),
    });
    renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
    const card = (await screen.findByRole('heading', { name: 'Asha Verma' })).closest('li')!;
    expect(card).toHaveTextContent('Paid search · campaign Diwali · landed on /seo-services-in-delhi/ · from www.google.com');
    await userEvent.click(within(card).getByText('Visit details'));
    expect(within(card).getByText('gclid').nextSibling).toHaveTextContent('Cj0KCQiA_abc');
    expect(screen.getByRole('heading', { name: 'Ravi' }).closest('li')).toHaveTextContent('Not recorded');
    const channel = screen.getByLabelText('Channel');
    await waitFor(() => expect(within(channel).getByRole('option', { name: 'Paid search (1)' })).toBeInTheDocument());
    await userEvent.selectOptions(channel, 'paid-search');
    await waitFor(() => expect(callsOf(fetch, 'GET /popups?limit=50&channel=paid-search')).toHaveLength(1));
    await userEvent.selectOptions(screen.getByLabelText('Campaign'), 'Diwali');
    await waitFor(() => expect(callsOf(fetch, 'GET /popups?limit=50&channel=paid-search&campaign=Diwali')).toHaveLength(1));
    expect(await screen.findByText(/from the chosen channel and campaign/)).toBeInTheDocument();
  });

  it('marks an enquiry won with its value, and archiving keeps the win', async () => {
    setToken('tok');
    // New before: the server files an enquiry given an outcome as replied.
    const won = { ...fromAd, status: 'replied' as const, outcome: { result: 'won' as const, value: 45000, currency: 'INR', at: '2026-11-21T10:00:00Z', by: 'admin' } };
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups/sources': () => jsonResponse(sources),
      'GET /popups?limit=50': () => jsonResponse([fromAd]),
      [`PUT /popups/${ID}/outcome`]: () => jsonResponse({ message: 'Outcome saved; the enquiry is marked replied.', enquiry: won }),
      [`PATCH /popups/${ID}`]: () => jsonResponse({ message: 'Enquiry updated.', enquiry: { ...won, status: 'archived' } }),
    });
    renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
    const card = (await screen.findByRole('heading', { name: 'Asha Verma' })).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Won' }));
    await userEvent.type(within(card).getByLabelText(/Deal value/), '45000');
    await userEvent.click(within(card).getByRole('button', { name: 'Save as won' }));
    await waitFor(() => expect(within(card).getByText('Won · ₹45,000.00')).toBeInTheDocument());
    expect(screen.getByText('Marked as won. It is now in Replied.')).toBeInTheDocument();
    expect(JSON.parse(String(callsOf(fetch, `PUT /popups/${ID}/outcome`)[0].body))).toEqual({ result: 'won', value: 45000, currency: 'INR' });
    await userEvent.click(within(card).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(within(card).getByText('Archived')).toBeInTheDocument());
    expect(within(card).getByText('Won · ₹45,000.00')).toBeInTheDocument();
  });

  it('downloads the Google Ads file for the chosen date and conversion name', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups/sources': () => jsonResponse(sources),
      'GET /popups?limit=50': () => jsonResponse([fromAd]),
      'GET /popups/ads-conversions.csv?since=2026-11-01&name=Enquiry+won': () => new Response('Parameters:TimeZone=+0530\r\n', { status: 200 }),
    });
    // jsdom has no object URLs; the test stands in for the browser's download.
    const created = vi.fn((_: Blob) => 'blob:x');
    class DownloadURL extends URL {
      static createObjectURL = created;
      static revokeObjectURL = () => undefined;
    }
    vi.stubGlobal('URL', DownloadURL);
    renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Google Ads conversions' }));
    const dialog = screen.getByRole('dialog', { name: 'Google Ads conversions' });
    const since = within(dialog).getByLabelText('Won since');
    await userEvent.clear(since);
    await userEvent.type(since, '2026-11-01');
    const name = within(dialog).getByLabelText('Conversion action in Google Ads');
    await userEvent.clear(name);
    await userEvent.type(name, 'Enquiry won');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(callsOf(fetch, 'GET /popups/ads-conversions.csv?since=2026-11-01&name=Enquiry+won')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
