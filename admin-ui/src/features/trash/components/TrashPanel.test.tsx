import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { SessionValue, type Me } from '../../../lib/session';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import type { TrashItem } from '../../content/api/content';
import { TrashPanel } from './TrashPanel';
import { records } from '../../../test/api';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

// Items of the trash as the handlers answer them (api-fixture.json), with this test's names.
const wasLive: TrashItem = {
  ...records.trash(), id: 7, kind: 'blogs', slug: 'old-offer', title: 'Old offer', stage: 'published',
  deletedAt: '2030-01-02T04:30:00Z', purgeAt: '2030-02-01T04:30:00Z', username: 'asha',
};
const draft: TrashItem = {
  ...records.trash(), id: 8, kind: 'services', slug: 'half-done', title: 'Half done', stage: 'preview',
  deletedAt: '2030-01-03T04:30:00Z', purgeAt: '2030-02-02T04:30:00Z', username: 'meera',
};
const editor: Me = { username: 'meera', email: 'meera@example.com', role: 'editor' };
const admin: Me = { username: 'asha', email: 'asha@example.com', role: 'admin' };

function renderTrash(me: Me) {
  return renderAt(
    '/admin/dashboard',
    '/admin/dashboard',
    <SessionValue me={me}>
      <TrashPanel kinds={[blogKind, serviceKind]} />
    </SessionValue>,
  );
}

describe('TrashPanel', () => {
  it('lets an editor restore a draft, but not what was live nor delete for good, and says why', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/trash': () => jsonResponse([draft, wasLive]),
      'POST /api/trash/8/restore': () => jsonResponse({ message: 'Service restored.' }),
    });
    renderTrash(editor);
    const trash = await screen.findByRole('region', { name: /Trash/ });
    await within(trash).findByText('Old offer');
    expect(within(trash).queryByRole('button', { name: 'Restore Old offer' })).toBeNull();
    expect(within(trash).getByText(/It was live: only an admin may restore it\./)).toBeInTheDocument();
    expect(within(trash).queryByRole('button', { name: /for good/ })).toBeNull();
    await userEvent.click(within(trash).getByRole('button', { name: 'Restore Half done' }));
    expect(await screen.findByText('Service restored.')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/trash/8/restore')).toHaveLength(1);
  });

  it('gives an admin every action', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/trash': () => jsonResponse([draft, wasLive]) });
    renderTrash(admin);
    const trash = await screen.findByRole('region', { name: /Trash/ });
    await within(trash).findByText('Old offer');
    for (const title of ['Old offer', 'Half done']) {
      expect(within(trash).getByRole('button', { name: `Restore ${title}` })).toBeInTheDocument();
      expect(within(trash).getByRole('button', { name: `Delete ${title} for good` })).toBeInTheDocument();
    }
    expect(within(trash).queryByText(/only an admin/)).toBeNull();
  });
});
