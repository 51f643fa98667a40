import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { blogRecord, serviceRecord } from '../../../test/fixtures';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import { PreviewContentPage } from './PreviewContentPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const page = () => new Response('<html><body><h1>Rendered</h1></body></html>', { headers: { 'Content-Type': 'text/html' } });

const blog = { ...blogRecord, category: '', metaTitle: '' };

const service = serviceRecord;

describe('PreviewContentPage (blog)', () => {
  const renderPreview = () =>
    renderAt('/admin/preview-blog/spring-checklist', '/admin/preview-blog/:slug', <PreviewContentPage kind={blogKind} />);

  it('updates the draft as JSON, the picture by its URL', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse({ ...blog, category: 'SEO' }),
      'GET /api/preview-blogs/spring-checklist/render': page,
      'PUT /api/preview-blogs/spring-checklist': () => jsonResponse({ message: 'Blog updated successfully.', blog: { ...blog, title: 'Spring list' } }),
    });
    renderPreview();
    expect(await screen.findByRole('heading', { name: 'Preview blog' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('heading', { name: 'Edit preview blog' })).toBeInTheDocument();
    expect(screen.getByLabelText('Meta title')).toBeEnabled();
    await userEvent.clear(screen.getByLabelText(/^Title/));
    await userEvent.type(screen.getByLabelText(/^Title/), 'Spring list');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Blog updated successfully.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const [put] = callsOf(fetch, 'PUT /api/preview-blogs/spring-checklist');
    expect(JSON.parse(put.body as string)).toEqual({
      title: 'Spring list',
      content: '<p>Plant keywords.</p>',
      category: 'SEO',
      metaTitle: '',
      metaDescription: 'Short.',
      focusKeyword: 'spring',
      image: '/uploads/cover.png',
    });
  });

  it('removes the cover with an update whose image is ""', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse(blog),
      'GET /api/preview-blogs/spring-checklist/render': page,
      'PUT /api/preview-blogs/spring-checklist': () => jsonResponse({ message: 'ok', blog: { ...blog, image: '' } }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image' }));
    expect(await screen.findByText('Image removed.')).toBeInTheDocument();
    expect(screen.getByText("None (the site's default picture is used)")).toBeInTheDocument();
    const [put] = callsOf(fetch, 'PUT /api/preview-blogs/spring-checklist');
    expect(JSON.parse(put.body as string)).toMatchObject({ title: 'Spring checklist', image: '' });
  });

  it('publishes the fields as JSON with the slug, an empty category as Uncategorized', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse(blog),
      'GET /api/preview-blogs/spring-checklist/render': page,
      'GET /api/site-info': jsonResponse({ name: 'DR', siteUrl: 'https://example.com' }),
      'POST /api/preview-blogs/publish/spring-checklist': () =>
        jsonResponse({ message: 'Blog published!', url: 'https://example.com/blog/spring-checklist/', live: true }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('link', { name: 'https://example.com/blog/spring-checklist/' })).toBeInTheDocument();
    const [post] = callsOf(fetch, 'POST /api/preview-blogs/publish/spring-checklist');
    expect(JSON.parse(post.body as string)).toMatchObject({ slug: 'spring-checklist', category: 'Uncategorized', content: blog.content, image: blog.image });
  });

  it("says 'Blog not found or failed to fetch.' for an unknown draft", async () => {
    setToken('tok');
    routeFetch({ 'GET /api/preview-blogs/spring-checklist': jsonResponse({ error: 'Blog not found or failed to fetch.' }, 404) });
    renderPreview();
    expect(await screen.findByRole('alert')).toHaveTextContent('Blog not found or failed to fetch.');
  });
});

describe('PreviewContentPage (service)', () => {
  const renderPreview = () =>
    renderAt('/admin/preview-services/local-seo', '/admin/preview-services/:slug', <PreviewContentPage kind={serviceKind} />);

  it('shows the meta fields disabled and updates as multipart without touching the picture', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-services/local-seo': jsonResponse(service),
      'GET /api/preview-services/local-seo/render': page,
      'PUT /api/preview-services/local-seo': () => jsonResponse({ message: 'Service updated successfully!', service }),
    });
    renderPreview();
    expect(await screen.findByRole('heading', { name: 'Preview service' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    for (const label of ['Meta title', 'Meta description', 'Focus keyword']) expect(screen.getByLabelText(label)).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Service updated successfully!')).toBeInTheDocument();
    const body = callsOf(fetch, 'PUT /api/preview-services/local-seo')[0].body as FormData;
    expect(body.get('description')).toBe(service.description);
    expect(body.get('metaTitle')).toBe('Local SEO | DR');
    expect(body.has('image')).toBe(false);
  });

  it("says 'Update failed: {message}' when the server refuses", async () => {
    setToken('tok');
    routeFetch({
      'GET /api/preview-services/local-seo': jsonResponse(service),
      'GET /api/preview-services/local-seo/render': page,
      'PUT /api/preview-services/local-seo': () => jsonResponse({ error: 'Title is too long.' }, 400),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Update failed: Title is too long.')).toBeInTheDocument();
  });

  it('publishes as multipart with the slug and createdAt', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-services/local-seo': jsonResponse(service),
      'GET /api/preview-services/local-seo/render': page,
      'GET /api/site-info': jsonResponse({ name: 'DR', siteUrl: 'https://example.com' }),
      'POST /api/preview-services/publish/local-seo': () =>
        jsonResponse({ message: 'Service published!', url: 'https://example.com/local-seo/', live: true }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsOf(fetch, 'POST /api/preview-services/publish/local-seo')).toHaveLength(1));
    const body = callsOf(fetch, 'POST /api/preview-services/publish/local-seo')[0].body as FormData;
    expect(body.get('slug')).toBe('local-seo');
    expect(body.get('createdAt')).toBe(service.createdAt);
    expect(body.get('description')).toBe(service.description);
    expect(body.has('image')).toBe(false);
  });
});
