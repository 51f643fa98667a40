import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { SessionValue } from '../../../lib/session';
import { resetToasts } from '../../../lib/toast';
import { answer, answerBody, records } from '../../../test/api';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { PeoplePage } from './PeoplePage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const me = { username: 'priya', email: 'priya@example.com', role: 'admin' as const };
// The invitation as the handlers answer it (api-fixture.json), for sam@example.com.
const invite = records.invite();
const invited = records.invited();
/** GET /api/people as the handlers answer it, with these accounts (each a copy of a real one). */
const people = (accounts: { username: string; role: 'admin' | 'editor' }[], invites: unknown[] = []) =>
  jsonResponse({ accounts: accounts.map((a) => ({ ...records.person(), ...a, email: `${a.username}@example.com` })), invites });

function renderPeople() {
  renderAt('/admin/people', '/admin/people', <SessionValue me={me}><PeoplePage /></SessionValue>);
}

describe('PeoplePage', () => {
  it('keeps the last admin: their role and removal are disabled', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/people': () => people([{ username: 'priya', role: 'admin' }, { username: 'ravi', role: 'editor' }]) });
    renderPeople();
    expect(await screen.findByLabelText('Role of priya')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove priya' })).toBeDisabled();
    expect(screen.getByLabelText('Role of ravi')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove ravi' })).toBeEnabled();
  });

  it('invites by e-mail with a role in a dialog, then shows the link to hand over and where the mail went', async () => {
    setToken('tok');
    let sent = false;
    const fetch = routeFetch({
      'GET /api/people': () => people([{ username: 'priya', role: 'admin' }, { username: 'ravi', role: 'editor' }], sent ? [invite] : []),
      'POST /api/people/invites': () => {
        sent = true;
        return answer('POST /api/people/invites');
      },
    });
    renderPeople();
    await screen.findByLabelText('Role of ravi');
    await userEvent.click(screen.getByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^E-mail address/), 'sam@example.com');
    await userEvent.click(within(dialog).getByLabelText(/^Admin: everything/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const done = await screen.findByRole('dialog', { name: 'Invitation made' });
    expect(JSON.parse(callsOf(fetch, 'POST /api/people/invites')[0].body as string)).toEqual({ email: 'sam@example.com', role: 'admin' });
    expect(invited.outbox).toBe(true);
    expect(within(done).getByText(/no mail server is set up: the e-mail was written to the server's outbox folder/)).toBeInTheDocument();
    expect(within(done).getByLabelText('Invitation link')).toHaveValue(invited.link);
    expect(await within(screen.getByRole('region', { name: /Pending invitations/ })).findByText('sam@example.com')).toBeInTheDocument();
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies the link with the clipboard API, and where the browser refuses, selects it and says which keys copy it', async () => {
    setToken('tok');
    const { link } = answerBody<{ link: string }>('POST /api/people/invites/{id}/link');
    routeFetch({
      'GET /api/people': () => people([{ username: 'priya', role: 'admin' }], [invite]),
      [`POST /api/people/invites/${invite.id}/link`]: () => answer('POST /api/people/invites/{id}/link'),
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPeople();
    await userEvent.click(await screen.findByRole('button', { name: 'A new link to hand to sam@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(within(dialog).getByText(/The link shown before no longer works; the e-mailed one still does/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(within(dialog).getByText('Copied.')).toBeInTheDocument();

    // Plain http on another machine: no clipboard API, and the copy command does nothing.
    writeText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const execCommand = document.execCommand;
    document.execCommand = vi.fn(() => false);
    onTestFinished(() => {
      document.execCommand = execCommand;
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(/The text is selected: press Ctrl\+C to copy it/)).toBeInTheDocument();
    const field = within(dialog).getByLabelText<HTMLInputElement>('Invitation link');
    expect(field).toHaveFocus();
    expect(field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0)).toBe(link);
  });

  it('changes a role, and asks before removing an account', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/people': () => people([{ username: 'priya', role: 'admin' }, { username: 'ravi', role: 'editor' }]),
      'PATCH /api/people/ravi': () => jsonResponse({ message: 'ravi is now an admin.', account: {} }),
      'DELETE /api/people/ravi': () => jsonResponse({ message: 'ravi was removed.' }),
    });
    renderPeople();
    await userEvent.selectOptions(await screen.findByLabelText('Role of ravi'), 'admin');
    expect(await screen.findByText('ravi is now an admin.')).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, 'PATCH /api/people/ravi')[0].body as string)).toEqual({ role: 'admin' });
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Remove ravi' }));
    const ask = screen.getByRole('alertdialog');
    expect(ask).toHaveTextContent('Remove ravi (ravi@example.com)? They are signed out at once.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('ravi was removed.')).toBeInTheDocument();
    expect(callsOf(fetch, 'DELETE /api/people/ravi')).toHaveLength(1);
  });
});
