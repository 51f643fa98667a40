import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../lib/toast';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { ResetPasswordPage } from './ResetPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const renderReset = () =>
  renderAt('/reset-password/abc123', '/reset-password/:token', <ResetPasswordPage />, [
    { path: '/admin/login', element: <h1>Login screen</h1> },
  ]);

describe('ResetPasswordPage', () => {
  it("refuses two different passwords with 'Passwords do not match!'", async () => {
    const fetch = stubFetch();
    renderReset();
    await userEvent.type(screen.getByLabelText(/New password/), 'first-pass-1');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'other-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token from the address and goes to login on success', async () => {
    const fetch = stubFetch(jsonResponse({ message: 'Password reset successfully!' }));
    renderReset();
    await userEvent.type(screen.getByLabelText(/New password/), 'new-pass-123');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'new-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.getByText('Password reset successfully!')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/reset-password');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'abc123', newPassword: 'new-pass-123' });
  });

  it("shows 'Invalid or expired token.' when the server refuses the token", async () => {
    stubFetch(jsonResponse({ error: 'Invalid or expired token.' }, 400));
    renderReset();
    await userEvent.type(screen.getByLabelText(/New password/), 'new-pass-123');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'new-pass-123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText('Invalid or expired token.')).not.toHaveLength(0);
  });

  it('shows why the server refuses a common password, beside the rule the field states', async () => {
    const common = 'That password is one of the most common passwords, so it is among the first anyone guessing would try. Please choose another.';
    stubFetch(jsonResponse({ error: common }, 400));
    renderReset();
    expect(screen.getByText(/not one of the common passwords/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/New password/), 'Password123');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'Password123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findAllByText(common)).not.toHaveLength(0);
  });
});
