import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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

const previews = { 'GET /api/preview-blogs': () => jsonResponse([]), 'GET /api/preview-services': () => jsonResponse([]) };

const siteInfo = () => jsonResponse({ name: 'DR', siteUrl: 'https://example.com' });

/** What an edit screen of this live item calls: the kind's lists (the item among the published), the item, the site's address. */
const liveRoutes = (kind: 'blogs' | 'services', item: { slug: string }, published: unknown[] = [item]) => ({
  ...previews,
  [`GET /api/${kind}`]: () => jsonResponse(published),
  [`GET /api/${kind}/${item.slug}`]: () => jsonResponse(item),
  'GET /api/site-info': siteInfo,
});

const blog = blogRecord;

const service = serviceRecord;

describe('EditContentPage (blog)', () => {
  const renderEdit = () =>
    renderAt('/admin/edit-blog/spring-checklist', '/admin/edit-blog/:slug', <EditContentPage kind={blogKind} />, [
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ]);

  it("labels the focus keyword as the add screen does, sends it as keyword (SPEC §7), then stays with a link to the live page", async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...liveRoutes('blogs', blog),
      'PUT /api/blogs/spring-checklist': () => jsonResponse({ message: 'Blog updated successfully!', blog: { ...blog, focusKeyword: 'spring seo' } }),
    });
    renderEdit();
    const keyword = await screen.findByLabelText('Focus keyword');
    expect(keyword).toHaveValue('spring');
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

  it('moves the page to a new slug (the server keeps the old address as a redirect) and follows it', async () => {
    setToken('tok');
    const moved = { ...blog, slug: 'spring-checklist-2026' };
    const fetch = routeFetch({
      ...liveRoutes('blogs', blog, [moved]),
      [`GET /api/blogs/${moved.slug}`]: () => jsonResponse(moved),
      'PUT /api/blogs/spring-checklist': () => jsonResponse({ message: 'Blog updated successfully!', blog: moved }),
    });
    renderEdit();
    const address = await screen.findByLabelText('Slug (web address)');
    expect(address).toHaveValue('spring-checklist');
    await userEvent.clear(address);
    await userEvent.type(address, 'Spring Checklist!');
    await userEvent.click(screen.getByRole('button', { name: 'Update blog' }));
    expect(await screen.findByText(/Use lower-case letters, digits and hyphens/)).toBeInTheDocument();
    expect(callsOf(fetch, 'PUT /api/blogs/spring-checklist')).toHaveLength(0);
    await userEvent.clear(address);
    await userEvent.type(address, 'spring-checklist-2026');
    expect(screen.getByText(/old address \/blog\/spring-checklist\/ will redirect there/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update blog' }));
    expect(await screen.findByText('Blog updated successfully!')).toBeInTheDocument();
    expect((callsOf(fetch, 'PUT /api/blogs/spring-checklist')[0].body as FormData).get('slug')).toBe('spring-checklist-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-blog/spring-checklist-2026'));
    await waitFor(() => expect(screen.getByLabelText('Slug (web address)')).toHaveValue('spring-checklist-2026'));
  });

  it('sends no slug when the address is unchanged', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...liveRoutes('blogs', blog),
      'PUT /api/blogs/spring-checklist': () => jsonResponse({ message: 'Blog updated successfully!', blog }),
    });
    renderEdit();
    await screen.findByLabelText('Slug (web address)');
    await userEvent.click(screen.getByRole('button', { name: 'Update blog' }));
    expect(await screen.findByText('Blog updated successfully!')).toBeInTheDocument();
    expect((callsOf(fetch, 'PUT /api/blogs/spring-checklist')[0].body as FormData).has('slug')).toBe(false);
  });

  it('removes the cover through DELETE /api/blogs/{slug}/image', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...liveRoutes('blogs', blog),
      'DELETE /api/blogs/spring-checklist/image': () => jsonResponse({ message: 'Image removed successfully.', blog: { ...blog, image: '' } }),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image' }));
    expect(await screen.findByText('Image removed successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    expect(callsOf(fetch, 'DELETE /api/blogs/spring-checklist/image')).toHaveLength(1);
  });

  it("says 'Failed to fetch blog. Please try again.' when the blog cannot be loaded", async () => {
    setToken('tok');
    routeFetch({ ...previews, 'GET /api/blogs/spring-checklist': jsonResponse({ error: 'Blog not found.' }, 404), 'GET /api/site-info': siteInfo });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch blog. Please try again.');
  });
});

describe('EditContentPage (a newer version saved elsewhere)', () => {
  const renderEdit = () =>
    renderAt('/admin/edit-blog/spring-checklist', '/admin/edit-blog/:slug', <EditContentPage kind={blogKind} />);
  const newer = { ...blog, title: 'Saved in another tab' };
  const routes = (after: () => Response) =>
    routeFetch({
      'GET /api/blogs/spring-checklist': jsonResponse(blog, 200, { ETag: '"v1"' }),
      'GET /api/site-info': siteInfo,
      'GET /api/schedules': jsonResponse([]),
      'GET /api/blogs/spring-checklist/revisions': jsonResponse([
        { id: 7, createdAt: '2026-05-01T04:30:00Z', username: 'ravi', title: 'Saved in another tab', stage: 'published', note: 'Edited' },
        { id: 6, createdAt: '2026-04-30T04:30:00Z', username: 'asha', title: blog.title, stage: 'published', note: 'Published' },
      ]),
      'PUT /api/blogs/spring-checklist': (init) =>
        new Headers(init.headers).get('If-Match') === '"v1"'
          ? jsonResponse({ error: 'Failed to update blog.', blog: newer }, 409, { ETag: '"v2"' })
          : after(),
    });
  const saveMine = async () => {
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'My older edit');
    await userEvent.click(screen.getByRole('button', { name: 'Update blog' }));
    return screen.findByRole('alertdialog', { name: 'This blog was changed' });
  };

  it('sends the version it loaded and, on a conflict, says who changed what and reloads the newest version when asked', async () => {
    setToken('tok');
    const fetch = routes(() => jsonResponse({ error: 'unexpected' }, 500));
    renderEdit();
    const dialog = await saveMine();
    // Who saved the newer version (from the history) and what they changed since this tab loaded.
    expect(dialog).toHaveTextContent(/ravi saved a newer version/);
    expect(dialog).toHaveTextContent('What ravi changed since the version you opened:');
    expect(within(dialog).getByText('Saved in another tab', { selector: 'ins' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload newest' }));
    expect(await screen.findByText('Showing the newest version of this blog. Title was changed in the newer version too: it shows theirs.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Saved in another tab');
    const puts = callsOf(fetch, 'PUT /api/blogs/spring-checklist');
    expect(puts).toHaveLength(1);
    expect(new Headers(puts[0].headers).get('If-Match')).toBe('"v1"');
  });

  it('reloading the newest version keeps what this tab changed in the fields the other save left alone', async () => {
    setToken('tok');
    routes(() => jsonResponse({ error: 'unexpected' }, 500));
    renderEdit();
    const description = await screen.findByLabelText('Meta description');
    await userEvent.clear(description);
    await userEvent.type(description, 'Mine: a checklist for spring.');
    await userEvent.click(screen.getByRole('button', { name: 'Update blog' }));
    await screen.findByRole('alertdialog', { name: 'This blog was changed' });
    await userEvent.click(screen.getByRole('button', { name: 'Reload newest' }));
    expect(await screen.findByText('Showing the newest version of this blog. Your changes to Meta description are kept: press Update to save them.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Saved in another tab');
    expect(screen.getByLabelText('Meta description')).toHaveValue('Mine: a checklist for spring.');
  });

  it('overwrites the newest version when asked, naming that version', async () => {
    setToken('tok');
    const fetch = routes(() =>
      jsonResponse({ message: 'Blog updated successfully!', blog: { ...blog, title: 'My older edit' } }, 200, { ETag: '"v3"' }),
    );
    renderEdit();
    await saveMine();
    await userEvent.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    expect(await screen.findByText('Blog updated successfully!')).toBeInTheDocument();
    const puts = callsOf(fetch, 'PUT /api/blogs/spring-checklist');
    expect(puts.map((p) => new Headers(p.headers).get('If-Match'))).toEqual(['"v1"', '"v2"']);
    expect((puts[1].body as FormData).get('title')).toBe('My older edit');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('My older edit');
  });
});

describe('EditContentPage (service)', () => {
  const renderEdit = () =>
    renderAt('/admin/edit-service/local-seo', '/admin/edit-service/:slug', <EditContentPage kind={serviceKind} />, [
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ]);

  it('edits the meta title, description and focus keyword of a live service', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...liveRoutes('services', service),
      'PUT /api/services/local-seo': () => jsonResponse({ message: 'Service updated successfully!', service }),
    });
    renderEdit();
    const metaTitle = await screen.findByLabelText('Meta title');
    expect(metaTitle).toBeEnabled();
    expect(metaTitle).toHaveValue('Local SEO | DR');
    await userEvent.clear(metaTitle);
    await userEvent.type(metaTitle, 'Local SEO in Noida');
    await userEvent.clear(screen.getByLabelText('Meta description'));
    await userEvent.type(screen.getByLabelText('Meta description'), 'Be found in Noida.');
    await userEvent.clear(screen.getByLabelText('Focus keyword'));
    await userEvent.type(screen.getByLabelText('Focus keyword'), 'seo noida');
    await userEvent.click(screen.getByRole('button', { name: 'Update service' }));
    expect(await screen.findByText(/Returning to the dashboard/)).toBeInTheDocument();
    const body = callsOf(fetch, 'PUT /api/services/local-seo')[0].body as FormData;
    expect(body.get('metaTitle')).toBe('Local SEO in Noida');
    expect(body.get('metaDescription')).toBe('Be found in Noida.');
    expect(body.get('focusKeyword')).toBe('seo noida');
    expect(body.get('description')).toBe(service.description);
  });

  it('asks before giving it the title of another live service', async () => {
    setToken('tok');
    const other = { ...service, _id: 's2', slug: 'seo-noida', title: 'SEO Noida' };
    const fetch = routeFetch({
      ...liveRoutes('services', service, [service, other]),
    });
    renderEdit();
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'seo noida');
    await userEvent.click(screen.getByRole('button', { name: 'Update service' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('A published service already has this title, at /seo-noida/:');
    expect(dialog).toHaveTextContent('“SEO Noida”');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, 'PUT /api/services/local-seo')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Update service' })).toBeEnabled();
  });

  it('removes the picture through DELETE /api/services/{slug}/image', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...liveRoutes('services', service),
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
      ...liveRoutes('services', service),
      'PUT /api/services/local-seo': () => jsonResponse({ message: 'Service updated successfully!', service }),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Update service' }));
    expect(await screen.findByText(/Returning to the dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update service' })).toBeDisabled();
    expect(timeouts).toHaveBeenCalledWith(expect.any(Function), 2000);
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 4000 })).toBeInTheDocument();
  });

  it('keeps what was typed while the update was on its way, and stays to Update again', async () => {
    setToken('tok');
    let answer: (r: Response) => void = () => {};
    routeFetch({
      ...liveRoutes('services', service),
      'PUT /api/services/local-seo': () => new Promise<Response>((resolve) => { answer = resolve; }),
    });
    renderEdit();
    const title = await screen.findByLabelText(/^Title/);
    await userEvent.click(screen.getByRole('button', { name: 'Update service' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await userEvent.type(title, ' in Noida');
    answer(jsonResponse({ message: 'Service updated successfully!', service }));
    expect(await screen.findByText('Service updated successfully! What you typed since is still in the form: press Update to save it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue(`${service.title} in Noida`);
    expect(screen.queryByText(/Returning to the dashboard/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Update service' })).toBeEnabled();
  });

  it('keeps a picture chosen while the update was on its way, and stays to Update again with it', async () => {
    setToken('tok');
    let answer: (r: Response) => void = () => {};
    let puts = 0;
    const fetch = routeFetch({
      ...liveRoutes('services', service),
      'PUT /api/services/local-seo': () =>
        ++puts === 1 ? new Promise<Response>((resolve) => { answer = resolve; }) : jsonResponse({ message: 'Service updated successfully!', service }),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Update service' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText(/^Image/), new File([new Uint8Array([137, 80, 78, 71])], 'office.png', { type: 'image/png' }));
    answer(jsonResponse({ message: 'Service updated successfully!', service }));
    expect(await screen.findByText('Service updated successfully! The picture you chose since is still in the form: press Update to save it.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chosen picture' })).toBeInTheDocument();
    expect(screen.queryByText(/Returning to the dashboard/)).toBeNull();
    // Update again sends it.
    await userEvent.click(screen.getByRole('button', { name: 'Update service' }));
    await waitFor(() => expect(callsOf(fetch, 'PUT /api/services/local-seo')).toHaveLength(2));
    const body = callsOf(fetch, 'PUT /api/services/local-seo')[1].body;
    expect(body instanceof FormData && (body.get('image') as File).name).toBe('office.png');
  });

  it("says 'Failed to update service.' when the server refuses", async () => {
    setToken('tok');
    routeFetch({
      ...liveRoutes('services', service),
      'PUT /api/services/local-seo': () => jsonResponse({ error: 'internal error' }, 500),
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Update service' }));
    expect(await screen.findByText(/^Failed to update service\./)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/edit-service/local-seo');
  });
});
