// What must hold on every public route (SPEC §2), in Debian's headless Chromium against the real
// product (adminapi serve --demo): it renders with no console error, with JavaScript off it is as
// wide as the screen, on a phone and a tablet the floating buttons cover nothing, and axe-core
// finds no WCAG 2.2 AA violation. What a visitor does on the site is site.test.mjs's.
import { test, before, after } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { launch } from './lib/browser.mjs';
import { startDemo } from './lib/demo.mjs';
import { axeViolations } from './lib/axe.mjs';
import { coveredByFloating } from './lib/covered.mjs';
import { DESKTOP, PHONE, answerOutside, islandsLive, openPage, publicRoutes } from './lib/site.mjs';

let demo, browser;
const newPage = (options) => openPage(browser, options);

before(async () => {
  demo = await startDemo();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await demo?.server.stop();
});

test('every public route renders with no console errors', async () => {
  const routes = await publicRoutes(demo.base);
  const { context, page, errors } = await newPage();
  for (const route of routes) {
    const res = await page.goto(demo.base + route, { waitUntil: 'load' });
    assert.equal(res.status(), 200, route);
    assert.equal(await page.locator('h1').count(), 1, `${route} has one h1`);
    await islandsLive(page);
    assert.deepEqual(errors, [], `console errors on ${route}`);
  }
  const missing = await page.goto(`${demo.base}/no-such-page/`);
  assert.equal(missing.status(), 404);
  assert.match(await page.locator('h1').innerText(), /not found/i);
  await context.close();
});

test('with JavaScript off every page is as wide as the screen and shows no stray list bullets', async () => {
  const routes = await publicRoutes(demo.base);
  for (const options of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ ...options, javaScriptEnabled: false });
    await answerOutside(context);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(demo.base + route);
      const { scrollWidth, clientWidth, bullets } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        // Markers on visible list items outside author text (.prose) are leftovers of an unstyled list.
        bullets: Array.from(document.querySelectorAll('li'))
          .filter((li) => !li.closest('.prose') && li.getClientRects().length > 0)
          .filter((li) => getComputedStyle(li).display === 'list-item' && getComputedStyle(li).listStyleType !== 'none')
          .map((li) => li.textContent.trim().slice(0, 40)),
      }));
      assert.equal(clientWidth, options.viewport.width);
      assert.equal(scrollWidth, clientWidth, `${route} is ${scrollWidth} px wide at ${clientWidth} px`);
      assert.deepEqual(bullets, [], `list bullets on ${route}`);
    }
    await context.close();
  }
});

test('on a phone and a tablet the floating chat and call buttons cover no text and no link of any page, whatever the scroll', { timeout: 240000 }, async () => {
  const routes = await publicRoutes(demo.base);
  const covered = [];
  for (const options of [PHONE, { viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true }]) {
    const { context, page } = await newPage(options);
    for (const route of routes) {
      await page.goto(demo.base + route, { waitUntil: 'load' });
      await islandsLive(page);
      // A carousel's controls are hidden until it comes near the screen (home/carousel.ts), so
      // whether they were checked would depend on timing: shown here where they will be.
      await page.evaluate(() => document.querySelectorAll('.is-pending').forEach((e) => e.classList.remove('is-pending')));
      for (const what of await coveredByFloating(page)) covered.push(`${route} at ${options.viewport.width} px: ${what}`);
    }
    await context.close();
  }
  assert.deepEqual(covered, []);
  const { context, page } = await newPage(PHONE);
  await page.goto(`${demo.base}/about/`);
  assert.ok(await page.locator('.floating-widget a').first().isVisible(), 'the buttons are there');
  await context.close();
});

test('every public route has no WCAG 2.2 AA violation (axe-core), on a phone and a laptop', { timeout: 240000 }, async () => {
  const routes = await publicRoutes(demo.base);
  const problems = [];
  for (const options of [PHONE, DESKTOP]) {
    const { context, page } = await newPage(options);
    for (const route of routes) {
      await page.goto(demo.base + route, { waitUntil: 'load' });
      await islandsLive(page);
      // Home's sections below the first screen are laid out only as they come near (styles.css,
      // content-visibility): axe would see them or not by timing. All of them, as a reader gets.
      await page.addStyleTag({ content: '.section { content-visibility: visible !important; }' });
      const violations = await axeViolations(page);
      if (violations) problems.push(`${route} at ${options.viewport.width} px:\n${violations}`);
    }
    await context.close();
  }
  assert.equal(problems.join('\n\n'), '');
});
