// Browser tests of the public site, in Debian's headless Chromium, against the real product
// (adminapi serve --demo: the built static site, the form endpoint and the demo content).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, watchErrors } from './lib/browser.mjs';
import { startDemo, login } from './lib/demo.mjs';

let demo, browser;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

// The map embed and the chat link are the only outside addresses; the tests have no network,
// so outside requests are answered locally instead of failing noisily.
async function newPage(options = DESKTOP) {
  const context = await browser.newContext({ ...options, reducedMotion: 'no-preference' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>outside</p>' }));
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

before(async () => {
  demo = await startDemo();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await demo?.server.stop();
});

test('every public route renders with no console errors', async () => {
  const posts = await (await fetch(`${demo.base}/api/blogs`)).json();
  assert.ok(posts.length >= 10, 'demo posts are loaded');
  const routes = ['/', '/about/', '/contactus/', '/blog/', `/blog/${posts[0].slug}/`, `/preview/blog/${posts[1].slug}/`,
    '/OurServices/', '/ourservices/', '/web-development-company-in-noida/', '/seo-services-in-delhi/', '/smo-company-in-delhi/',
    '/graphic-designer-in-delhi/', '/best-google-ads-agency-in-delhi/', '/digital-marketing-services/', '/privacy-policy/',
    '/terms-conditions/', '/courses/', '/thank-you/', '/cards/', '/contactquery/', '/vision/', '/dedicated/', '/chooseus/',
    '/testimonials/', '/services/', '/whychooseservices/', '/testimonialsslider/', '/blogslider/', '/whydigitalreeviver/',
    '/servicesection/', '/provesuccess/', '/navbar/', '/floating/'];
  const { context, page, errors } = await newPage();
  for (const route of routes) {
    const res = await page.goto(demo.base + route, { waitUntil: 'load' });
    assert.equal(res.status(), 200, route);
    assert.equal(await page.locator('h1').count(), 1, `${route} has one h1`);
    await page.waitForTimeout(150); // islands hydrate after load
    assert.deepEqual(errors, [], `console errors on ${route}`);
  }
  const missing = await page.goto(`${demo.base}/no-such-page/`);
  assert.equal(missing.status(), 404);
  assert.match(await page.locator('h1').innerText(), /not found/i);
  await context.close();
});

test('the menu toggles on a phone and a link click closes it', async () => {
  const { context, page, errors } = await newPage(PHONE);
  await page.goto(`${demo.base}/about/`);
  const toggle = page.locator('.menu-toggle');
  const nav = page.locator('#site-menu');
  await toggle.waitFor({ state: 'visible' });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await nav.isVisible(), false, 'menu starts closed on a phone');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await nav.waitFor({ state: 'visible' });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await nav.waitFor({ state: 'hidden' });
  await toggle.click();
  await page.locator('#site-menu a', { hasText: 'Blog' }).click();
  await page.waitForURL(/\/blog\/?$/);
  assert.equal(await page.locator('.menu-toggle').getAttribute('aria-expanded'), 'false');
  await page.screenshot({ path: '/tmp/e2e-phone-blog.png' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the header takes its scrolled style after 50 pixels', async () => {
  const { context, page } = await newPage();
  await page.goto(`${demo.base}/about/`);
  const header = page.locator('.site-header');
  await page.waitForSelector('[data-island="Header"]');
  assert.doesNotMatch(await header.getAttribute('class'), /is-scrolled/);
  await page.mouse.wheel(0, 400);
  await page.waitForFunction(() => document.querySelector('.site-header').classList.contains('is-scrolled'));
  await context.close();
});

test('the popup opens by itself about 6 s after arriving on home, and not on /about', async () => {
  const home = await newPage();
  const about = await newPage();
  const t0 = Date.now();
  await Promise.all([home.page.goto(`${demo.base}/`), about.page.goto(`${demo.base}/about/`)]);
  const dialog = home.page.getByRole('dialog');
  await home.page.waitForTimeout(Math.max(0, 4000 - (Date.now() - t0)));
  assert.equal(await dialog.isVisible(), false, 'not open before 6 s');
  await dialog.waitFor({ state: 'visible', timeout: 6000 });
  const openedAfter = Date.now() - t0;
  assert.ok(openedAfter >= 5500, `opened after ${openedAfter} ms`);
  await about.page.waitForTimeout(Math.max(0, 9000 - (Date.now() - t0)));
  assert.equal(await about.page.getByRole('dialog').isVisible(), false, 'no auto-open on /about');
  assert.deepEqual(home.errors, []);
  await home.context.close();
  await about.context.close();
});

test('popup validation, then a real enquiry stored by the form endpoint', async () => {
  const { context, page, errors } = await newPage();
  let posts = 0;
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/popup')) posts++; });
  await page.goto(`${demo.base}/about/`);
  await page.getByRole('button', { name: 'Contact with Us' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });

  const email = dialog.getByLabel(/email/i);
  await email.fill('not-an-address');
  await dialog.getByText('Enter a valid email address.').waitFor();
  await email.fill('asha.verma@example.in');
  await dialog.getByText('Enter a valid email address.').waitFor({ state: 'detached' });

  await dialog.getByLabel(/^name/i).fill('Asha Verma');
  const phone = dialog.getByRole('textbox', { name: /phone/i });
  await phone.fill('98110');
  await dialog.getByLabel(/message/i).fill('We need SEO for our clinic in Preet Vihar.');
  await dialog.getByRole('button', { name: /send/i }).click();
  await dialog.getByText('Phone number must be valid.').waitFor();
  assert.equal(posts, 0, 'nothing is sent while an error stands');

  await phone.fill('9811045672');
  await page.waitForTimeout(2100); // a human takes longer than the endpoint's minimum fill time
  await dialog.getByRole('button', { name: /send/i }).click();
  await dialog.getByRole('status').filter({ hasText: /thank you/i }).waitFor();
  assert.equal(await email.inputValue(), '', 'fields cleared on success');
  assert.equal(posts, 1);

  const token = await login(demo.base);
  const stored = await (await fetch(`${demo.base}/popups`, { headers: { Authorization: `Bearer ${token}` } })).json();
  assert.ok(stored.some((m) => m.email === 'asha.verma@example.in' && m.name === 'Asha Verma'), 'the enquiry is stored');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a failed send keeps the values and says so', async () => {
  const { context, page } = await newPage();
  await page.route('**/popup', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal error"}' }));
  await page.goto(`${demo.base}/contactus/`);
  const form = page.locator('main form').first();
  await form.getByLabel(/name/i).fill('Ravi');
  await form.getByLabel(/email/i).fill('ravi@example.in');
  await form.getByLabel(/phone/i).fill('9811045672');
  await form.getByLabel(/message/i).fill('Course fees?');
  await form.getByRole('button', { name: /send/i }).click();
  await page.getByText('Failed to send message').waitFor();
  assert.equal(await form.getByLabel(/email/i).inputValue(), 'ravi@example.in');
  await context.close();
});

test('the hero slider advances by itself', async () => {
  const { context, page, errors } = await newPage();
  await page.goto(`${demo.base}/`);
  const active = page.locator('.hero-slider .carousel__dot.is-active, .hero-slider [aria-current="true"]').first();
  await active.waitFor();
  const first = await active.innerText();
  await page.waitForFunction((before) => {
    const el = document.querySelector('.hero-slider .carousel__dot.is-active, .hero-slider [aria-current="true"]');
    return el && el.innerText !== before;
  }, first, { timeout: 7000 });
  assert.deepEqual(errors.filter((e) => !/popup/i.test(e)), []);
  await context.close();
});

test('lists are readable with JavaScript off', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${demo.base}/blog/`);
  const cards = await page.locator('main a[href^="/blog/"]').count();
  assert.ok(cards >= 10, `${cards} post links without JavaScript`);
  await page.goto(`${demo.base}/OurServices/`);
  assert.ok(await page.getByText('Web Development').count() > 0);
  await context.close();
});

test('testimonial arrows move the carousel and student testimonials scroll 1050 px a click', async () => {
  const { context, page, errors } = await newPage();
  await page.goto(`${demo.base}/`);
  const carousel = page.locator('.carousel').filter({ has: page.locator('.carousel__dot') }).nth(1);
  const active = () => carousel.locator('.carousel__dot.is-active').innerText();
  await carousel.locator('.carousel__dot.is-active').waitFor();
  const before = await active();
  await carousel.getByRole('button', { name: 'Next' }).click();
  await page.waitForFunction(([sel, b]) => document.querySelectorAll(sel)[1]?.querySelector('.carousel__dot.is-active')?.innerText !== b,
    ['.carousel:has(.carousel__dot)', before]);

  await page.emulateMedia({ reducedMotion: 'reduce' }); // instant scrolling, so the offset can be read at once
  await page.goto(`${demo.base}/courses/`);
  const track = page.locator('.scroller__track');
  await page.locator('.scroller__controls:not([hidden])').waitFor();
  await page.getByRole('button', { name: 'Scroll forward' }).click();
  await page.waitForFunction(() => document.querySelector('.scroller__track').scrollLeft > 0);
  assert.equal(await track.evaluate((el) => el.scrollLeft), 1050);
  assert.deepEqual(errors, []);
  await context.close();
});
