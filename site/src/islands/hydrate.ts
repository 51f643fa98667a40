import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { loaders } from './loaders';

/** Finds every [data-island] under root and hydrates it with the JSON props that follow it. */
export function hydrateIslands(root: ParentNode = document): Promise<Root[]> {
  const tasks = Array.from(root.querySelectorAll<HTMLElement>('[data-island]')).map(async (el) => {
    const name = el.dataset.island as keyof typeof loaders;
    const load = loaders[name];
    if (!load) {
      console.warn(`Unknown island "${name}"`);
      return null;
    }
    const script = el.nextElementSibling;
    const props = script instanceof HTMLScriptElement && script.hasAttribute('data-island-props')
      ? JSON.parse(script.textContent || '{}')
      : {};
    const { default: Component } = await load();
    const root = hydrateRoot(el, createElement(Component, props), {
      // A mismatch must be loud (tests and the e2e suite watch the console), not silently re-rendered.
      onRecoverableError: (error) => console.error(`Island ${name}: hydration error`, error),
    });
    // Marks the island as live: something a test (or a style) can wait for instead of a delay.
    el.setAttribute('data-hydrated', '');
    return root;
  });
  return Promise.all(tasks).then((roots) => roots.filter((r): r is Root => r !== null));
}
