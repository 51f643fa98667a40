import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { IntakePanel } from './IntakePanel';
import type { IntakeStatus } from '../api/intake';

afterEach(() => vi.unstubAllGlobals());

const status = (over: Partial<IntakeStatus> = {}): IntakeStatus => ({
  configured: true, enabled: true, bucket: 'intake', arrived: 0, held: 0, waiting: 0, quarantined: 0, problems: [], ...over,
});

describe('IntakePanel', () => {
  it('shows nothing when no intake is configured', async () => {
    const fetch = routeFetch({ 'GET /api/intake': jsonResponse({ configured: false, problems: [] }) });
    const { container } = renderAt('/admin', '/admin', <IntakePanel />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('.intake-panel')).toBeNull();
  });

  it('says enquiries arrived through the intake and when, and each problem with what to do', async () => {
    routeFetch({
      'GET /api/intake': jsonResponse(status({
        arrived: 3, lastArrival: '2026-11-23T09:30:00Z',
        problems: [{ code: 'unreachable', text: 'The drain cannot reach the intake bucket.', fix: 'Check the INTAKE_DRAIN_* key.' }],
      })),
    });
    renderAt('/admin', '/admin', <IntakePanel />);
    expect(await screen.findByText(/3 enquiries arrived through the intake bucket while the form server was down/)).toBeTruthy();
    expect(screen.getByText(/The drain cannot reach the intake bucket\./)).toBeTruthy();
    expect(screen.getByText(/Check the INTAKE_DRAIN_\* key\./)).toBeTruthy();
  });

  it('switches the intake off after a confirmation', async () => {
    const fetch = routeFetch({
      'GET /api/intake': jsonResponse(status()),
      'PUT /api/intake': jsonResponse({ message: 'The intake is switched off; the site is being rebuilt.', intake: status({ enabled: false }) }),
    });
    renderAt('/admin', '/admin', <IntakePanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Switch the intake off' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Switch off' }));
    await screen.findByRole('button', { name: 'Switch the intake on' });
    expect(JSON.parse(String(callsOf(fetch, 'PUT /api/intake')[0].body))).toEqual({ enabled: false });
  });
});
