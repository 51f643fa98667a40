import { createElement, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { loaders } from './loaders';

/** The JSON props that follow an island's div (see Island.tsx). */
function propsOf(el: HTMLElement): Record<string, unknown> {
  const script = el.nextElementSibling;
  return script instanceof HTMLScriptElement && script.hasAttribute('data-island-props')
    ? JSON.parse(script.textContent || '{}')
    : {};
}

/**
 * Marks its island as live (data-hydrated) once React has hydrated it: something a test (or a
 * style) can wait for instead of a delay. hydrateRoot only schedules the hydration; an island
 * marked at that call could be clicked, or unmounted by a test, before it was live (React then
 * reports "an early update"). It renders no element of its own, so the HTML still matches.
 */
function Live({ el, children }: { el: HTMLElement; children?: ReactNode }) {
  useLayoutEffect(() => el.setAttribute('data-hydrated', ''), [el]);
  return children;
}

/** Hydrates one island with its component (already loaded) and its props. */
export function hydrateIsland(el: HTMLElement, Component: ComponentType<any>): Root {
  const name = el.dataset.island;
  return hydrateRoot(el, createElement(Live, { el }, createElement(Component, propsOf(el))), {
    // A mismatch must be loud (tests and the e2e suite watch the console), not silently re-rendered.
    onRecoverableError: (error) => console.error(`Island ${name}: hydration error`, error),
  });
}

/** Finds every [data-island] under root and hydrates it at once (the tests' way; pages use boot.ts). */
export function hydrateIslands(root: ParentNode = document): Promise<Root[]> {
  const tasks = Array.from(root.querySelectorAll<HTMLElement>('[data-island]')).map(async (el) => {
    const load = loaders[el.dataset.island as keyof typeof loaders];
    if (!load) {
      console.warn(`Unknown island "${el.dataset.island}"`);
      return null;
    }
    const { default: Component } = await load();
    return hydrateIsland(el, Component);
  });
  return Promise.all(tasks).then((roots) => roots.filter((r): r is Root => r !== null));
}
