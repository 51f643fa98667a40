import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { renderPage } from '../entry-server';
import { hydrateIslands } from './hydrate';
import { pagesFixture, site } from '../test/fixture';
import type { PageName } from '../types';

let roots: Root[] = [];
afterEach(() => {
  act(() => roots.forEach((r) => r.unmount()));
  roots = [];
  document.body.innerHTML = '';
});

// Server HTML in, hydrateRoot per island: React reports any mismatch through console.error.
describe('hydration', () => {
  const pages: PageName[] = ['home', 'contact', 'courses', 'blogPost', 'landing', 'notFound'];
  for (const page of pages) {
    it(`hydrates every island of ${page} without errors or warnings`, async () => {
      const errors = vi.spyOn(console, 'error');
      const warnings = vi.spyOn(console, 'warn');
      const { route, props } = pagesFixture[page];
      document.body.innerHTML = renderPage(page, props, site, route).html;
      const expected = document.querySelectorAll('[data-island]').length;
      expect(expected).toBeGreaterThanOrEqual(2);
      await act(async () => {
        roots = await hydrateIslands(document);
      });
      expect(roots).toHaveLength(expected);
      expect(document.querySelectorAll('[data-island]:not([data-hydrated])')).toHaveLength(0);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
    });
  }
});
