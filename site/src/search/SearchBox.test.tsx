// The header's search box in jsdom, over the index of the contract fixture (the files the Go
// tests wrote), served to the engine's fetch as a static host would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import contract from './testdata/contract.json';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import SearchBox, { navigation } from './SearchBox';

const files = contract.files as Record<string, string>;
const served: string[] = [];
// The first lookup loads the engine's module: on a busy machine that can take a while.
const WAIT = { timeout: 10000 };

beforeEach(() => {
  served.length = 0;
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    served.push(path);
    const b64 = files[path];
    if (b64 === undefined) return new Response('not found', { status: 404 });
    const all = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const range = (init?.headers as Record<string, string> | undefined)?.Range?.match(/^bytes=(\d+)-(\d+)$/);
    if (!range) return new Response(all);
    return new Response(all.slice(Number(range[1]), Number(range[2]) + 1), { status: 206 });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function type(input: HTMLElement, text: string) {
  await act(async () => {
    (input as HTMLInputElement).value = text;
    fireEvent.input(input);
  });
}

describe('SearchBox', () => {
  it('is a plain GET form to /search/ until it is used', () => {
    const { container } = render(<SearchBox />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/search/');
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByLabelText('Search the site').getAttribute('name')).toBe('q');
    expect(served).toEqual([]); // nothing is fetched before the visitor focuses or types
  });

  it('lists results with marked words and moves through them with the arrow keys', async () => {
    render(<SearchBox />);
    const input = screen.getByRole('combobox', { name: 'Search the site' });
    fireEvent.focus(input);
    await type(input, 'seo');
    const options = await screen.findAllByRole('option', {}, WAIT);
    expect(options.length).toBe(3);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe('site-search-list');
    expect(options[0].getAttribute('href')).toBe('/seo-services-in-delhi/');
    expect(options[0].querySelector('mark')?.textContent).toBe('SEO');
    expect(screen.getByRole('status').textContent).toMatch(/^3 results/);
    expect(served[0]).toBe('/search/index.bin');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0].id);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2].id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });

    const go = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(go).toHaveBeenCalledWith('/seo-services-in-delhi/');
  });

  it('keeps the highlighted result highlighted when a later answer still holds it, and is busy until the whole query is answered', async () => {
    const { container } = render(<SearchBox />);
    const form = container.querySelector('form')!;
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    await type(input, 'seo');
    expect(form.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(form.hasAttribute('aria-busy')).toBe(false), WAIT);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const chosen = screen.getAllByRole('option')[1];
    expect(input.getAttribute('aria-activedescendant')).toBe(chosen.id);
    await type(input, 'seo '); // new answers arrive after the choice
    expect(form.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(form.hasAttribute('aria-busy')).toBe(false), WAIT);
    const now = screen.getAllByRole('option').find((o) => o.getAttribute('href') === chosen.getAttribute('href'))!;
    expect(input.getAttribute('aria-activedescendant')).toBe(now.id);
    expect(now.getAttribute('aria-selected')).toBe('true');
  });

  it('closes on Escape, then clears, and says when nothing matches', async () => {
    render(<SearchBox />);
    const input = screen.getByRole('combobox') as HTMLInputElement;
    await type(input, 'zzzz');
    await screen.findByText('No results for “zzzz”.', {}, WAIT);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await type(input, 'reels');
    await screen.findAllByRole('option', {}, WAIT);
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0), WAIT);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });

  it('stays closed when an answer arrives after Escape or after the focus has left', async () => {
    const { container } = render(<SearchBox />);
    const form = container.querySelector('form')!;
    const input = screen.getByRole('combobox') as HTMLInputElement;
    const settled = () => waitFor(() => expect(form.hasAttribute('aria-busy')).toBe(false), WAIT);
    act(() => input.focus());
    await type(input, 'seo');
    await settled();
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    // The list still shows the last answer while the next query is looked up: Escape closes it,
    // and the new query's answers, arriving later, leave it closed.
    await type(input, 'reels');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await settled();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('reels'); // the first Escape closes, it does not clear
    // ArrowDown opens the list again, on the answer that arrived meanwhile.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[0].textContent).toMatch(/reels/i);
    // The same when the focus leaves while an answer is on its way.
    await type(input, 'google ads');
    act(() => input.blur());
    expect(document.activeElement).not.toBe(input);
    await settled();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('answers what was typed before the script ran, in an open list', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    host.innerHTML = renderToString(<SearchBox />);
    const input = host.querySelector('input')!;
    input.value = 'seo';
    input.focus();
    await act(async () => {
      hydrateRoot(host, <SearchBox />);
    });
    expect(input.value).toBe('seo');
    const options = await screen.findAllByRole('option', {}, WAIT);
    expect(options[0].getAttribute('href')).toBe('/seo-services-in-delhi/');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    host.remove();
  });

  it('links to every result on the search page', async () => {
    render(<SearchBox />);
    const input = screen.getByRole('combobox');
    await type(input, 'google ads');
    const all = await screen.findByRole('link', { name: /search page|See all/ }, WAIT);
    expect(all.getAttribute('href')).toBe('/search/?q=google%20ads');
  });

  it('opens as a panel from the search button on small screens', async () => {
    const { container } = render(<SearchBox />);
    const toggle = screen.getByRole('button', { name: 'Search', expanded: false });
    await act(async () => {
      fireEvent.click(toggle);
      await import('./live'); // the engine the click starts loading: its arrival updates the box
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(container.firstElementChild!.className).toContain('is-open');
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(container.firstElementChild!.className).not.toContain('is-open');
    expect(document.activeElement).toBe(toggle);
  });
});
