import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { SessionValue } from '../../../lib/session';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { PeoplePage } from './PeoplePage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const me = { username: 'priya', email: 'priya@example.com', role: 'admin' as const };
const people = (accounts: { username: string; role: 'admin' | 'editor' }[]) =>
  jsonResponse({
    accounts: accounts.map((a) => ({ ...a, email: `${a.username}@example.com`, createdAt: '2026-01-01T00:00:00Z' })),
    invites: [],
  });

describe('PeoplePage', () => {
  it('keeps the last admin: their role and removal are disabled', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/people': () => people([{ username: 'priya', role: 'admin' }, { username: 'ravi', role: 'editor' }]) });
    renderAt('/admin/people', '/admin/people', <SessionValue me={me}><PeoplePage /></SessionValue>);
    expect(await screen.findByLabelText('Role of priya')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove priya' })).toBeDisabled();
    expect(screen.getByLabelText('Role of ravi')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove ravi' })).toBeEnabled();
  });

  it('invites by e-mail with a role, and changes a role', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/people': () => people([{ username: 'priya', role: 'admin' }, { username: 'ravi', role: 'editor' }]),
      'POST /api/people/invites': () => jsonResponse({ message: 'Invitation sent to sam@example.com.', invite: {} }, 201),
      'PATCH /api/people/ravi': () => jsonResponse({ message: 'ravi is now an admin.', account: {} }),
    });
    renderAt('/admin/people', '/admin/people', <SessionValue me={me}><PeoplePage /></SessionValue>);
    await screen.findByLabelText('Role of ravi');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail address/), 'sam@example.com');
    await userEvent.click(screen.getByLabelText(/^Admin: everything/));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to sam@example.com.')).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, 'POST /api/people/invites')[0].body as string)).toEqual({ email: 'sam@example.com', role: 'admin' });

    await userEvent.selectOptions(screen.getByLabelText('Role of ravi'), 'admin');
    expect(await screen.findByText('ravi is now an admin.')).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, 'PATCH /api/people/ravi')[0].body as string)).toEqual({ role: 'admin' });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });
});
