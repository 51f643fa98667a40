import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { AppRoutes } from '../../../app/App';
import { ConfirmProvider } from '../../../components/ConfirmDialog';
import type { MailJob } from '../api/mail';
import { MailNotice } from './MailNotice';
import { MailPage, POLL_MS } from './MailPage';
import { records } from '../../../test/api';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
  localStorage.clear();
});

const at = '2030-03-01T04:30:00Z';
// Mail jobs as the handlers answer them (api-fixture.json), in this test's states.
const job: MailJob = { ...records.mail(), outbox: undefined }; // sent through a mail server, unless a test says otherwise
const refused: MailJob = {
  ...job, id: 4, kind: 'enquiry', to: 'team@example.com', ref: 'e1', status: 'retrying', attempts: 2,
  lastError: '451 4.3.0 mail server busy', createdAt: at, nextAttemptAt: '2030-03-01T04:34:00Z',
};
const givenUp: MailJob = {
  ...job, sentAt: undefined, id: 3, kind: 'schedule', to: 'asha@example.com', ref: '12', status: 'failed', attempts: 10,
  lastError: 'dial tcp: connection refused', createdAt: at,
};
const sent: MailJob = { ...job, id: 2, kind: 'reset', to: 'asha@example.com', ref: 'asha', status: 'sent', attempts: 1, createdAt: at, sentAt: at };
const older: MailJob = { ...job, id: 1, kind: 'invite', to: 'meera@example.com', ref: '9', status: 'sent', attempts: 1, createdAt: at, sentAt: at };

describe('MailPage', () => {
  it('says plainly that a mail written to the outbox folder reached nobody', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/mail?limit=100': () => jsonResponse([{ ...sent, outbox: true }, older]) });
    renderAt('/admin/mail', '/admin/mail', <MailPage />);
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toMatch(/Password reset.*In the outbox folder/);
    expect(rows[0].textContent).not.toMatch(/Sent/);
    expect(rows[1].textContent).toMatch(/Invitation.*Sent/);
    expect(screen.getByText(/No mail server is set up \(SMTP_URL\)/)).toHaveAttribute('role', 'status');
  });

  it('lists the mail with what became of it, retries what did not go out and follows it until it is sent', async () => {
    setToken('tok');
    // The server's answers: before the retry, right after it (the attempt not made yet: still
    // retrying, due now), then sent.
    const pages = [
      [refused, givenUp, sent],
      [{ ...refused, nextAttemptAt: at }, givenUp, sent],
      [{ ...refused, status: 'sent', attempts: 3, lastError: undefined, sentAt: at }, givenUp, sent],
    ];
    let page = 0;
    const fetch = routeFetch({
      'GET /api/mail?limit=100': () => {
        const answer = pages[Math.min(page, pages.length - 1)];
        if (page > 0) page++; // after the retry: the first poll finds it still due, the next sent
        return jsonResponse(answer, 200, { 'X-Next-Cursor': '2' });
      },
      'GET /api/mail?limit=100&cursor=2': () => jsonResponse([older]),
      'POST /api/mail/4/retry': () => {
        page = 1;
        return jsonResponse({ message: 'The mail will be sent again now.', mail: { ...refused, nextAttemptAt: at } });
      },
    });
    renderAt('/admin/mail', '/admin/mail', <MailPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Enquiry notification.*team@example\.com.*Not sent yet.*451 4\.3\.0 mail server busy.*Next try/),
      expect.stringMatching(/Scheduled change failed · schedule #12.*asha@example\.com.*Failed.*connection refused.*Given up/),
      expect.stringMatching(/Password reset · for asha.*Sent/),
    ]);
    expect(screen.getByText('2 not sent')).toBeInTheDocument();
    expect(screen.getByText(/2 e-mails have not gone out/)).toHaveAttribute('role', 'status');
    // Retry only where the mail has not gone out.
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Retry the scheduled change failed to asha@example.com' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry the enquiry notification to team@example.com' }));
    expect(await screen.findByText('The mail will be sent again now.')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/mail/4/retry')).toHaveLength(1);
    // The page asks again until the attempt has been made: sent.
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]).getByText('Sent')).toBeInTheDocument(), { timeout: POLL_MS * 3 });
    expect(screen.getByText('1 not sent')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('meera@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  }, 20000);

  it('says so when there is no mail, and when the list cannot be read', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/mail?limit=100': () => jsonResponse([]) });
    const first = renderAt('/admin/mail', '/admin/mail', <MailPage />);
    expect(await screen.findByText('No mail sent yet.')).toBeInTheDocument();
    first.unmount();
    routeFetch({ 'GET /api/mail?limit=100': () => jsonResponse({ error: 'internal error' }, 500) });
    renderAt('/admin/mail', '/admin/mail', <MailPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the mail.');
  });
});

describe('MailNotice', () => {
  it('tells the dashboard how many mails did not go out, and nothing when all did', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/mail?limit=100': () => jsonResponse([refused, givenUp, sent]) });
    const shown = renderAt('/admin/dashboard', '/admin/dashboard', <MailNotice />);
    expect(await screen.findByText(/2 e-mails have not gone out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the outgoing mail' })).toHaveAttribute('href', '/admin/mail');
    shown.unmount();
    const fetch = routeFetch({ 'GET /api/mail?limit=100': () => jsonResponse([sent]) });
    const { container } = renderAt('/admin/dashboard', '/admin/dashboard', <MailNotice />);
    await waitFor(() => expect(callsOf(fetch, 'GET /api/mail?limit=100')).toHaveLength(1));
    expect(container.querySelector('.notice')).toBeNull();
  });
});

describe('Outgoing mail in the app', () => {
  const renderApp = (role: 'admin' | 'editor') => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/me': () => jsonResponse({ username: 'u', email: 'u@example.com', role }),
      'GET /api/site-info': () => jsonResponse({ name: 'Site', siteUrl: 'https://www.site.test' }),
      'GET /api/mail?limit=100': () => jsonResponse([sent]),
    });
    render(
      <MemoryRouter initialEntries={['/admin/mail']}>
        <ConfirmProvider>
          <AppRoutes />
        </ConfirmProvider>
      </MemoryRouter>,
    );
    return fetch;
  };

  it('is in the admins’ menu and opens for them', async () => {
    renderApp('admin');
    expect(await screen.findByRole('heading', { name: 'Outgoing mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Outgoing mail' })).toHaveAttribute('href', '/admin/mail');
  });

  it('is for admins only: an editor has no menu entry, and the screen says so without asking the server', async () => {
    const fetch = renderApp('editor');
    expect(await screen.findByText('Only an admin may open this screen. Ask an admin if you need it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Outgoing mail' })).toBeNull();
    expect(callsOf(fetch, 'GET /api/mail?limit=100')).toHaveLength(0);
  });
});
