import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../lib/api-client';
import { resetToasts } from '../lib/toast';
import { renderAt } from '../test/utils';
import { Layout, useLogout } from './Layout';
import { SessionValue } from '../lib/session';

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

describe('Layout', () => {
  it("Escape closes the phone's menu, and the focus goes back to its button", async () => {
    setToken('tok');
    renderAt(
      '/admin/dashboard',
      '/admin/dashboard',
      <SessionValue me={{ username: 'edith', email: 'edith@example.com', role: 'editor' }}>
        <Layout kinds={[]} />
      </SessionValue>,
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(document.getElementById('sidebar-nav')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(toggle);
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Escape in the dialog that Logout opens from the menu closes the dialog, not the menu.
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: /Logout/ }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
