import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import { AddContentPage } from './AddContentPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'pic.png', { type: 'image/png' });

describe('AddContentPage (blog)', () => {
  const renderAdd = () =>
    renderAt('/admin/add-blog', '/admin/add-blog', <AddContentPage kind={blogKind} />, [
      { path: '/admin/preview-blog/:slug', element: <h1>Preview screen</h1> },
    ]);

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
    expect(screen.queryByLabelText(/Slug/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Hello world');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.type(screen.getByLabelText(/^Meta title/), 'Hello | DR');
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(await screen.findByRole('heading', { name: 'Preview screen' })).toBeInTheDocument();
    expect(screen.getByText('Blog saved! Check it in the preview section.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/preview-blog/hello-world');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/preview-blogs');
    const body = init.body as FormData;
    expect(body.get('title')).toBe('Hello world');
    expect(body.get('category')).toBe('SEO');
    expect(body.get('content')).toBe('');
    expect(body.get('metaTitle')).toBe('Hello | DR');
    expect(body.has('focusKeyword')).toBe(true);
    expect(body.has('description')).toBe(false);
    expect(body.has('slug')).toBe(false);
    expect(body.has('image')).toBe(false);
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

describe('AddContentPage (service)', () => {
  const renderAdd = () =>
    renderAt('/admin/add-service', '/admin/add-service', <AddContentPage kind={serviceKind} />, [
      { path: '/admin/preview-services/:slug', element: <h1>Preview screen</h1> },
    ]);

  it('derives the read-only slug from the title as it is typed', async () => {
    renderAdd();
    const slug = screen.getByLabelText(/Slug/);
    expect(slug).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText(/^Title/), '  Best SEO & PPC  Services! ');
    expect(slug).toHaveValue('best-seo-ppc-services');
  });

  it("says 'Slug is required. Please enter a title.' when the title gives no slug", async () => {
    const fetch = stubFetch();
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), '!!!');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getAllByText('Slug is required. Please enter a title.').length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('needs title, category and an image file', async () => {
    const fetch = stubFetch();
    renderAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
    expect(screen.getByText('Please choose an image.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the form with the derived slug and opens the preview', async () => {
    setToken('tok');
    const fetch = stubFetch(
      jsonResponse({ message: 'Service saved! Check it in the preview section.', service: { slug: 'local-seo' } }, 201),
    );
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Local SEO');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByRole('heading', { name: 'Preview screen' })).toBeInTheDocument();
    expect(screen.getByText('Service saved! Check it in the preview section.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/preview-services/local-seo');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/preview-services');
    const body = init.body as FormData;
    expect(body.get('slug')).toBe('local-seo');
    expect(body.get('title')).toBe('Local SEO');
    expect(body.get('description')).toBe('');
    expect(body.has('content')).toBe(false);
    expect(body.get('image')).toBeInstanceOf(File);
  });

  it("shows 'Failed to add service.' with the server's reason", async () => {
    setToken('tok');
    stubFetch(new Response('oops', { status: 502 }));
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Local SEO');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Failed to add service. oops')).toHaveAttribute('role', 'alert');
  });
});
