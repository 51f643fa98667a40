// The header under Preact, as the browser runs it (vite.config.ts): Preact renders a state change
// in a microtask and runs effects only after the next frame, so the Escape that closes what a
// click opened must be heard from the render on, not a frame later.
import { afterEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/dom';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Header from './Header';
import { site } from '../test/fixture';

let root: Root | null = null;
afterEach(async () => {
  root?.unmount();
  root = null;
  document.body.replaceChildren();
  // Preact runs effects a frame after a render (a requestAnimationFrame, then a timeout): the
  // ones still queued run now, while the test's window exists, not after the file has ended
  // (on a loaded machine one ran then and failed the gate: "window is not defined"). A frame,
  // then a timeout queued behind Preact's.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
});

async function header() {
  const el = document.body.appendChild(document.createElement('div'));
  root = createRoot(el);
  root.render(createElement(Header, { siteName: site.name, servicesMenu: site.servicesMenu, route: '/' }));
  return waitFor(() => {
    const services = el.querySelector<HTMLButtonElement>('button[aria-controls="services-menu"]');
    const menu = el.querySelector<HTMLButtonElement>('button.menu-toggle');
    if (!services || !menu) throw new Error('not live yet');
    return { services, menu };
  });
}

const escape = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));

it('an Escape pressed right after the Services button closes the dropdown', async () => {
  const { services } = await header();
  services.click();
  await Promise.resolve(); // the render the click queued has run; the next frame has not come
  expect(services.getAttribute('aria-expanded')).toBe('true');
  escape();
  await Promise.resolve();
  expect(services.getAttribute('aria-expanded')).toBe('false');
});

it('an Escape pressed right after the menu button closes the menu', async () => {
  const { menu } = await header();
  menu.click();
  await Promise.resolve();
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  escape();
  await Promise.resolve();
  expect(menu.getAttribute('aria-expanded')).toBe('false');
});
