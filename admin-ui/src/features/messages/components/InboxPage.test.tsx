import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { replyLink, type Message } from '../api/messages';
import { InboxPage } from './InboxPage';
import { records } from '../../../test/api';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

// An enquiry as the handlers answer it (api-fixture.json), numbered for this test.
const msg = (i: number, extra: Partial<Message> = {}): Message => ({
  ...records.message(),
  _id: `0000000000000000000000${String(i).padStart(2, '0')}`,
  name: `Visitor ${i}`,
  email: `v${i}@example.in`,
  phone: '+91 98110 45672',
  message: `Message ${i}`,
  createdAt: '2026-05-01T10:00:00Z',
  status: 'new',
  ...extra,
});

const counts = { new: 3, replied: 1, archived: 0, spam: 2, all: 6 };

function paged(items: Message[], next?: string) {
  return () => {
    const res = jsonResponse(items);
    if (next) res.headers.set('X-Next-Cursor', next);
    return res;
  };
}

describe('InboxPage', () => {
  it('shows the folders with their counts and a page at a time', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups?limit=50': paged([msg(1), msg(2)], '7'),
      'GET /popups?limit=50&cursor=7': paged([msg(3)]),
    });
    renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
    expect(await screen.findByRole('heading', { name: 'Visitor 1' })).toBeInTheDocument();
    const folders = screen.getByRole('group', { name: 'Folders' });
    expect(await within(folders).findByRole('button', { name: 'Inbox 4' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(folders).getByRole('button', { name: 'Spam 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older enquiries' }));
    expect(await screen.findByRole('heading', { name: 'Visitor 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older enquiries' })).toBeNull();
    expect(callsOf(fetch, 'GET /popups?limit=50&cursor=7')).toHaveLength(1);
  });

  it('marks an enquiry replied, and it leaves the New folder', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups?limit=50&status=new': paged([msg(1), msg(2)]),
      [`PATCH /popups/${msg(1)._id}`]: () => jsonResponse({ message: 'Enquiry updated.', enquiry: msg(1, { status: 'replied' }) }),
    });
    renderAt('/admin/enquiries?status=new', '/admin/enquiries', <InboxPage />);
    const card = (await screen.findByRole('heading', { name: 'Visitor 1' })).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Mark replied' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Visitor 1' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Visitor 2' })).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, `PATCH /popups/${msg(1)._id}`)[0].body as string)).toEqual({ status: 'replied' });
  });

  it("follows a change with the channel and campaign counts: an enquiry taken out of spam counts at once", async () => {
    setToken('tok');
    let social = 0;
    routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups/sources': () => jsonResponse({ channels: { social }, campaigns: social ? [{ name: 'diwali-sale', count: social }] : [] }),
      'GET /popups?limit=50&status=spam': paged([msg(1, { status: 'spam' })]),
      [`PATCH /popups/${msg(1)._id}`]: () => {
        social = 1;
        return jsonResponse({ message: 'Enquiry updated.', enquiry: msg(1, { status: 'new' }) });
      },
    });
    renderAt('/admin/enquiries?status=spam', '/admin/enquiries', <InboxPage />);
    expect(await screen.findByRole('option', { name: 'Social (0)' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Visitor 1' })).closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByRole('option', { name: 'Social (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'diwali-sale (1)' })).toBeInTheDocument();
  });

  it('says where new enquiries are mailed, and plainly when they reach nobody', async () => {
    setToken('tok');
    for (const [notify, said] of [
      [{ to: 'hello@example.in', mailServer: true }, 'Each new enquiry is also e-mailed to hello@example.in.'],
      [{ to: 'hello@example.in', mailServer: false }, 'New enquiries would be e-mailed to hello@example.in, but no mail server is set up (SMTP_URL), so nobody receives them: check this screen.'],
      [{ to: '', mailServer: true }, 'New enquiries are not e-mailed to anyone: no address is set (NOTIFY_EMAIL on the server). Check this screen for them.'],
    ] as const) {
      routeFetch({
        'GET /popups/counts': () => jsonResponse(counts),
        'GET /popups/notify': () => jsonResponse(notify),
        'GET /popups?limit=50': paged([msg(1)]),
      });
      const { unmount } = renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
      expect(await screen.findByText(said)).toBeInTheDocument();
      unmount();
    }
  });

  it('erases an enquiry only after the confirmation', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups?limit=50': paged([msg(1)]),
      [`DELETE /popups/${msg(1)._id}`]: () => jsonResponse({ message: 'Enquiry erased everywhere it was kept.' }),
    });
    renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Erase the enquiry of Visitor 1' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, `DELETE /popups/${msg(1)._id}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Erase the enquiry of Visitor 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Visitor 1' })).toBeNull());
    expect(callsOf(fetch, `DELETE /popups/${msg(1)._id}`)).toHaveLength(1);
  });

  it('searches after a pause in typing', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /popups/counts': () => jsonResponse(counts),
      'GET /popups?limit=50': paged([msg(1), msg(2)]),
      'GET /popups?limit=50&q=asha+k': paged([msg(9, { name: 'Asha K' })]),
    });
    renderAt('/admin/enquiries', '/admin/enquiries', <InboxPage />);
    await screen.findByRole('heading', { name: 'Visitor 1' });
    await userEvent.type(screen.getByLabelText('Search enquiries'), 'asha k');
    expect(await screen.findByRole('heading', { name: 'Asha K' })).toBeInTheDocument();
    expect(callsOf(fetch, 'GET /popups?limit=50&q=asha+k')).toHaveLength(1);
  });
});

describe('replyLink', () => {
  it('percent-encodes the address and the body, so nothing adds a recipient or a header', () => {
    const link = replyLink({ email: 'a+b@example.in?cc=x@evil.example&bcc=y@evil.example', name: 'Asha & Co' });
    expect(link.startsWith('mailto:a%2Bb%40example.in%3Fcc%3Dx%40evil.example%26bcc%3Dy@evil.example?subject=')).toBe(true);
    expect(link).toContain('body=Dear%20Asha%20%26%20Co');
    expect(link.match(/\?/g)).toHaveLength(1);
  });
});
