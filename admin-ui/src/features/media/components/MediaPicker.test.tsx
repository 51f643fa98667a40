import { describe, expect, it, vi, beforeEach } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MediaPicker } from './MediaPicker';

const library = [
  { name: 'a.png', url: '/uploads/a.png', type: 'image/png', size: 2048, width: 1600, height: 1000, alt: '', createdBy: 'admin', createdAt: '2026-11-20T10:00:00Z', usedBy: [], variants: 12 },
  { name: 'b.png', url: '/uploads/b.png', type: 'image/png', size: 1024, width: 800, height: 600, alt: 'Our office', createdBy: 'admin', createdAt: '2026-11-19T10:00:00Z', usedBy: [], variants: 6 },
];

describe('MediaPicker', () => {
  beforeEach(() => {
    localStorage.setItem('adminToken', 't');
  });

  it('reuses a library image, with its alt text required and saved to the library', async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
      if (init?.method === 'PUT') return new Response(JSON.stringify({ message: 'Alt text saved.', media: { ...library[0], alt: 'A blue sky' } }), { status: 200 });
      return new Response(JSON.stringify(library), { status: 200 });
    }));
    const onPick = vi.fn();
    render(<MediaPicker open onPick={onPick} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: /a\.png/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(await screen.findByText(/Describe the image for people who cannot see it/)).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Alt text/), 'A blue sky');
    await userEvent.click(screen.getByRole('button', { name: 'Use this image' }));
    expect(onPick).toHaveBeenCalledWith({ url: '/uploads/a.png', alt: 'A blue sky', uploaded: false });
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/media/a.png', body: JSON.stringify({ alt: 'A blue sky' }) });
    vi.unstubAllGlobals();
  });

  it('gives the keyboard focus back to what opened it, and opens with an empty search', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(library), { status: 200 })));
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>Insert image</button>
          <MediaPicker open={open} onPick={() => setOpen(false)} onClose={() => setOpen(false)} />
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Insert image' });
    await userEvent.click(opener);
    await userEvent.type(await screen.findByLabelText('Search the library'), 'office');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(opener);
    await userEvent.click(opener);
    expect(await screen.findByLabelText('Search the library')).toHaveValue('');
    expect(await screen.findByRole('button', { name: /a\.png/ })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('searches the library by alt text, and Enter in the search does not use an image', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(library), { status: 200 })));
    const onPick = vi.fn();
    render(<MediaPicker open onPick={onPick} onClose={() => {}} />);
    await screen.findByRole('button', { name: /a\.png/ });
    await userEvent.type(screen.getByLabelText('Search the library'), 'office{Enter}');
    expect(screen.getByRole('button', { name: /Our office/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /a\.png/ })).toBeNull();
    expect(screen.queryByText(/Choose an image from the library or upload one/)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Search the library'));
    await userEvent.type(screen.getByLabelText('Search the library'), 'kitchen');
    expect(screen.getByText('No image matches.')).toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
