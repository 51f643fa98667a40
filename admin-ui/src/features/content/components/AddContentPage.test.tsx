import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Quill from 'quill';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { blogKind } from '../../blogs/kind';
import { serviceKind } from '../../services/kind';
import { AddContentPage } from './AddContentPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
  localStorage.clear(); // the add screen's unsaved copy
});

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'pic.png', { type: 'image/png' });

// What each kind already has; the category field offers those categories.
const blogLists = {
  'GET /api/blogs': () => jsonResponse([{ title: 'A', slug: 'a', category: 'Local SEO' }]),
  'GET /api/preview-blogs': () =>
    jsonResponse([
      { title: 'B', slug: 'b', category: 'local seo' },
      { title: 'C', slug: 'c', category: 'Local SEO' },
      { title: 'D', slug: 'd', category: 'Email' },
    ]),
};
const serviceLists = {
  'GET /api/services': () => jsonResponse([]),
  'GET /api/preview-services': () => jsonResponse([]),
};

/** Writes into the rich-text field as a person typing would (Quill's own text change). */
function typeBody(label: RegExp, text: string) {
  const box = screen.getByRole('textbox', { name: label });
  act(() => {
    (Quill.find(box.parentElement!) as Quill).insertText(0, text, 'user');
  });
}

const writes = (fetch: ReturnType<typeof routeFetch>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AddContentPage (blog)', () => {
  const renderAdd = () =>
    renderAt('/admin/add-blog', '/admin/add-blog', <AddContentPage kind={blogKind} />, [
      { path: '/admin/preview-blog/:slug', element: <h1>Preview screen</h1> },
    ]);

  it('needs a title, a category and the text, each marked required as on the edit screens', async () => {
    const fetch = routeFetch(blogLists);
    renderAdd();
    for (const name of [/^Title/, /^Category/]) expect(screen.getByLabelText(name)).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Content/ })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('Focus keyword')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
    expect(screen.getByText('Content is required.')).toBeInTheDocument();
    expect(writes(fetch)).toHaveLength(0);
  });

  it('takes each "required" message away as soon as its field is filled in', async () => {
    routeFetch(blogLists);
    renderAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    await userEvent.type(screen.getByLabelText(/^Title/), 'Hello world');
    expect(screen.queryByText('Title is required.')).toBeNull();
    expect(screen.getByLabelText(/^Title/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    expect(screen.queryByText('Category is required.')).toBeNull();
    // Emptying a field again does not bring its message back before the next submit.
    await userEvent.clear(screen.getByLabelText(/^Title/));
    expect(screen.queryByText('Title is required.')).toBeNull();
  });

  it('offers the categories already in use, one spelling each, most used first', async () => {
    routeFetch(blogLists);
    const { container } = renderAdd();
    const category = screen.getByLabelText(/^Category/);
    const list = container.querySelector(`datalist#${CSS.escape(category.getAttribute('list') ?? '')}`);
    await waitFor(() => expect(list?.querySelector('option')).toHaveAttribute('value', 'Local SEO'));
    const values = [...(list?.querySelectorAll('option') ?? [])].map((o) => o.getAttribute('value'));
    expect(values.slice(0, 2)).toEqual(['Local SEO', 'Email']);
    expect(values.filter((v) => v?.toLowerCase() === 'local seo')).toHaveLength(1);
    expect(values).toContain('Social Media');
  });

  it('counts the meta fields against what Google shows, checks the focus keyword and previews the result', async () => {
    routeFetch(blogLists);
    renderAdd();
    const title = 'Local SEO in Noida: the complete 2027 checklist for small businesses that want calls';
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: title } });
    expect(screen.getByLabelText(/^Meta title/)).toHaveAccessibleDescription(/The title it takes has 84 characters: Google shows about 60, so its end will be cut off\.$/);
    fireEvent.change(screen.getByLabelText(/^Meta title/), { target: { value: 'Local SEO in Noida: a 2027 checklist' } });
    expect(screen.getByLabelText(/^Meta title/)).toHaveAccessibleDescription(/36 of the about 60 characters Google shows\.$/);
    fireEvent.change(screen.getByLabelText(/^Meta description/), { target: { value: 'x'.repeat(200) } });
    expect(screen.getByLabelText(/^Meta description/)).toHaveAccessibleDescription(/200 characters: Google shows about 160/);
    fireEvent.change(screen.getByLabelText(/^Focus keyword/), { target: { value: 'Local SEO' } });
    expect(screen.getByLabelText(/^Focus keyword/)).toHaveAccessibleDescription('“Local SEO” is not in the meta description: searchers see their words in bold there, and click more.');
    const preview = screen.getByRole('figure', { name: 'How Google may show it' });
    expect(preview).toHaveTextContent('Local SEO in Noida: a 2027 checklist');
    expect(preview).toHaveTextContent(`${'x'.repeat(159)}…`);
  });

  it('keeps what was being written until it is saved: back in the form after leaving, with a way to discard it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-12-07T13:30:00Z'));
    routeFetch(blogLists);
    const first = renderAdd();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Local SEO in Noida' } });
    fireEvent.change(screen.getByLabelText(/^Focus keyword/), { target: { value: 'local seo' } });
    act(() => void vi.advanceTimersByTime(500));
    first.unmount(); // a click elsewhere in the admin, or a sign-in that ran out
    vi.useRealTimers();
    renderAdd();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Local SEO in Noida');
    expect(screen.getByLabelText(/^Focus keyword/)).toHaveValue('local seo');
    expect(screen.getByText(/What you were writing on .* was not saved yet: it is back in the form below\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('');
    await waitFor(() => expect(localStorage.getItem('unsaved-blog')).toBeNull());
  });

  it('asks the browser to warn before the tab closes with text not saved yet', () => {
    routeFetch(blogLists);
    renderAdd();
    const before = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(before()).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Half a thought' } });
    expect(before()).toBe(true);
  });

  it('has the rich-text editor with the agreed toolbar', () => {
    routeFetch(blogLists);
    renderAdd();
    expect(screen.getByRole('textbox', { name: 'Content' })).toBeInTheDocument();
    // SPEC §1's toolbar, each button by the name a person knows it by.
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Quote', 'Code block', 'Link', 'Insert an image']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Numbered list' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase indent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heading 1', hidden: true })).toBeInTheDocument();
  });

  it("saves as a preview, says 'Blog saved! Check it in the preview section.' and opens it", async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...blogLists,
      'POST /api/preview-blogs': () => jsonResponse({ message: 'Blog saved! Check it in the preview section.', blog: { slug: 'hello-world' } }, 201),
    });
    renderAdd();
    expect(screen.queryByLabelText(/Slug/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Hello world');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    typeBody(/^Content/, 'Plant keywords.');
    await userEvent.type(screen.getByLabelText(/^Meta title/), 'Hello | DR');
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(await screen.findByRole('heading', { name: 'Preview screen' })).toBeInTheDocument();
    expect(screen.getByText('Blog saved! Check it in the preview section.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/preview-blog/hello-world');
    const body = callsOf(fetch, 'POST /api/preview-blogs')[0].body as FormData;
    expect(body.get('title')).toBe('Hello world');
    expect(body.get('category')).toBe('SEO');
    expect(body.get('content')).toBe('<p>Plant keywords.</p>');
    expect(body.get('metaTitle')).toBe('Hello | DR');
    expect(body.has('focusKeyword')).toBe(true);
    expect(body.has('description')).toBe(false);
    expect(body.has('slug')).toBe(false);
    expect(body.has('image')).toBe(false);
  });

  it("shows 'Failed to save blog.' once, on the form, when saving fails", async () => {
    setToken('tok');
    routeFetch({ ...blogLists, 'POST /api/preview-blogs': () => jsonResponse({ error: 'internal error' }, 500) });
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Hello world');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    typeBody(/^Content/, 'Plant keywords.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(await screen.findByText('Failed to save blog.')).toHaveAttribute('role', 'alert');
    expect(screen.getAllByText('Failed to save blog.')).toHaveLength(1);
  });
});

describe('AddContentPage (service)', () => {
  const renderAdd = () =>
    renderAt('/admin/add-service', '/admin/add-service', <AddContentPage kind={serviceKind} />, [
      { path: '/admin/preview-services/:slug', element: <h1>Preview screen</h1> },
    ]);

  it('derives the read-only slug from the title as it is typed', async () => {
    routeFetch(serviceLists);
    renderAdd();
    const slug = screen.getByLabelText(/Slug/);
    expect(slug).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText(/^Title/), '  Best SEO & PPC  Services! ');
    expect(slug).toHaveValue('best-seo-ppc-services');
  });

  it("says 'Slug is required. Please enter a title.' when the title gives no slug, until it does", async () => {
    const fetch = routeFetch(serviceLists);
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), '!!!');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getAllByText('Slug is required. Please enter a title.')).toHaveLength(1);
    expect(writes(fetch)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Title/), 'SEO');
    expect(screen.queryByText('Slug is required. Please enter a title.')).toBeNull();
  });

  it('needs title, category and an image file', async () => {
    const fetch = routeFetch(serviceLists);
    renderAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Category is required.')).toBeInTheDocument();
    expect(screen.getByText('Please choose an image.')).toBeInTheDocument();
    expect(writes(fetch)).toHaveLength(0);
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    expect(screen.queryByText('Please choose an image.')).toBeNull();
  });

  it('sends the form with the derived slug and opens the preview', async () => {
    setToken('tok');
    const fetch = routeFetch({
      ...serviceLists,
      'POST /api/preview-services': () =>
        jsonResponse({ message: 'Service saved! Check it in the preview section.', service: { slug: 'local-seo' } }, 201),
    });
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Local SEO');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    typeBody(/^Description/, 'Be found nearby.');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByRole('heading', { name: 'Preview screen' })).toBeInTheDocument();
    expect(screen.getByText('Service saved! Check it in the preview section.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/preview-services/local-seo');
    const body = callsOf(fetch, 'POST /api/preview-services')[0].body as FormData;
    expect(body.get('slug')).toBe('local-seo');
    expect(body.get('title')).toBe('Local SEO');
    expect(body.get('description')).toBe('<p>Be found nearby.</p>');
    expect(body.has('content')).toBe(false);
    expect(body.get('image')).toBeInstanceOf(File);
  });

  it("shows 'Failed to add service.' with the server's reason", async () => {
    setToken('tok');
    routeFetch({ ...serviceLists, 'POST /api/preview-services': () => new Response('oops', { status: 502 }) });
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Local SEO');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    typeBody(/^Description/, 'Be found nearby.');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findByText('Failed to add service. oops')).toHaveAttribute('role', 'alert');
  });
});
