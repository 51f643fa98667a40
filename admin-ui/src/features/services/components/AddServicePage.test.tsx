import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetToasts } from '../../../lib/toast';
import { setToken } from '../../../lib/api-client';
import { jsonResponse, renderAt, stubFetch } from '../../../test/utils';
import { AddServicePage } from './AddServicePage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const renderAdd = () =>
  renderAt('/admin/add-service', '/admin/add-service', <AddServicePage />, [
    { path: '/admin/preview-services/:slug', element: <h1>Preview screen</h1> },
  ]);

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'pic.png', { type: 'image/png' });

describe('AddServicePage', () => {
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
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/preview-services');
    const body = init.body as FormData;
    expect(body.get('slug')).toBe('local-seo');
    expect(body.get('title')).toBe('Local SEO');
    expect(body.get('image')).toBeInstanceOf(File);
  });

  it("shows 'Failed to add service.' when the server gives no message", async () => {
    setToken('tok');
    stubFetch(new Response('oops', { status: 502 }));
    renderAdd();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Local SEO');
    await userEvent.type(screen.getByLabelText(/^Category/), 'SEO');
    await userEvent.upload(screen.getByLabelText(/^Image/), png());
    await userEvent.click(screen.getByRole('button', { name: 'Add Service' }));
    expect(await screen.findAllByText(/oops|Failed to add service\./)).not.toHaveLength(0);
  });
});
