import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken, SESSION_EXPIRED_MESSAGE } from '../../../lib/api-client';
import { resetToasts, toast } from '../../../lib/toast';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { LoginPage } from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const renderLogin = () =>
  renderAt('/admin/login', '/admin/login', <LoginPage />, [{ path: '/admin/dashboard', element: <h1>Dashboard</h1> }]);

describe('LoginPage', () => {
  it('opens with the focus in Username, ready to type', () => {
    stubFetch();
    renderLogin();
    expect(document.activeElement).toBe(screen.getByLabelText(/Username/));
  });

  it('needs both the username and the password', async () => {
    const fetch = stubFetch();
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Invalid credentials' once, on the form, when the server refuses", async () => {
    stubFetch(jsonResponse({ error: 'Invalid credentials' }, 401));
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getAllByText('Invalid credentials')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('stores the token and opens the dashboard', async () => {
    const fetch = stubFetch(jsonResponse({ token: 'tok-9', username: 'admin' }));
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(getToken()).toBe('tok-9');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/login');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 'secret' });
  });

  it('brings no message from before the login into the dashboard', async () => {
    toast.error(SESSION_EXPIRED_MESSAGE);
    stubFetch(jsonResponse({ error: 'Invalid credentials' }, 401), jsonResponse({ token: 'tok-9', username: 'admin' }));
    renderLogin();
    expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Invalid credentials');
    await userEvent.clear(screen.getByLabelText(/Password/));
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid credentials')).toBeNull();
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the device token of a sign-in and sends it with the next one', async () => {
    localStorage.removeItem('adminDevice');
    const fetch = stubFetch(
      jsonResponse({ token: 'tok-1', username: 'admin', device: 'dev-1' }),
      jsonResponse({ token: 'tok-2', username: 'admin', device: 'dev-2' }),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText(/Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(localStorage.getItem('adminDevice')).toBe('dev-1');
    const { login } = await import('../api/auth');
    await login('admin', 'secret');
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 'secret', device: 'dev-1' });
    localStorage.removeItem('adminDevice');
  });

  it('links to the forgot-password screen', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/admin/forgot-password');
  });
});
