// Browser tests of the public site, in Debian's headless Chromium, against the real product
// (adminapi serve --demo: the built static site, the form endpoint and the demo content): what
// a visitor does on it. What must hold on every page (no console error, no WCAG violation, no
// sideways scroll, nothing under the floating buttons) is pages.test.mjs's.
import { test } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { watchErrors } from './lib/browser.mjs';
import { withDemo, login, untilLive } from './lib/demo.mjs';
import { makePng } from './lib/png.mjs';
import { DESKTOP, PHONE, islandsLive, openPage } from './lib/site.mjs';

let demo, browser;
const newPage = (options) => openPage(browser, options);

withDemo((d, b) => { demo = d; browser = b; });

test("a post's preview address (SPEC §2) leads to the post", async () => {
  const posts = await (await fetch(`${demo.base}/api/blogs`)).json();
  const { context, page, errors } = await newPage();
  await page.goto(`${demo.base}/preview/blog/${posts[1].slug}/`);
  await page.waitForURL(`${demo.base}/blog/${posts[1].slug}/`);
  await page.waitForLoadState('load');
  assert.equal(await page.locator('h1').innerText(), posts[1].title);
  await islandsLive(page);
  assert.deepEqual(errors, [], 'console errors on the way');
  await context.close();
});

test('the menu toggles on a phone and a link click closes it', async () => {
  const { context, page, errors } = await newPage(PHONE);
  await page.goto(`${demo.base}/about/`);
  const toggle = page.locator('button.menu-toggle'); // a link to /navbar/ until the header is hydrated
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
  await page.locator('button.menu-toggle').waitFor();
  assert.equal(await page.locator('button.menu-toggle').getAttribute('aria-expanded'), 'false');
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

// The popup's timers run on the page's fake clock (Playwright's clock), stopped at install and moved
// on by the test: no waiting for real seconds and no assertion that depends on the machine's speed.
async function stopClock(page) {
  await page.clock.install({ time: new Date('2026-11-23T09:00:00+05:30') });
  await page.clock.pauseAt(new Date('2026-11-23T09:00:01+05:30'));
}

test('the popup opens by itself 6 s after arriving on home, and not on /about', async () => {
  const home = await newPage();
  const about = await newPage();
  await stopClock(home.page);
  await stopClock(about.page);
  await Promise.all([home.page.goto(`${demo.base}/`), about.page.goto(`${demo.base}/about/`)]);
  await Promise.all([islandsLive(home.page), islandsLive(about.page)]);
  const dialog = home.page.getByRole('dialog');
  await home.page.clock.runFor(5900);
  assert.equal(await dialog.count(), 0, 'not open before 6 s');
  await home.page.clock.runFor(200);
  await dialog.waitFor({ state: 'visible' });
  await about.page.clock.runFor(60_000);
  assert.equal(await about.page.getByRole('dialog').count(), 0, 'no auto-open on /about');
  assert.deepEqual(home.errors, []);
  await home.context.close();
  await about.context.close();
});

test('the popup does not open by itself again after the visitor closed it', async () => {
  const { context, page, errors } = await newPage();
  await stopClock(page);
  await page.goto(`${demo.base}/`);
  await islandsLive(page);
  await page.clock.runFor(6100);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  for (const route of ['/', '/about/', '/']) { // a later visit to home, by way of another page
    await page.goto(demo.base + route);
    await islandsLive(page);
    await page.clock.runFor(60_000);
    assert.equal(await dialog.count(), 0, `reopened on ${route} after a close`);
  }
  await page.getByRole('button', { name: 'Contact with Us' }).click(); // the button still opens it
  await dialog.waitFor({ state: 'visible' });

  // Another visitor (a fresh browser profile) still gets it after 6 s.
  const other = await newPage();
  await stopClock(other.page);
  await other.page.goto(`${demo.base}/`);
  await islandsLive(other.page);
  await other.page.clock.runFor(6100);
  await other.page.getByRole('dialog').waitFor({ state: 'visible' });
  assert.deepEqual(errors, []);
  await other.context.close();
  await context.close();
});

test('popup validation, then a real enquiry stored by the form endpoint', async () => {
  const { context, page, errors } = await newPage();
  let posts = 0;
  const cloudflare = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/popup')) posts++;
    if (r.url().includes('cloudflare')) cloudflare.push(r.url());
  });
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.split('/').pop());
  });
  await page.goto(`${demo.base}/about/`);
  await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);
  // A page that is only read loads neither the popup's form nor the sending code (issue 26's budget).
  assert.deepEqual(scripts.filter((f) => /^(PopupForm|send)-/.test(f)), [], 'fetched before the popup opens');
  await page.getByRole('button', { name: 'Contact with Us' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  assert.ok(scripts.some((f) => f.startsWith('PopupForm-')), `the form's code comes when the popup opens: ${scripts}`);

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

  await dialog.getByLabel('Country code').selectOption('in');
  await phone.fill('98110 4567'); // a digit short for India: the server asks the visitor to check it
  await page.waitForTimeout(1100); // a human takes longer than the endpoint's minimum fill time (1 s)
  await dialog.getByRole('button', { name: /send/i }).click();
  await dialog.getByRole('status').filter({ hasText: 'it does not look like a phone number in India. If it is right, send it again.' }).waitFor();
  assert.equal(posts, 1);
  await phone.fill('98110 45672'); // corrected
  // Sent from the keyboard: the focus stays on the form's button while it sends and after (a
  // button that turned itself off while sending dropped it to the page, outside the dialog).
  await dialog.getByRole('button', { name: /send/i }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('status').filter({ hasText: /thank you/i }).waitFor();
  assert.equal(await dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement.tagName), 'BUTTON',
    'the focus is still on the dialog\'s button');
  assert.equal(await email.inputValue(), '', 'fields cleared on success');
  assert.equal(posts, 2);
  // No Turnstile site key is configured: no widget, nothing loaded from Cloudflare.
  assert.equal(await dialog.locator('.turnstile').count(), 0);
  assert.deepEqual(cloudflare, []);

  const token = await login(demo.base);
  const stored = await (await fetch(`${demo.base}/popups`, { headers: { Authorization: `Bearer ${token}` } })).json();
  assert.ok(stored.some((m) => m.email === 'asha.verma@example.in' && m.name === 'Asha Verma' && m.phoneE164 === '+919811045672'), 'the enquiry is stored');
  // The browser logs the refused send's 400 (the question about the number); nothing else.
  assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  await context.close();
});

test('a failed send keeps the values and says so', async () => {
  const { context, page } = await newPage();
  await page.route('**/popup', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal error"}' }));
  await page.goto(`${demo.base}/contactus/`);
  await islandsLive(page); // the form's script runs once the page has loaded
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
  // Waits for the change, not for a time: the autoplay's 4 s start over whenever Embla lays the
  // slides out again (a late font or image), so on a loaded machine the first step came past 7 s.
  // The period itself is home/carousel.test.tsx's, on a fake clock.
  await page.waitForFunction((before) => {
    const el = document.querySelector('.hero-slider .carousel__dot.is-active, .hero-slider [aria-current="true"]');
    return el && el.innerText !== before;
  }, first);
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
  const carousel = page.getByRole('region', { name: 'Client testimonials' });
  const active = () => carousel.locator('.carousel__dot.is-active').innerText();
  await carousel.scrollIntoViewIfNeeded(); // a carousel starts when it comes into view
  await carousel.locator('.carousel__dot.is-active').waitFor();
  const before = await active();
  await carousel.getByRole('button', { name: 'Next' }).click();
  await page.waitForFunction((b) => document.querySelector('[aria-label="Client testimonials"] .carousel__dot.is-active')?.innerText !== b, before);

  await page.emulateMedia({ reducedMotion: 'reduce' }); // instant scrolling, so the offset can be read at once
  await page.goto(`${demo.base}/courses/`);
  const track = page.locator('.scroller__track');
  await track.scrollIntoViewIfNeeded();
  await page.locator('.scroller__controls:not(.is-pending)').waitFor();
  await page.getByRole('button', { name: 'Scroll forward' }).click();
  await page.waitForFunction(() => document.querySelector('.scroller__track').scrollLeft > 0);
  assert.equal(await track.evaluate((el) => el.scrollLeft), 1050);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with JavaScript off the phone menu button leads to a page with every menu link', async () => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${demo.base}/about/`);
  const menu = await page.evaluate(() => Array.from(document.querySelectorAll('#site-menu a.nav-link'), (a) => a.getAttribute('href')));
  assert.ok(menu.length >= 10, `${menu.length} menu links`);
  assert.equal(await page.locator('#site-menu').isVisible(), false, 'the menu is folded away on a phone');
  await page.locator('.menu-toggle').click();
  await page.waitForURL(/\/navbar\/$/);
  for (const href of menu) {
    assert.ok(await page.locator(`main a[href="${href}"]`).first().isVisible(), `${href} is on the menu page`);
  }
  await page.locator('main a[href="/blog/"]').click();
  await page.waitForURL(/\/blog\/$/);
  await context.close();
});

test('with JavaScript off home shows every testimonial and blog card without sideways scrolling on a laptop', async () => {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${demo.base}/`);
  const hidden = await page.evaluate(() => Array.from(document.querySelectorAll('.carousel--cards .carousel__slide'))
    .filter((s) => { const r = s.getBoundingClientRect(); return r.left < 0 || r.right > document.documentElement.clientWidth; }).length);
  assert.equal(hidden, 0, 'cards outside the screen');
  assert.ok(await page.locator('.carousel--cards .carousel__slide').count() >= 6);
  assert.equal(await page.locator('.carousel__controls').first().isVisible(), false, 'no buttons that need a script');
  await context.close();
});

test('on a phone the floating call and chat buttons stay off the contact form', async () => {
  const { context, page } = await newPage(PHONE);
  for (const route of ['/contactus/', '/contactquery/']) {
    await page.goto(demo.base + route);
    await islandsLive(page);
    for (const block of ['start', 'center', 'end']) {
      const covered = await page.locator('#contact-phone').evaluate((field, b) => {
        field.scrollIntoView({ block: b, behavior: 'instant' });
        const f = field.getBoundingClientRect();
        return Array.from(document.querySelectorAll('.floating-widget a')).filter((a) => {
          const r = a.getBoundingClientRect();
          return r.width > 0 && getComputedStyle(a).visibility !== 'hidden'
            && r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top;
        }).map((a) => a.textContent);
      }, block);
      assert.deepEqual(covered, [], `the Phone field of ${route} is covered with the field at the ${block}`);
    }
    assert.ok(await page.locator('main a[href^="tel:"]').first().isVisible(), `${route} still offers the call link`);
    // With the buttons away, no lane is kept for them: the form's container has even margins.
    const { left, right } = await page.locator('form.contact-form').evaluate((f) => {
      const r = f.closest('.container').getBoundingClientRect();
      const style = getComputedStyle(f.closest('.container'));
      return { left: r.left + parseFloat(style.paddingLeft), right: document.documentElement.clientWidth - r.right + parseFloat(style.paddingRight) };
    });
    assert.ok(Math.abs(left - right) <= 1, `${route}: the content has ${left} px on the left and ${right} px on the right`);
  }
  await page.goto(`${demo.base}/about/`);
  assert.ok(await page.locator('.floating-widget a').first().isVisible(), 'the buttons are there on other pages');
  await context.close();
});

test('on a phone the SMO price table scrolls inside its frame and says so', async () => {
  const { context, page } = await newPage(PHONE);
  await page.goto(`${demo.base}/smo-company-in-delhi/`);
  const region = page.getByRole('region', { name: /scrolls sideways/ }).first();
  const { scrollWidth, clientWidth, page: pageWidth } = await region.evaluate((el) => ({
    scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, page: document.documentElement.scrollWidth }));
  assert.ok(scrollWidth > clientWidth, `the table (${scrollWidth} px) is wider than its frame (${clientWidth} px)`);
  assert.equal(pageWidth, PHONE.viewport.width, 'the page itself does not scroll sideways');
  assert.ok(await page.getByText('Swipe the table sideways').first().isVisible());
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await region.evaluate((el) => new Promise((done) => { if (el.scrollLeft > 0) done(); else el.addEventListener('scroll', done, { once: true }); }));
  await context.close();
});

// What arrives late: the script (hydration, carousels) and the fonts are held until the page has
// painted, then let through. Layout shift is summed in the page by a PerformanceObserver. This is a
// layout assertion: each shift is a box that moved, whatever the machine's speed.
test('home does not shift when its script and fonts arrive after the first paint', async () => {
  for (const [name, options] of [['phone', PHONE], ['laptop', DESKTOP]]) {
    const context = await browser.newContext({ ...options, reducedMotion: 'no-preference' });
    let painted;
    const firstPaint = new Promise((resolve) => { painted = resolve; });
    await context.exposeBinding('__painted', () => painted());
    await context.addInitScript(() => {
      window.__shifts = [];
      // Every shift counts: the test gives no input, and under device emulation Chromium flags
      // load-time shifts as following input (Lighthouse counts them too).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          window.__shifts.push({ value: e.value, at: e.startTime, input: e.hadRecentInput, nodes: e.sources.map((s) => String(s.node?.className || s.node?.nodeName || '?')) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) window.__painted();
      }).observe({ type: 'paint', buffered: true });
    });
    let held = 0;
    await context.route(/\/assets\/[^?]+\.(js|woff2)(\?|$)/, async (route) => { held++; await firstPaint; await route.continue(); });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${demo.base}/`);
    await islandsLive(page);
    await page.waitForFunction(() => document.querySelector('.menu-toggle')?.tagName === 'BUTTON'
      && document.querySelector('.hero .carousel__viewport').classList.contains('is-ready'));
    // The carousels further down start as they come into view: on the way down (the End key, as
    // a visitor goes there, then each carousel brought into view) nothing may move either.
    // A shift within half a second of the visitor's own key press is one they caused (the sections
    // skipped until near are laid out as the page jumps to them): CLS leaves those out, and so
    // does this test from the key press on; every other shift counts, before it and after.
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press('End');
    // The jump itself lays out the sections skipped until near as the page lands at its end: a
    // shift the visitor caused. Chromium marks those as following input only for half a second,
    // which a loaded machine can outlast (a gate failed so at 2.9 s: the sections above the CTA
    // band and the footer laid out late); so the shifts until the page has settled at its end
    // are the visitor's, and every shift after it counts again.
    // Settled: the scroll position and the page's height the same for three frames in a row (the
    // sections laid out may make the page taller than where the jump landed).
    const settled = await page.evaluate(() => new Promise((resolve) => {
      let last = '', still = 0;
      const tick = () => {
        const now = `${scrollY} ${document.documentElement.scrollHeight}`;
        still = now === last ? still + 1 : 0;
        last = now;
        if (still >= 3) resolve(performance.now());
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }));
    for (const carousel of await page.locator('.carousel').all()) {
      await carousel.scrollIntoViewIfNeeded();
      await carousel.locator('.carousel__viewport.is-ready').waitFor();
    }
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = (await page.evaluate(() => window.__shifts)).filter((x) => x.at < pressed || (x.at > settled && !x.input));
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    assert.ok(held >= 2, `held ${held} late files`);
    assert.ok(cls < 0.02, `${name}: layout shift ${cls.toFixed(4)} from ${JSON.stringify(shifts)}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('/cards and /servicesection are titled for what they show', async () => {
  const { context, page } = await newPage();
  await page.goto(`${demo.base}/courses/`);
  const courses = await page.locator('.card--course .card__title').allInnerTexts();
  assert.equal(courses.length, 3);
  await page.goto(`${demo.base}/cards/`);
  assert.match(await page.locator('h1').innerText(), /courses/i);
  assert.deepEqual(await page.locator('main .card--course .card__title').allInnerTexts(), courses, '/cards shows the three courses');
  assert.equal(await page.locator('main .card--tile').count(), 0, 'and no service tiles');
  assert.match(await page.title(), /courses at a glance/i);

  await page.goto(`${demo.base}/servicesection/`);
  const h1 = await page.locator('h1').innerText();
  assert.match(h1, /who we are/i);
  assert.match(await page.locator('main #about-heading').innerText(), /since 2019/i, '/servicesection shows the about block');
  assert.ok(await page.getByRole('heading', { name: 'Industries We Serve' }).isVisible());
  assert.match(await page.title(), new RegExp(h1, 'i'));
  await context.close();
});

// Last: it publishes a service into the demo every other test here reads.
test('a newly published service is listed on home and /services, and the menus stay as the spec has them', async () => {
  const token = await login(demo.base);
  const auth = { Authorization: `Bearer ${token}` };
  const form = new FormData();
  form.set('title', 'Email Marketing');
  form.set('slug', 'email-marketing-services');
  form.set('description', '<p>Monthly newsletters that people open, and lists that grow with every campaign.</p>');
  form.set('category', 'Email');
  form.set('image', new Blob([makePng(32)], { type: 'image/png' }), 'email.png');
  const saved = await fetch(`${demo.base}/api/preview-services`, { method: 'POST', headers: auth, body: form });
  assert.equal(saved.status, 201, await saved.clone().text());
  const published = await fetch(`${demo.base}/api/preview-services/publish/email-marketing-services`, { method: 'POST', headers: auth, body: new FormData() });
  await untilLive(demo.base, token, published.status, await published.json());

  const { context, page } = await newPage();
  for (const route of ['/', '/services/', '/OurServices/']) {
    await page.goto(demo.base + route);
    const list = page.locator('main section').filter({ has: page.locator('a[href="/email-marketing-services/"]') });
    assert.equal(await list.count(), 1, `${route} lists the new service`);
    assert.ok(await list.getByRole('link', { name: 'Email Marketing' }).isVisible(), `${route}: its card is visible`);
    for (const href of ['/web-development-company-in-noida/', '/seo-services-in-delhi/', '/smo-company-in-delhi/']) {
      assert.equal(await list.locator(`a[href="${href}"]`).count(), 1, `${route} still lists ${href}, once`);
    }
    assert.equal(await page.locator('#services-menu a').count(), 6, 'the header menu keeps the six of SPEC §2');
    assert.equal(await page.locator('.site-footer a[href="/email-marketing-services/"]').count(), 0, 'the footer is as the spec lists it');
  }
  await context.close();
});
