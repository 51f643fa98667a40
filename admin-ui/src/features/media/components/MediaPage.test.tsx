import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../lib/api-client';
import { resetToasts } from '../../../lib/toast';
import { callsOf, jsonResponse, renderAt, routeFetch } from '../../../test/utils';
import { MediaPage } from './MediaPage';
import { SessionValue } from '../../../lib/session';
import type { MediaItem } from '../api/media';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const item = (over: Partial<MediaItem>): MediaItem => ({
  name: 'a1.png', url: '/uploads/a1.png', type: 'image/png', size: 2048, width: 800, height: 600, alt: '',
  createdBy: 'admin', createdAt: '2026-11-01T10:00:00Z', usedBy: [], variants: 0, ...over,
});

describe('MediaPage', () => {
  it('saves an alt text with Enter, and the focus stays in the field', async () => {
    setToken('tok');
    const fetch = routeFetch({
      'GET /api/media': jsonResponse([item({})]),
      'PUT /api/media/a1.png': (init) =>
        jsonResponse({ message: 'Alt text saved.', media: item({ alt: JSON.parse(String(init.body)).alt }) }),
    });
    renderAt('/admin/media', '/admin/media', <MediaPage />);
    const field = await screen.findByLabelText('Alt text');
    await userEvent.type(field, 'The office in Noida{Enter}');
    expect(await screen.findByText('Alt text saved.')).toBeInTheDocument();
    expect(callsOf(fetch, 'PUT /api/media/a1.png')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(document.activeElement).toBe(field);
  });

  it('after a save with the button, the focus goes back to the field, not to the page', async () => {
    setToken('tok');
    routeFetch({
      'GET /api/media': jsonResponse([item({})]),
      'PUT /api/media/a1.png': () => jsonResponse({ message: 'Alt text saved.', media: item({ alt: 'A desk' }) }),
    });
    renderAt('/admin/media', '/admin/media', <MediaPage />);
    const field = await screen.findByLabelText('Alt text');
    await userEvent.type(field, 'A desk');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('finds an image by its name, its alt text or the post that uses it', async () => {
    setToken('tok');
    routeFetch({
      'GET /api/media': jsonResponse([
        item({ name: 'a1.png', original: 'team-photo.jpg', alt: 'Our team in Noida' }),
        item({ name: 'b2.png', url: '/uploads/b2.png', alt: 'A price table', usedBy: [{ kind: 'blog', slug: 'seo-prices', title: 'SEO prices in Delhi', stage: 'published', field: 'image' }] }),
      ]),
    });
    renderAt('/admin/media', '/admin/media', <MediaPage />);
    const search = await screen.findByLabelText('Search the library');
    const shown = () => [...document.querySelectorAll('.media-grid img')].map((i) => i.getAttribute('src'));
    await userEvent.type(search, 'seo delhi');
    expect(shown()).toEqual(['/uploads/b2.png']);
    expect(screen.getByText('1 image matches')).toHaveAttribute('role', 'status');
    await userEvent.clear(search);
    await userEvent.type(search, 'TEAM-photo');
    expect(shown()).toEqual(['/uploads/a1.png']);
    await userEvent.clear(search);
    await userEvent.type(search, 'noida kitchen');
    expect(screen.getByText('No image matches.')).toBeInTheDocument();
  });

  it("offers an editor no Delete of another's image, and says why", async () => {
    setToken('tok');
    routeFetch({
      'GET /api/media': jsonResponse([
        item({ name: 'a1.png', createdBy: 'admin' }),
        item({ name: 'b2.png', url: '/uploads/b2.png', createdBy: 'edith' }),
      ]),
    });
    renderAt('/admin/media', '/admin/media', (
      <SessionValue me={{ username: 'edith', email: 'edith@example.com', role: 'editor' }}>
        <MediaPage />
      </SessionValue>
    ));
    const [theirs, mine] = await screen.findAllByRole('button', { name: 'Delete' });
    expect(theirs).toBeDisabled();
    expect(theirs).toHaveAccessibleDescription('You may delete only images you uploaded: ask an admin to delete this one.');
    expect(mine).toBeEnabled();
  });

  it('names and shows the image a deletion asks about', async () => {
    setToken('tok');
    routeFetch({ 'GET /api/media': jsonResponse([item({ alt: 'Team photo', original: 'team-photo-4.jpg' })]) });
    renderAt('/admin/media', '/admin/media', <MediaPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('“team-photo-4.jpg”');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/uploads/a1.png');
  });

  it("its upload dialog asks for a new image only, not for one of the library it was opened from", async () => {
    setToken('tok');
    const fetch = routeFetch({ 'GET /api/media': jsonResponse([item({ alt: 'The office' })]) });
    renderAt('/admin/media', '/admin/media', <MediaPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload image' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload an image' });
    expect(dialog).not.toHaveTextContent('Or reuse one from the media library');
    expect(within(dialog).queryByRole('list', { name: 'Media library' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled(); // until a file is chosen
    expect(callsOf(fetch, 'GET /api/media')).toHaveLength(1); // the page's own list, not the dialog's
  });

  it('offers no Delete for an image in use', async () => {
    setToken('tok');
    routeFetch({
      'GET /api/media': jsonResponse([item({ alt: 'Used', usedBy: [{ kind: 'blog', slug: 'p', title: 'A post', stage: 'published', field: 'image' }] })]),
    });
    renderAt('/admin/media', '/admin/media', <MediaPage />);
    expect(await screen.findByText('Used images cannot be deleted.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
