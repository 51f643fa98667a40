import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import type { TrafficReport } from '../api/leads';
import { TrafficPage } from './TrafficPage';

afterEach(() => vi.unstubAllGlobals());

function report(days: number): TrafficReport {
  const series = Array.from({ length: days }, (_, i) => ({
    day: new Date(Date.UTC(2026, 10, 24 - days + 1 + i)).toISOString().slice(0, 10), visitors: i, pageViews: 3 * i, visits: i + 1, enquiries: i % 2, conversions: 0, taps: i === days - 1 ? 3 : 0,
  }));
  return {
    days, first: series[0].day, last: series[days - 1].day, timeZone: 'Asia/Kolkata', attribution: 'notice',
    totals: { visitors: 21, pageViews: 63, visits: 28, enquiries: 3, conversions: 2, rate: 2 / 28, taps: 2, calls: 2, chats: 1 },
    series,
    landingPages: [{ key: '/seo-services-in-delhi/', pageViews: 40, visits: 20, enquiries: 2, conversions: 2, rate: 0.1, taps: 2 }, { key: '(other)', pageViews: 1, visits: 1, enquiries: 0, conversions: 0, rate: 0, taps: 0 }],
    channels: [{ key: 'paid-search', pageViews: 0, visits: 20, enquiries: 2, conversions: 2, rate: 0.1, taps: 2 }, { key: 'unknown', pageViews: 0, visits: 0, enquiries: 1, conversions: 0, rate: null, taps: 0 }],
    campaigns: [{ key: 'Diwali', pageViews: 0, visits: 20, enquiries: 2, conversions: 2, rate: 0.1, taps: 2 }],
    referrers: [], devices: [{ key: 'mobile', pageViews: 0, visits: 28, enquiries: 0, conversions: 0, rate: 0, taps: 0 }],
    notes: { restartDays: ['2026-11-20'], capped: false, bots: 5, invalid: 1, shed: 0 },
  };
}

describe('TrafficPage', () => {
  it('shows the totals, the days as a chart with a table behind it, and the tables by source', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/traffic?days=30': () => jsonResponse(report(30)) });
    renderAt('/admin/traffic', '/admin/traffic', <TrafficPage />);
    const totals = await screen.findByRole('list', { name: 'Totals of the period' });
    expect(within(totals).getByText('Conversion rate').parentElement).toHaveTextContent('7.1 %2 from 28 counted visits');
    // The leads that call or write on WhatsApp instead of sending the form.
    expect(within(totals).getByText('Calls & WhatsApp').parentElement).toHaveTextContent('Calls & WhatsApp32 call taps · 1 WhatsApp');
    // The chart is for the eye; the table of every day is what a screen reader reads.
    const days = screen.getByRole('table', { name: 'Visits by day' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getByRole('rowheader', { name: '24 Nov' })).toBeInTheDocument();
    expect(document.querySelector('.traffic-chart svg[aria-hidden="true"]')?.querySelectorAll('rect')).toHaveLength(30);
    await userEvent.click(screen.getByRole('radio', { name: 'Enquiries' }));
    expect(screen.getByRole('table', { name: 'Enquiries by day' })).toBeInTheDocument();
    const landing = screen.getByRole('table', { name: 'Landing pages' });
    expect(within(landing).getByRole('row', { name: /seo-services-in-delhi/ })).toHaveTextContent('/seo-services-in-delhi/2040210 %22');
    expect(within(landing).getByRole('columnheader', { name: 'Called or WhatsApped' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Calls & WhatsApp' }));
    expect(within(screen.getByRole('table', { name: 'Calls & WhatsApp by day' })).getByRole('row', { name: /24 Nov/ })).toHaveTextContent(/24 Nov.*3$/);
    const channels = screen.getByRole('table', { name: 'Channels' });
    expect(within(channels).getByRole('row', { name: /Not recorded/ })).toHaveTextContent('Not recorded00—10');
    expect(screen.getByText(/in this period: 20 Nov/)).toBeInTheDocument();
  });

  it('switches the period', async () => {
    setToken('tok');
    const fetch = routeFetch({ 'GET /api/traffic?days=30': () => jsonResponse(report(30)), 'GET /api/traffic?days=7': () => jsonResponse(report(7)) });
    renderAt('/admin/traffic', '/admin/traffic', <TrafficPage />);
    await screen.findByRole('table', { name: 'Visits by day' });
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByText(/18 Nov to 24 Nov/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('table', { name: 'Visits by day' })).getAllByRole('row')).toHaveLength(8);
    expect(callsOf(fetch, 'GET /api/traffic?days=7')).toHaveLength(1);
  });
});
