import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { blogRecord, serviceRecord } from '../../../test/fixtures';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import { PreviewContentPage } from './PreviewContentPage';
import { SessionValue } from '../../../lib/session';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const lists = (kind: 'blogs' | 'services', published: unknown[] = []) => ({
  [`GET /api/${kind}`]: () => jsonResponse(published),
  [`GET /api/preview-${kind}`]: () => jsonResponse([]),
});

const page = () => new Response('<html><body><h1>Rendered</h1></body></html>', { headers: { 'Content-Type': 'text/html' } });

const blog = { ...blogRecord, category: '', metaTitle: '' };

const service = serviceRecord;

/** What a preview screen of this draft calls: the kind's lists, the draft, its render, the site's address. */
const draftRoutes = <T extends { slug: string }>(kind: 'blogs' | 'services', draft: T, published: unknown[] = []) => ({
  ...lists(kind, published),
  [`GET /api/preview-${kind}/${draft.slug}`]: () => jsonResponse(draft),
  [`GET /api/preview-${kind}/${draft.slug}/render`]: page,
  'GET /api/site-info': () => jsonResponse({ name: 'DR', siteUrl: 'https://example.com' }),
});

describe('PreviewContentPage (blog)', () => {
  const renderPreview = () =>
    renderAt('/admin/preview-blog/spring-checklist', '/admin/preview-blog/:slug', <PreviewContentPage kind={blogKind} />);

  it('updates the draft as JSON, the picture by its URL', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...draftRoutes('blogs', { ...blog, category: 'SEO' }),
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
      image: blog.image,
    });
  });

  /** Opens the edit form of a draft whose update the server holds until `answer` is called. */
  const editWithHeldUpdate = async () => {
    setToken('tok');
    let answer: (r: Response) => void = () => {};
    routeFetch({
      ...draftRoutes('blogs', { ...blog, category: 'SEO' }),
      'PUT /api/preview-blogs/spring-checklist': () => new Promise<Response>((resolve) => { answer = resolve; }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    return (r: Response) => answer(r);
  };

  it('keeps what was typed while the update was on its way in the open form, to Update again', async () => {
    const answer = await editWithHeldUpdate();
    const title = screen.getByLabelText(/^Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Spring list');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await userEvent.type(title, ' for clinics');
    answer(jsonResponse({ message: 'Blog updated successfully.', blog: { ...blog, title: 'Spring list' } }));
    expect(await screen.findByText('Blog updated successfully. What you typed since is still in the form: press Update to save it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit preview blog' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Spring list for clinics');
  });

  it('keeps a picture chosen while the update was on its way in the open form, to Update again', async () => {
    const answer = await editWithHeldUpdate();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText(/^Cover image/), new File([new Uint8Array([137, 80, 78, 71])], 'office.png', { type: 'image/png' }));
    answer(jsonResponse({ message: 'Blog updated successfully.', blog }));
    expect(await screen.findByText('Blog updated successfully. The picture you chose since is still in the form: press Update to save it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Edit preview blog' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chosen picture' })).toBeInTheDocument();
  });

  it('publishes only the version it shows; a newer one saved elsewhere is offered instead', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse({ ...blog, category: 'SEO' }, 200, { ETag: '"p1"' }),
      'GET /api/preview-blogs/spring-checklist/render': page,
      'POST /api/preview-blogs/publish/spring-checklist': () =>
        jsonResponse({ error: 'Failed to update blog.', blog: { ...blog, title: 'Retitled elsewhere' } }, 409, { ETag: '"p2"' }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload newest' }));
    expect(await screen.findByText('Showing the newest version of this blog.')).toBeInTheDocument();
    expect(screen.getAllByText('Retitled elsewhere').length).toBeGreaterThan(0);
    const [post] = callsOf(fetch, 'POST /api/preview-blogs/publish/spring-checklist');
    expect(new Headers(post.headers).get('If-Match')).toBe('"p1"');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
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

  it('publishes the fields as JSON with the slug, then stays, with links to the live page and the blog', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...draftRoutes('blogs', { ...blog, review: { submittedBy: 'edith', submittedAt: '2026-05-01T10:00:00Z', note: 'Ready' } }),
      'POST /api/preview-blogs/publish/spring-checklist': () =>
        jsonResponse({ message: 'Blog published!', url: 'https://example.com/blog/spring-checklist/', live: true }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const notice = await screen.findByText(/Published! The page is live at/);
    expect(notice).toHaveTextContent('https://example.com/blog/spring-checklist/');
    expect(screen.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', 'https://example.com/blog/spring-checklist/');
    expect(screen.getByRole('link', { name: 'View the blog' })).toHaveAttribute('href', 'https://example.com/blog/');
    expect(screen.getByRole('link', { name: 'Edit the live blog' })).toHaveAttribute('href', '/admin/edit-blog/spring-checklist');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/preview-blog/spring-checklist');
    expect(screen.getByRole('heading', { name: 'Blog published', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByTitle(/^Preview of/)).toBeNull();
    expect(screen.queryByText(/Submitted for review by/)).toBeNull(); // answered: it is live
    const [post] = callsOf(fetch, 'POST /api/preview-blogs/publish/spring-checklist');
    expect(JSON.parse(post.body as string)).toMatchObject({ slug: 'spring-checklist', category: 'Uncategorized', content: blog.content, image: blog.image });
  });

  it('says a publish whose build is still running is published, the page live shortly', async () => {
    setToken('tok');
    routeFetch({
      ...draftRoutes('blogs', blog),
      'POST /api/preview-blogs/publish/spring-checklist': () =>
        jsonResponse({ message: 'Blog published. The site is still building', url: 'https://example.com/blog/spring-checklist/', live: false }, 202),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/still being rebuilt/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Please enter both title and content before publishing.' once, and sends nothing", async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...draftRoutes('blogs', { ...blog, content: '' }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(screen.getAllByText('Please enter both title and content before publishing.')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both title and content before publishing.');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('asks before publishing a title another published blog has, naming it', async () => {
    setToken('tok');
    const twin = { ...blogRecord, _id: 'other', slug: 'spring-checklist-2019', title: 'Spring  Checklist' };
    const fetch = routeFetch({
      ...draftRoutes('blogs', blog, [twin]),
      'POST /api/preview-blogs/publish/spring-checklist': () =>
        jsonResponse({ message: 'Blog published!', url: 'https://example.com/blog/spring-checklist/', live: true }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('A published blog already has this title, at /blog/spring-checklist-2019/:');
    expect(dialog).toHaveTextContent('“Spring Checklist”');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, 'POST /api/preview-blogs/publish/spring-checklist')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish anyway' }));
    expect(await screen.findByText(/Published! The page is live at/)).toBeInTheDocument();
    expect(callsOf(fetch, 'POST /api/preview-blogs/publish/spring-checklist')).toHaveLength(1);
  });

  it('refuses to publish onto an address another published blog has, naming it', async () => {
    setToken('tok');
    const other = { ...blogRecord, _id: 'other', title: 'Autumn checklist' };
    const fetch = routeFetch({
      ...draftRoutes('blogs', blog, [other]),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The address /blog/spring-checklist/ is already used by the published blog “Autumn checklist”.');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('publishes over its own earlier copy without asking', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...draftRoutes('blogs', blog, [{ ...blog }]),
      'POST /api/preview-blogs/publish/spring-checklist': () => jsonResponse({ message: 'ok', url: '/blog/spring-checklist/', live: true }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Published! The page is live at/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsOf(fetch, 'POST /api/preview-blogs/publish/spring-checklist')).toHaveLength(1);
  });

  it("says 'Blog not found or failed to fetch.' for an unknown draft", async () => {
    setToken('tok');
    routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse({ error: 'Blog not found or failed to fetch.' }, 404),
      'GET /api/blogs/spring-checklist': jsonResponse({ error: 'Blog not found or failed to fetch.' }, 404),
      'GET /api/site-info': () => jsonResponse({ name: 'DR', siteUrl: 'https://example.com' }),
    });
    renderPreview();
    expect(await screen.findByRole('alert')).toHaveTextContent('Blog not found or failed to fetch.');
  });

  it('reloaded after the draft was published, leads to the live post and its edit screen', async () => {
    setToken('tok');
    routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse({ error: 'Blog not found or failed to fetch.' }, 404),
      'GET /api/blogs/spring-checklist': () => jsonResponse(blogRecord),
      'GET /api/site-info': () => jsonResponse({ name: 'DR', siteUrl: 'https://example.com' }),
    });
    renderAt('/admin/preview-blog/spring-checklist', '/admin/preview-blog/:slug', (
      <SessionValue me={{ username: 'priya', email: 'p@example.com', role: 'admin' }}>
        <PreviewContentPage kind={blogKind} />
      </SessionValue>
    ));
    expect(await screen.findByRole('heading', { name: 'Blog published', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/“Spring checklist” is published. The page is live at/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', 'https://example.com/blog/spring-checklist/');
    expect(screen.getByRole('link', { name: 'Edit the live blog' })).toHaveAttribute('href', '/admin/edit-blog/spring-checklist');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PreviewContentPage (service)', () => {
  const renderPreview = () =>
    renderAt('/admin/preview-services/local-seo', '/admin/preview-services/:slug', <PreviewContentPage kind={serviceKind} />);

  it('shows the meta fields disabled and updates as multipart without touching the picture', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...draftRoutes('services', service),
      'PUT /api/preview-services/local-seo': () => jsonResponse({ message: 'Service updated successfully!', service }),
    });
    renderPreview();
    expect(await screen.findByRole('heading', { name: 'Preview service' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    for (const label of ['Meta title', 'Meta description', 'Focus keyword']) expect(screen.getByLabelText(label)).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Service updated successfully!')).toBeInTheDocument();
    const body = callsOf(fetch, 'PUT /api/preview-services/local-seo')[0].body as FormData;
    expect(body.get('description')).toBe(service.description);
    expect(body.get('metaTitle')).toBe('Local SEO | DR');
    expect(body.has('image')).toBe(false);
  });

  it('removes the picture with a multipart update whose image is ""', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...draftRoutes('services', service),
      'PUT /api/preview-services/local-seo': () => jsonResponse({ message: 'ok', service: { ...service, image: '' } }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove image' }));
    expect(await screen.findByText('Image removed.')).toBeInTheDocument();
    const body = callsOf(fetch, 'PUT /api/preview-services/local-seo')[0].body as FormData;
    expect(body.get('image')).toBe('');
    expect(body.get('title')).toBe('Local SEO');
  });

  it("says 'Update failed: {message}' when the server refuses", async () => {
    setToken('tok');
    routeFetch({
      ...draftRoutes('services', service),
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
      ...draftRoutes('services', service),
      'POST /api/preview-services/publish/local-seo': () =>
        jsonResponse({ message: 'Service published!', url: 'https://example.com/local-seo/', live: true }),
    });
    renderPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('link', { name: 'View the services page' })).toHaveAttribute('href', 'https://example.com/OurServices/');
    expect(screen.getByRole('link', { name: 'View on site' })).toHaveAttribute('href', 'https://example.com/local-seo/');
    const body = callsOf(fetch, 'POST /api/preview-services/publish/local-seo')[0].body as FormData;
    expect(body.get('slug')).toBe('local-seo');
    expect(body.get('createdAt')).toBe(service.createdAt);
    expect(body.get('description')).toBe(service.description);
    expect(body.has('image')).toBe(false);
  });
});

describe('PreviewContentPage as an editor', () => {
  const editor = { username: 'edith', email: 'edith@example.com', role: 'editor' as const };
  const renderAsEditor = () =>
    renderAt(
      '/admin/preview-blog/spring-checklist',
      '/admin/preview-blog/:slug',
      <SessionValue me={editor}>
        <PreviewContentPage kind={blogKind} />
      </SessionValue>,
    );

  it('offers Submit for review instead of Publish, and sends the note', async () => {
    setToken('tok');
    const submitted = { ...blog, review: { submittedBy: 'edith', submittedAt: '2026-05-01T10:00:00Z', note: 'Check the intro' } };
    const fetch = routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse(blog),
      'GET /api/preview-blogs/spring-checklist/render': page,
      'POST /api/preview-blogs/spring-checklist/review': () =>
        jsonResponse({ message: 'Submitted for review. An admin will check and publish it.', blog: submitted }),
    });
    renderAsEditor();
    await screen.findByRole('heading', { name: 'Preview blog' });
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Note for the admin (optional)'));
    await userEvent.type(screen.getByLabelText('Note for the admin (optional)'), 'Check the intro');
    await userEvent.click(within(screen.getByLabelText('Note for the admin (optional)').closest('form')!).getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Submitted for review. An admin will check and publish it.')).toBeInTheDocument();
    // The form is gone; the keyboard's focus is on the screen's review button, not the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Withdraw submission' })));
    expect(screen.getByText(/Submitted for review by/)).toHaveTextContent('Submitted for review by edith');
    expect(screen.getByRole('button', { name: 'Withdraw submission' })).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, 'POST /api/preview-blogs/spring-checklist/review')[0].body as string)).toEqual({ note: 'Check the intro' });
  });

  it("offers no hand-back of another editor's submission", async () => {
    setToken('tok');
    routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse({ ...blog, review: { submittedBy: 'otto', submittedAt: '2026-05-01T10:00:00Z' } }),
      'GET /api/preview-blogs/spring-checklist/render': page,
    });
    renderAsEditor();
    expect(await screen.findByText(/Submitted for review by/)).toHaveTextContent(/Submitted for review by otto .* Until then only otto or an admin can change it\./);
    expect(screen.queryByRole('button', { name: /Withdraw submission|Hand back|Submit for review/ })).toBeNull();
  });

  it('shows why an admin handed the draft back, until it is submitted again', async () => {
    setToken('tok');
    routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse({ ...blog, handedBack: { by: 'asha', at: '2026-05-02T10:00:00Z', note: 'Add the prices table' } }),
      'GET /api/preview-blogs/spring-checklist/render': page,
    });
    renderAsEditor();
    expect(await screen.findByText(/Handed back by/)).toHaveTextContent(/Handed back by asha on .*: “Add the prices table” Change the draft, then submit it for review again\./);
  });
});

describe('PreviewContentPage: an admin hands a draft back', () => {
  it('asks why, and sends the note with the hand-back', async () => {
    setToken('tok');
    const submitted = { ...blog, review: { submittedBy: 'edith', submittedAt: '2026-05-01T10:00:00Z', note: 'Check the intro' } };
    const back = { ...blog, handedBack: { by: 'admin', at: '2026-05-02T10:00:00Z', note: 'Add the prices table' } };
    const fetch = routeFetch({
      'GET /api/preview-blogs/spring-checklist': jsonResponse(submitted),
      'GET /api/preview-blogs/spring-checklist/render': page,
      'DELETE /api/preview-blogs/spring-checklist/review': () => jsonResponse({ message: 'Handed back to edith.', blog: back }),
    });
    renderAt('/admin/preview-blog/spring-checklist', '/admin/preview-blog/:slug', <PreviewContentPage kind={blogKind} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Hand back' }));
    expect(callsOf(fetch, 'DELETE /api/preview-blogs/spring-checklist/review')).toHaveLength(0); // not before the note
    const note = screen.getByLabelText('Why it goes back (its editor sees this on the draft)');
    await userEvent.type(note, 'Add the prices table');
    await userEvent.click(within(note.closest('form')!).getByRole('button', { name: 'Hand back' }));
    expect(await screen.findByText('Handed back to edith.')).toBeInTheDocument();
    expect(JSON.parse(callsOf(fetch, 'DELETE /api/preview-blogs/spring-checklist/review')[0].body as string)).toEqual({ note: 'Add the prices table' });
    expect(screen.getByText(/Handed back by/)).toHaveTextContent('Handed back by admin');
  });
});
