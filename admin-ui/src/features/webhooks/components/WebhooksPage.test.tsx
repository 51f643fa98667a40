import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { answer, records } from '../../../test/api';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import type { Delivery } from '../api/webhooks';
import { WebhooksPage } from './WebhooksPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

// The webhook as the handlers answer it (api-fixture.json); its failed delivery is typed, as the
// fixture's test server holds no webhook worker.
const hook = records.webhook();
const failed: Delivery = { id: 7, eventId: 'e1', event: 'enquiry.created', endpointId: hook.id, url: hook.url, status: 'failed', attempts: 8, lastError: 'HTTP 500', createdAt: hook.createdAt };

describe('WebhooksPage', () => {
  it('adds a webhook in a dialog and then shows its secret to copy', async () => {
    setToken('tok');
    let added = false;
    const fetch = routeFetch({
      'GET /api/webhooks': () => jsonResponse(added ? [hook] : []),
      'GET /api/webhooks/deliveries?limit=50': () => jsonResponse([]),
      'POST /api/webhooks': () => {
        added = true;
        return answer('POST /api/webhooks');
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
    expect(within(done).getByLabelText('Secret')).toHaveValue(hook.secret);
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
      [`DELETE /api/webhooks/${hook.id}`]: () => jsonResponse({ message: 'Webhook removed.' }),
    });
    renderAt('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);
    const deliveries = await screen.findByRole('table');
    expect(within(deliveries).getByText('HTTP 500')).toBeInTheDocument();
    await userEvent.click(within(deliveries).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Delivery queued again.')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/webhooks/deliveries/7/retry')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(screen.getByLabelText('Secret')).toHaveValue(hook.secret);

    await userEvent.click(screen.getByRole('button', { name: `Remove the webhook to ${hook.url}` }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, `DELETE /api/webhooks/${hook.id}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: `Remove the webhook to ${hook.url}` }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Webhook removed.')).toBeInTheDocument();
  });
});
