import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { blogRecord } from '../../../test/fixtures';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { serviceKind } from '../../services/kind';
import { blogKind } from '../../blogs/kind';
import { RevisionsPage } from './RevisionsPage';
import { SessionValue } from '../../../lib/session';
import { records } from '../../../test/api';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

// Revisions as the handlers answer them (api-fixture.json), this test's history.
const revision = records.revision();
const revisions = [
  { ...revision, id: 3, createdAt: '2026-05-03T04:30:00Z', username: 'ravi', title: 'Spring checklist 2026', stage: 'published', note: 'Edited' },
  { ...revision, id: 2, createdAt: '2026-05-02T04:30:00Z', username: 'asha', title: 'Spring checklist', stage: 'published', note: 'Published' },
  { ...revision, id: 1, createdAt: '2026-05-01T04:30:00Z', username: 'asha', title: 'Spring checklist', stage: 'preview', note: 'Draft created' },
];
const record = (id: number, title: string, content: string) => ({ ...revisions.find((r) => r.id === id)!, record: { ...blogRecord, title, content } });

describe('RevisionsPage', () => {
  it('lists the versions, shows what changed between the two newest, and restores one after the confirmation', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/blogs/spring-checklist/revisions': () => jsonResponse(revisions),
      'GET /api/blogs/spring-checklist/revisions/3': () => jsonResponse(record(3, 'Spring checklist 2026', '<p>Plant keywords in May.</p>')),
      'GET /api/blogs/spring-checklist/revisions/2': () => jsonResponse(record(2, 'Spring checklist', '<p>Plant keywords.</p>')),
      'POST /api/blogs/spring-checklist/revisions/2/restore': () => jsonResponse({ message: 'Revision 2 restored.', blog: blogRecord }),
    });
    renderAt('/admin/edit-blog/spring-checklist/history', '/admin/edit-blog/:slug/history', <RevisionsPage kind={blogKind} stage="published" />);
    const versions = await screen.findByRole('heading', { name: 'Versions' });
    expect(versions).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('#3 EditedCurrent'),
      expect.stringContaining('#2 Published'),
      expect.stringContaining('#1 Draft created'),
    ]);
    // The title and the text differ, word by word.
    expect(await screen.findByText('2026', { selector: 'ins', exact: false })).toBeInTheDocument();
    expect(screen.getAllByText(/May/, { selector: 'ins' }).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Restore revision 2' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Restore revision #2');
    expect(dialog).toHaveTextContent('by asha');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, 'POST /api/blogs/spring-checklist/revisions/2/restore')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Restore revision 2' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Revision 2 restored.')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/blogs/spring-checklist/revisions/2/restore')).toHaveLength(1);
    // The newest version cannot be restored over itself.
    expect(screen.queryByRole('button', { name: 'Restore revision 3' })).toBeNull();
  }, 15000);

  it("reads a draft's history under its own path", async () => {
    setToken('tok');
    const fetch = routeFetch({ 'GET /api/preview-services/local-seo/revisions': () => jsonResponse([]) });
    renderAt('/admin/preview-services/local-seo/history', '/admin/preview-services/:slug/history', <RevisionsPage kind={serviceKind} stage="preview" />);
    expect(await screen.findByText('No versions kept yet.')).toBeInTheDocument();
    expect(callsOf(fetch, 'GET /api/preview-services/local-seo/revisions')).toHaveLength(1);
  });

  it("lets an editor compare a live item's versions but not restore one, and restore a draft's", async () => {
    setToken('tok');
    const editor = { username: 'meera', email: 'meera@example.com', role: 'editor' as const };
    routeFetch({
      'GET /api/blogs/spring-checklist/revisions': () => jsonResponse(revisions),
      'GET /api/blogs/spring-checklist/revisions/3': () => jsonResponse(record(3, 'Spring checklist 2026', '<p>Plant keywords in May.</p>')),
      'GET /api/blogs/spring-checklist/revisions/2': () => jsonResponse(record(2, 'Spring checklist', '<p>Plant keywords.</p>')),
      'GET /api/preview-blogs/spring-checklist/revisions': () => jsonResponse(revisions),
      'GET /api/preview-blogs/spring-checklist/revisions/3': () => jsonResponse(record(3, 'Spring checklist 2026', '<p>Plant keywords in May.</p>')),
      'GET /api/preview-blogs/spring-checklist/revisions/2': () => jsonResponse(record(2, 'Spring checklist', '<p>Plant keywords.</p>')),
    });
    const live = renderAt(
      '/admin/edit-blog/spring-checklist/history',
      '/admin/edit-blog/:slug/history',
      <SessionValue me={editor}>
        <RevisionsPage kind={blogKind} stage="published" />
      </SessionValue>,
    );
    await screen.findByRole('heading', { name: 'Versions' });
    expect(await screen.findByText('2026', { selector: 'ins', exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore revision/ })).toBeNull();
    expect(screen.getByText(/Only an admin may restore a version of what is on the website/)).toBeInTheDocument();
    // The live item's edit screen is the admins': back goes to the dashboard.
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    live.unmount();

    renderAt(
      '/admin/preview-blog/spring-checklist/history',
      '/admin/preview-blog/:slug/history',
      <SessionValue me={editor}>
        <RevisionsPage kind={blogKind} stage="preview" />
      </SessionValue>,
    );
    expect(await screen.findByRole('button', { name: 'Restore revision 2' })).toBeInTheDocument();
  });
});
