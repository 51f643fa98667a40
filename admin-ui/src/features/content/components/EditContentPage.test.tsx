import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { blogRecord, serviceRecord } from '../../../test/fixtures';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import { EditContentPage } from './EditContentPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const siteInfo = () => jsonResponse({ name: 'DR', siteUrl: 'https://example.com' });

const blog = blogRecord;

const service = serviceRecord;

describe('EditContentPage (blog)', () => {
  const renderEdit = () =>
    renderAt('/admin/edit-blog/spring-checklist', '/admin/edit-blog/:slug', <EditContentPage kind={blogKind} />, [
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ]);

  it("calls the focus keyword 'Keyword' and sends it as keyword, then stays with a link to the live page", async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/blogs/spring-checklist': jsonResponse(blog),
      'GET /api/site-info': siteInfo,
      'PUT /api/blogs/spring-checklist': () => jsonResponse({ message: 'Blog updated successfully!', blog: { ...blog, focusKeyword: 'spring seo' } }),
    });
    renderEdit();
    const keyword = await screen.findByLabelText('Keyword');
    expect(keyword).toHaveValue('spring');
    expect(screen.queryByLabelText('Focus keyword')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'View live page' })).toHaveAttribute('href', 'https://example.com/blog/spring-checklist/');
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'spring seo');
    await userEvent.click(screen.getByRole('button', { name: 'Update blog' }));
    expect(await screen.findByText('Blog updated successfully!')).toBeInTheDocument();
    const body = callsOf(fetch, 'PUT /api/blogs/spring-checklist')[0].body as FormData;
    expect(body.get('keyword')).toBe('spring seo');
    expect(body.has('focusKeyword')).toBe(false);
    expect(body.get('content')).toBe(blog.content);
    expect(body.get('metaTitle')).toBe('Spring | DR');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-blog/spring-checklist');
    expect(screen.getByRole('button', { name: 'Update blog' })).toBeEnabled();
  });

  it("says 'Failed to fetch blog. Please try again.' when the blog cannot be loaded", async () => {
    setToken('tok');
    routeFetch({ 'GET /api/blogs/spring-checklist': jsonResponse({ error: 'Blog not found.' }, 404), 'GET /api/site-info': siteInfo });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch blog. Please try again.');
  });
});

describe('EditContentPage (service)', () => {
  const renderEdit = () =>
    renderAt('/admin/edit-service/local-seo', '/admin/edit-service/:slug', <EditContentPage kind={serviceKind} />, [
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ]);

  it('removes the picture through DELETE /api/services/{slug}/image', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/services/local-seo': jsonResponse(service),
      'GET /api/site-info': siteInfo,
      'DELETE /api/services/local-seo/image': () => jsonResponse({ message: 'Image removed.', service: { ...service, image: '' } }),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image' }));
    expect(await screen.findByText('Image removed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    expect(callsOf(fetch, 'DELETE /api/services/local-seo/image')).toHaveLength(1);
  });

  it("says 'Service updated successfully!' and returns to the dashboard after 2 seconds", async () => {
    setToken('tok');
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    routeFetch({
      'GET /api/services/local-seo': jsonResponse(service),
      'GET /api/site-info': siteInfo,
      'PUT /api/services/local-seo': () => jsonResponse({ message: 'Service updated successfully!', service }),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Update service' }));
    expect(await screen.findByText(/Returning to the dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update service' })).toBeDisabled();
    expect(timeouts).toHaveBeenCalledWith(expect.any(Function), 2000);
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it("says 'Failed to update service.' when the server refuses", async () => {
    setToken('tok');
    routeFetch({
      'GET /api/services/local-seo': jsonResponse(service),
      'GET /api/site-info': siteInfo,
      'PUT /api/services/local-seo': () => jsonResponse({ error: 'internal error' }, 500),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Update service' }));
    expect(await screen.findByText(/^Failed to update service\./)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-service/local-seo');
  });
});
