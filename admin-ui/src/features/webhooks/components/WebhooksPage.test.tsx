import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { WebhooksPage } from './WebhooksPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const hook = { id: 'w1', url: 'https://crm.example.com/in', events: ['enquiry.created'], format: 'json', secret: 'whsec_abc', createdBy: 'priya', createdAt: '2026-01-01T00:00:00Z' };
const failed = { id: 7, eventId: 'e1', event: 'enquiry.created', endpointId: 'w1', url: hook.url, status: 'failed', attempts: 8, lastError: 'HTTP 500', createdAt: '2026-01-02T00:00:00Z' };

describe('WebhooksPage', () => {
  it('adds a webhook in a dialog and then shows its secret to copy', async () => {
    setToken('tok');
    let added = false;
    const fetch = routeFetch({
      'GET /api/webhooks': () => jsonResponse(added ? [hook] : []),
      'GET /api/webhooks/deliveries?limit=50': () => jsonResponse([]),
      'POST /api/webhooks': () => {
        added = true;
        return jsonResponse({ message: 'Webhook added.', webhook: hook }, 201);
      },
    });
    renderAt('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);
    expect(await screen.findByText('No webhooks yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook' });
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'ftp://nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('The URL must be an http:// or https:// address.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^URL/));
    await userEvent.type(within(dialog).getByLabelText(/^URL/), hook.url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const done = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(done).getByLabelText('Secret')).toHaveValue('whsec_abc');
    expect(JSON.parse(callsOf(fetch, 'POST /api/webhooks')[0].body as string)).toEqual({ url: hook.url, events: ['enquiry.created'], format: 'json' });
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(hook.url)).toBeInTheDocument();
  });

  it('asks before removing a webhook, and retries a failed delivery', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/webhooks': () => jsonResponse([hook]),
      'GET /api/webhooks/deliveries?limit=50': () => jsonResponse([failed]),
      'POST /api/webhooks/deliveries/7/retry': () => jsonResponse({ message: 'Delivery queued again.' }),
      'DELETE /api/webhooks/w1': () => jsonResponse({ message: 'Webhook removed.' }),
    });
    renderAt('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);
    const deliveries = await screen.findByRole('table');
    expect(within(deliveries).getByText('HTTP 500')).toBeInTheDocument();
    await userEvent.click(within(deliveries).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Delivery queued again.')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/webhooks/deliveries/7/retry')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(screen.getByLabelText('Secret')).toHaveValue('whsec_abc');

    await userEvent.click(screen.getByRole('button', { name: `Remove the webhook to ${hook.url}` }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, 'DELETE /api/webhooks/w1')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: `Remove the webhook to ${hook.url}` }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Webhook removed.')).toBeInTheDocument();
  });
});
