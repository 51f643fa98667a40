import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../lib/toast';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { ForgotPasswordPage } from './ForgotPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const renderForgot = () =>
  renderAt('/admin/forgot-password', '/admin/forgot-password', <ForgotPasswordPage />, [{ path: '/admin/login', element: <h1>Login screen</h1> }]);

describe('ForgotPasswordPage', () => {
  it('needs an e-mail address', async () => {
    const fetch = stubFetch();
    renderForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the address, says 'Password reset link sent to your email!' and goes to login", async () => {
    const fetch = stubFetch(jsonResponse({ message: 'If that address belongs to an admin, a reset link has been sent.' }));
    renderForgot();
    await userEvent.type(screen.getByLabelText(/Email/), ' admin@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.getByText('Password reset link sent to your email!')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/forgot-password');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'admin@example.com' });
  });

  it("says 'Failed to send reset link. Please try again.' and keeps the address when sending fails", async () => {
    stubFetch(jsonResponse({ error: 'internal error' }, 500));
    renderForgot();
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findAllByText('Failed to send reset link. Please try again.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/Email/)).toHaveValue('admin@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});
