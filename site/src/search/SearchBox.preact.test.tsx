// The header's search box under Preact, as the browser runs it (vite.config.ts): Preact renders
// a state change in a microtask and runs effects only after the next frame, so what must hold by
// the time the visitor's next key arrives is checked a microtask after the click.
import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import SearchBox from './SearchBox';

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.replaceChildren();
});

it('the search button moves the focus into the box before a key pressed next arrives', async () => {
  const el = document.body.appendChild(document.createElement('div'));
  root = createRoot(el);
  root.render(createElement(SearchBox));
  const toggle = await waitFor(() => {
    const b = el.querySelector<HTMLButtonElement>('button.site-search__toggle');
    if (!b) throw new Error('not enhanced yet');
    return b;
  });
  toggle.click();
  await Promise.resolve(); // the render the click queued has run; the next frame has not come
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(document.activeElement).toBe(el.querySelector('#site-search-q'));
  // Opening the box starts loading the search's code: it is loaded before the test ends (on a
  // loaded machine the file ended first, and vitest failed the gate for an import after the
  // environment was torn down).
  await import('./live');
});
