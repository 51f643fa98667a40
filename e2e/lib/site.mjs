// What the public site's browser test files share (site.test.mjs, pages.test.mjs): the phone and
// laptop they open pages as, islands awake, and the public routes of SPEC §2.
import assert from 'node:assert/strict';
import { watchErrors } from './browser.mjs';

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1366, height: 900 } };

/** A new context and page of browser as options say (the laptop by default), its errors watched. */
export async function openPage(browser, options = DESKTOP) {
  const context = await browser.newContext({ ...options, reducedMotion: 'no-preference' });
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

// Every island of the page is hydrated (src/islands/hydrate.ts marks each one).
export const islandsLive = (page) => page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);

// Every public route of SPEC §2 on the demo site at base (with one published post; its preview
// address is a redirect page, tested in site.test.mjs).
export async function publicRoutes(base) {
  const posts = await (await fetch(`${base}/api/blogs`)).json();
  assert.ok(posts.length >= 10, 'demo posts are loaded');
  return ['/', '/about/', '/contactus/', '/blog/', `/blog/${posts[0].slug}/`,
    '/OurServices/', '/ourservices/', '/web-development-company-in-noida/', '/seo-services-in-delhi/', '/smo-company-in-delhi/',
    '/graphic-designer-in-delhi/', '/best-google-ads-agency-in-delhi/', '/digital-marketing-services/', '/privacy-policy/',
    '/terms-conditions/', '/courses/', '/thank-you/', '/cards/', '/contactquery/', '/vision/', '/dedicated/', '/chooseus/',
    '/testimonials/', '/services/', '/whychooseservices/', '/testimonialsslider/', '/blogslider/', '/whydigitalreeviver/',
    '/servicesection/', '/provesuccess/', '/navbar/', '/floating/', '/search/'];
}
