import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { AccountLink } from './AccountLink';
import { AccountPage } from './AccountPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const me = () => jsonResponse({ username: 'admin', email: 'admin@digitalreeviver.com', role: 'admin' });

describe('AccountPage', () => {
  it('shows who is signed in and the address reset links go to', async () => {
    setToken('tok');
    const fetch = routeFetch({ 'GET /api/me': me });
    renderAt('/admin/account', '/admin/account', <AccountPage />);
    expect(await screen.findByText('admin@digitalreeviver.com')).toBeInTheDocument();
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByText(/^Admin: writes, publishes/)).toBeInTheDocument();
    const [init] = callsOf(fetch, 'GET /api/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it("sends a reset link to that address and says 'Password reset link sent to your email!'", async () => {
    setToken('tok');
    const fetch = routeFetch({ 'GET /api/me': me, 'POST /admin/forgot-password': () => jsonResponse({ message: 'sent' }) });
    renderAt('/admin/account', '/admin/account', <AccountPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByText('Password reset link sent to your email!')).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, 'POST /admin/forgot-password')[0].body as string)).toEqual({ email: 'admin@digitalreeviver.com' });
  });
});

describe('AccountLink', () => {
  it('names the signed-in admin and their address, and leads to the account screen', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/me': me });
    renderAt('/admin/dashboard', '/admin/dashboard', <AccountLink />);
    const link = await screen.findByRole('link', { name: /admin@digitalreeviver\.com/ });
    expect(link).toHaveAttribute('href', '/admin/account');
    expect(link).toHaveTextContent('admin');
  });
});
