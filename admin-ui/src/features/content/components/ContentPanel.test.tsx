import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch, stubFetch } from '../../../test/utils';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import { FilePlus2 } from 'lucide-react';
import { defineKind } from '../kind';
import { ContentPanel } from './ContentPanel';
import { SessionValue } from '../../../lib/session';
import { blogRecord } from '../../../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

// A draft as the handlers answer it (api-fixture.json), named for this test.
const drafts = [
  { ...blogRecord, _id: '1', title: 'First draft', slug: 'first-draft', content: '<p>Hello</p>', category: 'SEO', image: '', createdAt: '2025-01-02T10:00:00Z' },
];

describe('ContentPanel (blog drafts)', () => {
  it('deletes a draft only after the confirmation', async () => {
    setToken('tok');
    const fetch = stubFetch(jsonResponse(drafts), jsonResponse({ message: 'Blog deleted successfully.' }));
    renderAt('/admin/dashboard', '/admin/dashboard', <ContentPanel kind={blogKind} stage="preview" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First draft' }));

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this blog?“First draft”');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this blog? “First draft” It moves to the trash, where you can restore it for 30 days.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete First draft' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Blog deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First draft')).toBeNull());
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/preview-blogs/first-draft');
    expect(init.method).toBe('DELETE');
  });

  it("says 'Failed to delete.' when the server refuses", async () => {
    setToken('tok');
    stubFetch(jsonResponse(drafts), jsonResponse({ error: 'internal error' }, 500));
    renderAt('/admin/dashboard', '/admin/dashboard', <ContentPanel kind={blogKind} stage="preview" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First draft' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete.')).toBeInTheDocument();
    expect(screen.getByText('First draft')).toBeInTheDocument();
  });
});

describe('ContentPanel (published services)', () => {
  const live = [{ _id: 's1', title: 'Local SEO', slug: 'local-seo', description: '<p>Be found nearby.</p>', category: 'SEO', image: '', createdAt: '2025-01-02T10:00:00Z' }];

  it('links each service to its page, its edit screen, and deletes it after the confirmation', async () => {
    setToken('tok');
    let listed = live;
    const fetch = routeFetch({
      'GET /api/services': () => jsonResponse(listed),
      'DELETE /api/services/local-seo': () => {
        listed = [];
        return jsonResponse({ message: 'Service deleted successfully.', trash: { id: 4 } });
      },
      'POST /api/trash/4/restore': () => {
        listed = live;
        return jsonResponse({ message: 'Service restored.' });
      },
    });
    renderAt('/admin/dashboard', '/admin/dashboard', <ContentPanel kind={serviceKind} stage="published" siteUrl="https://example.com" />);
    expect(await screen.findByRole('heading', { name: /Published services/ })).toBeInTheDocument();
    expect(await screen.findByText('Be found nearby.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Local SEO on the website' })).toHaveAttribute('href', 'https://example.com/local-seo/');
    expect(screen.getByRole('link', { name: 'Edit Local SEO' })).toHaveAttribute('href', '/admin/edit-service/local-seo');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Local SEO' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Are you sure you want to delete this service?“Local SEO”');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Service deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Local SEO')).toBeNull());
    expect(callsOf(fetch, 'DELETE /api/services/local-seo')).toHaveLength(1);
    // The deletion's toast offers Undo, which restores it from the trash.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Service restored.')).toBeInTheDocument();
    expect(await screen.findByText('Local SEO')).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/trash/4/restore')).toHaveLength(1);
  });

  it("tells an editor why a live service has no Edit, and an admin nothing", async () => {
    setToken('tok');
    routeFetch({ 'GET /api/services': () => jsonResponse(live) });
    renderAt('/admin/dashboard', '/admin/dashboard', (
      <SessionValue me={{ username: 'meera', email: 'meera@example.com', role: 'editor' }}>
        <ContentPanel kind={serviceKind} stage="published" siteUrl="https://example.com" />
      </SessionValue>
    ));
    expect(await screen.findByText(/^Only an admin can change or unpublish what is on the website: to have a live service changed, ask an admin/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Local SEO' })).toBeNull();
    expect(screen.getByRole('link', { name: 'History of Local SEO' })).toBeInTheDocument();
  });

  it('unpublishes a service after the confirmation that names it', async () => {
    setToken('tok');
    let listed = live;
    const fetch = routeFetch({
      'GET /api/services': () => jsonResponse(listed),
      'POST /api/services/local-seo/unpublish': () => {
        listed = [];
        return jsonResponse({ message: 'Service unpublished. It is back among the drafts.' });
      },
    });
    renderAt('/admin/dashboard', '/admin/dashboard', <ContentPanel kind={serviceKind} stage="published" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unpublish Local SEO' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Unpublish “Local SEO”?');
    await userEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Service unpublished. It is back among the drafts.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Local SEO')).toBeNull());
    expect(callsOf(fetch, 'POST /api/services/local-seo/unpublish')).toHaveLength(1);
  });

  it("says 'Failed to load services. Please try again later.' when the list fails", async () => {
    setToken('tok');
    routeFetch({ 'GET /api/services': jsonResponse({ error: 'internal error' }, 500) });
    renderAt('/admin/dashboard', '/admin/dashboard', <ContentPanel kind={serviceKind} stage="published" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services. Please try again later.');
  });
});

describe('ContentPanel (a kind described only by its descriptor)', () => {
  // A third kind needs no code of its own here: its descriptor names its paths, routes and words.
  const caseStudyKind = defineKind({
    noun: 'case study',
    Noun: 'Case study',
    plural: 'case studies',
    key: 'case-studies',
    icon: FilePlus2,
    body: { field: 'content', label: 'Content', placeholder: '' },
    api: { published: '/api/case-studies', preview: '/api/preview-case-studies', record: 'caseStudy' },
    routes: { add: '/admin/add-case-study', preview: '/admin/preview-case-study', edit: '/admin/edit-case-study' },
    site: { page: (slug) => `/work/${slug}/`, list: '/work/', listName: 'the work page' },
  });

  it('lists its drafts from its own API and links to its own screens', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-case-studies': jsonResponse([{ _id: 'c1', title: 'Bakery growth', slug: 'bakery-growth', content: '<p>x</p>', category: 'Food', image: '', createdAt: '' }]),
      'DELETE /api/preview-case-studies/bakery-growth': () => jsonResponse({ message: 'ok' }),
    });
    renderAt('/admin/dashboard', '/admin/dashboard', <ContentPanel kind={caseStudyKind} stage="preview" />);
    expect(await screen.findByRole('heading', { name: /Case study drafts/ })).toBeInTheDocument();
    expect(await screen.findByText('Bakery growth')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview Bakery growth' })).toHaveAttribute('href', '/admin/preview-case-study/bakery-growth');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bakery growth' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Are you sure you want to delete this case study?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Case study deleted successfully.')).toBeInTheDocument();
    expect(callsOf(fetch, 'DELETE /api/preview-case-studies/bakery-growth')).toHaveLength(1);
  });
});
