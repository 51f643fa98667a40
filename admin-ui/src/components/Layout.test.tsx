import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../lib/api-client';
import { resetToasts } from '../lib/toast';
import { renderAt } from '../test/utils';
import { useLogout } from './Layout';

afterEach(() => {
  resetToasts();
  localStorage.clear();
});

function LogoutButton() {
  const logout = useLogout();
  return <button type="button" onClick={() => void logout()}>Logout</button>;
}

describe('useLogout', () => {
  it("asks, signs out, and leaves no add screen's unsaved writing to the next one on this browser", async () => {
    setToken('tok');
    localStorage.setItem('unsaved-blog', '{"values":{"title":"Half a thought"},"at":"2026-12-07T10:00:00Z"}');
    localStorage.setItem('unsaved-service', '{}');
    localStorage.setItem('popup-seen', '1');
    renderAt('/admin/dashboard', '/admin/dashboard', <LogoutButton />, [{ path: '/admin/login', element: <h1>Login</h1> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument());
    expect(localStorage.getItem('unsaved-blog')).toBeNull();
    expect(localStorage.getItem('unsaved-service')).toBeNull();
    expect(localStorage.getItem('popup-seen')).toBe('1');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
