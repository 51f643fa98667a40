import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { PreviewBlogsPanel } from './BlogPanels';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const drafts = [
  { _id: '1', title: 'First draft', slug: 'first-draft', content: '<p>Hello</p>', category: 'SEO', image: '', createdAt: '2025-01-02T10:00:00Z' },
];

describe('PreviewBlogsPanel', () => {
  it('deletes a draft only after the confirmation', async () => {
    setToken('tok');
    const fetch = stubFetch(jsonResponse(drafts), jsonResponse({ message: 'Blog deleted successfully.' }));
    renderAt('/admin/dashboard', '/admin/dashboard', <PreviewBlogsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First draft' }));

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this blog?');
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
    renderAt('/admin/dashboard', '/admin/dashboard', <PreviewBlogsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First draft' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete.')).toBeInTheDocument();
    expect(screen.getByText('First draft')).toBeInTheDocument();
  });
});
