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

  it('reveals the carousel controls once embla runs', async () => {
    const { route, props } = pagesFixture.home;
    document.body.innerHTML = renderPage('home', props, site, route).html;
    const viewport = document.querySelector('.hero .carousel__viewport')!;
    expect(viewport.classList.contains('is-ready')).toBe(false);
    // The controls' box is there from the first paint (no shift when they appear), invisible until embla runs.
    const controls = () => Array.from(document.querySelectorAll('.carousel__controls'));
    expect(controls().length).toBeGreaterThanOrEqual(3);
    for (const c of controls()) {
      expect(c.hasAttribute('hidden')).toBe(false);
      expect(c.classList.contains('is-pending')).toBe(true);
    }
    await act(async () => {
      roots = await hydrateIslands(document);
    });
    expect(document.querySelector('.hero .carousel__viewport')!.classList.contains('is-ready')).toBe(true);
    expect(document.querySelector('.hero .carousel__controls')!.classList.contains('is-pending')).toBe(false);
  });
});
