import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../lib/toast';
import { jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { InvitePage } from './InvitePage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const renderInvite = () => renderAt('/admin/invite/tok123', '/admin/invite/:token', <InvitePage />);

describe('InvitePage', () => {
  it('shows why the server refuses a common password, and the rule beside the field', async () => {
    const common = 'That password is one of the most common passwords, so it is among the first anyone guessing would try. Please choose another.';
    routeFetch({
      'POST /invite/check': () => jsonResponse({ email: 'ravi@example.com', role: 'editor', invitedBy: 'asha', expiresAt: '2030-01-01T00:00:00Z' }),
      'POST /invite/accept': () => jsonResponse({ error: common }, 400),
    });
    renderInvite();
    expect(await screen.findByText(/asha invited ravi@example.com as an editor/)).toBeInTheDocument();
    expect(screen.getByText(/not one of the common passwords/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Username/), 'ravi');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Password123');
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'Password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findAllByText(common)).not.toHaveLength(0);
  });

  it('says why an invitation no longer works when its sender was removed', async () => {
    const gone = 'This invitation is no longer valid: bob, who sent it, can no longer invite people. Ask an admin for a new one.';
    routeFetch({ 'POST /invite/check': () => jsonResponse({ error: gone }, 400) });
    renderInvite();
    expect(await screen.findByText(gone)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Username/)).toBeNull();
  });
});
