// The search page's island in jsdom, over the index of the contract fixture (the files the Go
// tests wrote), served to the engine's fetch as a static host would, a file held back on request.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import contract from './testdata/contract.json';
import SearchPage from './SearchPage';

const files = contract.files as Record<string, string>;
const WAIT = { timeout: 10000 }; // the engine's first load, on a busy machine
// The file that holds doc 5: the second hit of "seo", the one "Show more" reads.
const DOC5 = '/assets/search/d/527665fe/5.bin';
let held: { release: () => void; read: Promise<void> } | null = null;
let hold = false;

beforeEach(() => {
  window.history.replaceState(null, '', '/search/?q=seo');
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const b64 = files[path];
    if (b64 === undefined) return new Response('not found', { status: 404 });
    const all = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const range = (init?.headers as Record<string, string> | undefined)?.Range?.match(/^bytes=(\d+)-(\d+)$/);
    const body = range ? all.slice(Number(range[1]), Number(range[2]) + 1) : all;
    const answer = () => new Response(body, { status: range ? 206 : 200 });
    if (!(hold && path === DOC5)) return answer();
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    let read!: () => void;
    held = { release, read: new Promise<void>((r) => { read = r; }) };
    await released;
    const r = answer();
    const arrayBuffer = r.arrayBuffer.bind(r);
    r.arrayBuffer = async () => { const b = await arrayBuffer(); read(); return b; };
    return r;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  hold = false;
  held = null;
  window.history.replaceState(null, '', '/');
});

// The page's own macrotasks after a file has been read (decoding, the answer's renders): run out.
const settle = () => act(async () => { for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0)); });

describe('SearchPage', () => {
  it('a "Show more" answer arriving after a new search leaves the new results alone', async () => {
    render(<SearchPage pageSize={1} />);
    await screen.findByText(/3 results for “seo”/, {}, WAIT);
    hold = true;
    fireEvent.click(screen.getByRole('button', { name: /Show more results/ }));
    await waitFor(() => expect(held).not.toBeNull(), WAIT);
    hold = false;

    // A new search while the second result of "seo" is on its way.
    const box = screen.getByLabelText('Search the site') as HTMLInputElement;
    box.value = 'goo';
    fireEvent.submit(box.form!);
    await screen.findByText(/results? for “goo”/, {}, WAIT);
    const goo = screen.getAllByRole('listitem').map((li) => li.textContent);

    held!.release();
    await act(() => held!.read);
    await settle();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(goo);
    expect(screen.getByRole('status').textContent).toMatch(/for “goo”/);
  });
});
