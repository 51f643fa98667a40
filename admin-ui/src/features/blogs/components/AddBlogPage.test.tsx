import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { AddBlogPage } from './AddBlogPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const renderAdd = () =>
  renderAt('/admin/add-blog', '/admin/add-blog', <AddBlogPage />, [
    { path: '/admin/preview-blog/:slug', element: <h1>Preview screen</h1> },
  ]);

describe('AddBlogPage', () => {
  it('needs a title and a category', async () => {
    const fetch = stubFetch();
    renderAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('has the rich-text editor with the agreed toolbar', () => {
    renderAdd();
    expect(screen.getByRole('textbox', { name: 'Content' })).toBeInTheDocument();
    for (const name of ['bold', 'italic', 'underline', 'strike', 'blockquote', 'code-block', 'link', 'image']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'list: ordered' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'indent: +1' })).toBeInTheDocument();
  });

  it("saves as a preview, says 'Blog saved! Check it in the preview section.' and opens it", async () => {
    setToken('tok');
    const fetch = stubFetch(jsonResponse({ message: 'Blog saved! Check it in the preview section.', blog: { slug: 'hello-world' } }, 201));
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Hello world');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(await screen.findByRole('heading', { name: 'Preview screen' })).toBeInTheDocument();
    expect(screen.getByText('Blog saved! Check it in the preview section.')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/preview-blogs');
    expect((init.body as FormData).get('title')).toBe('Hello world');
    expect((init.body as FormData).has('image')).toBe(false);
  });

  it("shows 'Failed to save blog.' when saving fails", async () => {
    setToken('tok');
    stubFetch(jsonResponse({ error: 'internal error' }, 500));
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Hello world');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(await screen.findAllByText('Failed to save blog.')).not.toHaveLength(0);
  });
});
