// Enquiries are never lost, in Debian's Chromium against the real product: the built site on a
// static host of its own (the CDN), the form endpoint (adminapi serve) on another origin, and the
// private intake bucket on Versity's S3 gateway with two least-privilege keys. The endpoint is
// stopped, answers 502 every other time, or stores and then drops the connection; every
// enquiry must reach the inbox once, with one notification mail.
import { test, before, after } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, launch, watchErrors } from './lib/browser.mjs';
import { startDemo, login } from './lib/demo.mjs';
import { serveStatic, startIntakeBucket } from './lib/intake.mjs';
import { until as poll } from './lib/poll.mjs';

// The drain and the mails take their time: checked every 250 ms for a minute.
const until = (what, cond) => poll(what, cond, { timeout: 60000, every: 250 });

const RUN = Date.now().toString(36);
let bucket, demo, site, browser, env, apiPort;

before(async () => {
  const sitePort = await freePort();
  apiPort = await freePort();
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  bucket = await startIntakeBucket(siteOrigin);
  env = { ...bucket.env, FORM_ENDPOINT: `http://127.0.0.1:${apiPort}/popup`, ALLOWED_ORIGINS: siteOrigin };
  demo = await startDemo({ port: apiPort, env });
  site = await serveStatic(join(demo.dir, 'dist'), sitePort);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await demo?.server.stop();
  await site?.close();
  await bucket?.stop();
});

// A visitor in India (the browser's language stays en-US, as on many Indian machines): the forms
// take the country from the time zone. retryWindowMs, when given, shortens the page's 20 s of
// retries before the intake (site/src/lib/send.ts; its component test holds the full schedule):
// where the endpoint is down or refused, every send would otherwise wait out the 20 s.
async function newPage(viewport = { width: 1280, height: 900 }, retryWindowMs = undefined) {
  const context = await browser.newContext({ viewport, timezoneId: 'Asia/Kolkata' });
  if (retryWindowMs) await context.addInitScript((ms) => { window.enquiryRetryWindowMs = ms; }, retryWindowMs);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

// A person takes longer than the endpoint's minimum fill time (1 s from the form's first showing,
// which the form notes as it mounts, before its first field can be filled): the send waits until
// 1.1 s have passed since the first field was filled, however long the filling itself took.
const humanPause = (page, shown) => page.waitForTimeout(Math.max(0, 1100 - (Date.now() - shown)));

// Sends one enquiry through the contact page (even n) or the popup (odd n) and waits for the answer.
async function sendOne(page, n, marker) {
  const name = `${marker} ${String(n).padStart(2, '0')}`;
  if (n % 2 === 0) {
    await page.goto(`${site.base}/contactus/`);
    await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);
    const form = page.locator('form.contact-form');
    await form.getByLabel('Name').fill(name);
    const shown = Date.now();
    await form.getByLabel('Email').fill(`visitor${n}@example.in`);
    await form.getByRole('textbox', { name: 'Phone' }).fill('98110 45699');
    await form.getByLabel('Message').fill(`Enquiry ${n} while the server is down.`);
    await humanPause(page, shown);
    await form.getByRole('button', { name: /Send Message/ }).click();
    await form.getByRole('status').filter({ hasText: /thank you/i }).waitFor({ timeout: 90000 });
  } else {
    await page.goto(`${site.base}/about/`);
    await page.getByRole('button', { name: 'Contact with Us' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    const shown = Date.now();
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('98110 45699');
    await dialog.getByLabel('Message').fill(`Enquiry ${n} from the popup.`);
    await humanPause(page, shown);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('status').filter({ hasText: /thank you/i }).waitFor({ timeout: 90000 });
  }
}

// A page's retry window where the endpoint cannot answer: three attempts in 1.5 s, then the intake.
const SHORT_RETRY_MS = 2000;

// Sends n enquiries, `parallel` browser pages at a time, each page trying the endpoint for
// retryWindowMs (default: the product's 20 s); route, when given, is installed on each.
async function sendMany(n, marker, parallel, { route, retryWindowMs } = {}) {
  let next = 0;
  const worker = async () => {
    const { context, page } = await newPage(undefined, retryWindowMs);
    if (route) await route(context);
    for (let i = next++; i < n; i = next++) await sendOne(page, i, marker);
    await context.close();
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function inbox(marker) {
  const token = await login(demo.base);
  const list = await (await fetch(`${demo.base}/popups?limit=500&status=all`, { headers: { Authorization: `Bearer ${token}` } })).json();
  return list.filter((m) => m.name.startsWith(marker));
}

// Waits for two passes of the server's intake drain that began after since (it looks into the
// bucket every 5 s) and leave nothing waiting there.
async function drainedSince(since) {
  const token = await login(demo.base);
  const state = async () => (await fetch(`${demo.base}/api/intake`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const first = await until('a drain of the intake after the sends', async () => {
    const s = await state();
    return s.lastDrain && Date.parse(s.lastDrain) > since ? Date.parse(s.lastDrain) : null;
  });
  await until('a second drain, nothing waiting', async () => {
    const s = await state();
    return s.lastDrain && Date.parse(s.lastDrain) > first && s.waiting === 0;
  });
}

// The notification mails of the enquiries named marker, by their Message-ID.
function mails(marker) {
  const dir = demo.outbox;
  const ids = new Map();
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
    const eml = readFileSync(join(dir, f), 'utf8');
    if (!eml.includes(marker)) continue;
    const id = /^Message-ID:\s*<([^>]+)>/mi.exec(eml)?.[1]; // the header may be folded
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  return ids;
}

test('the site carries the intake: its policy file and the bucket in connect-src, nothing else new', async () => {
  const res = await fetch(`${site.base}/intake.json`);
  const policy = await res.json();
  assert.equal(policy.enabled, true);
  assert.equal(policy.url, `${bucket.origin}/intake-e2e/`);
  const html = await (await fetch(`${site.base}/contactus/`)).text();
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)[1].replaceAll('&#39;', "'");
  assert.match(csp, new RegExp(`connect-src 'self' http://127.0.0.1:${apiPort} ${bucket.origin.replace(/\./g, '\\.')};`));
  assert.doesNotMatch(csp, new RegExp(`form-action[^;]*${bucket.origin.replace(/\./g, '\\.')}`), 'the bucket is no form target');
});

test('the endpoint stopped: 50 enquiries through the popup and the contact page, all in the inbox once after it starts again', { timeout: 600000 }, async () => {
  const marker = `Down${RUN}`;
  await demo.server.stop();
  await sendMany(50, marker, 10, { retryWindowMs: SHORT_RETRY_MS });
  const started = Date.now();
  demo = await startDemo({ dir: demo.dir, port: apiPort, env });
  const stored = await until('50 enquiries from the intake', async () => {
    const got = await inbox(marker);
    return got.length >= 50 ? got : null;
  });
  const seconds = (Date.now() - started) / 1000;
  assert.ok(seconds < 120, `in the inbox ${seconds} s after the start`);
  assert.equal(stored.length, 50, 'no duplicate record');
  assert.equal(new Set(stored.map((m) => m.name)).size, 50);
  const odd = stored.filter((m) => m.via !== 'intake' || m.phoneE164 !== '+919811045699');
  assert.deepEqual(odd, [], 'marked as come through the intake, phone in E.164');
  assert.deepEqual(new Set(stored.map((m) => m.source)), new Set(['contact', 'popup']));
  const byID = await until('one mail each', () => { const m = mails(marker); return m.size >= 50 ? m : null; });
  assert.equal(byID.size, 50);
  assert.ok([...byID.values()].every((n) => n === 1), 'one mail each');
  for (const m of stored) assert.ok(byID.has(`enquiry-${m._id}@digitalreeviver.com`), `the mail of ${m._id} is named by its id`);
});

test('an endpoint that answers 502 every other time, or stores and drops the connection: 0 lost, 0 duplicates', { timeout: 300000 }, async () => {
  const marker = `Flaky${RUN}`;
  let n = 0;
  const seen = new Set();
  await sendMany(10, marker, 5, { route: (context) => context.route(`http://127.0.0.1:${apiPort}/popup`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const id = JSON.parse(route.request().postData()).id;
    if (!seen.has(id)) {
      seen.add(id);
      if (n++ % 2 === 0) return route.fulfill({ status: 502, body: 'Bad Gateway' });
      await route.fetch(); // the server stores it...
      return route.abort('connectionreset'); // ...and the answer is lost
    }
    return route.continue();
  }) });
  const sent = Date.now(); // every page has its answer: what the endpoint stores is stored
  const stored = await until('10 enquiries', async () => { const got = await inbox(marker); return got.length >= 10 ? got : null; });
  // A copy a page left in the intake bucket would come later, through the drain: two of its
  // passes since the sends (the first may have listed the bucket before they ended), nothing
  // waiting, and then no second record.
  await drainedSince(sent);
  assert.equal((await inbox(marker)).length, 10, 'no duplicate record');
  assert.ok(stored.every((m) => !m.via), 'all by the endpoint, none needed the intake');
  const byID = await until(`one mail each (${mails(marker).size})`, () => { const m = mails(marker); return m.size >= 10 ? m : null; });
  assert.ok([...byID.values()].every((c) => c === 1));
});

test('when every path fails: "Failed to send message" with our phone, WhatsApp and e-mail, the form kept (screenshots)', { timeout: 300000 }, async () => {
  for (const [width, height] of [[390, 844], [1280, 900]]) {
    const { context, page } = await newPage({ width, height }, SHORT_RETRY_MS);
    await context.route(`http://127.0.0.1:${apiPort}/popup`, (r) => r.abort('connectionrefused'));
    await context.route(`${bucket.origin}/**`, (r) => r.abort('connectionrefused'));
    await page.goto(`${site.base}/contactus/`);
    await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);
    const form = page.locator('form.contact-form');
    await form.getByLabel('Name').fill('Ravi Kumar');
    await form.getByLabel('Email').fill('ravi@example.in');
    await form.getByRole('textbox', { name: 'Phone' }).fill('98110 45699');
    await form.getByLabel('Message').fill('Course fees?');
    await form.getByRole('button', { name: /Send Message/ }).click();
    await form.getByRole('button', { name: 'Sending...' }).waitFor();
    const status = form.getByRole('status');
    await status.filter({ hasText: 'Failed to send message' }).waitFor({ timeout: 60000 });
    assert.equal(await status.getByRole('link', { name: /call/ }).getAttribute('href'), 'tel:+919811045672');
    assert.match(await status.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'), /^https:\/\/wa\.me\//);
    assert.equal(await status.getByRole('link', { name: /e.mail hello/ }).getAttribute('href'), 'mailto:hello@digitalreeviver.com');
    assert.equal(await form.getByLabel('Message').inputValue(), 'Course fees?');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(process.env.SCREENSHOTS ?? '/tmp', `contact-failed-${width}.png`), fullPage: false });

    await page.goto(`${site.base}/about/`);
    await page.waitForFunction(() => document.querySelectorAll('[data-island]:not([data-hydrated])').length === 0);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('contact-popup:open'))); // the header's button
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ravi Kumar');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('98110 45699');
    assert.equal(await dialog.getByLabel('Country code').inputValue(), 'in', "an Indian visitor's country, from the time zone");
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Failed to send message' }).waitFor({ timeout: 60000 });
    await page.screenshot({ path: join(process.env.SCREENSHOTS ?? '/tmp', `popup-failed-${width}.png`) });
    await context.close();
  }
});

test('without JavaScript, a refused post comes back as the contact page, filled, saying why', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${site.base}/contactus/`);
  const form = page.locator('form.contact-form');
  assert.equal(await form.locator('select[name="country"]').inputValue(), 'in');
  await form.getByLabel('Name').fill('Meera');
  await form.getByLabel('Email').fill('meera@example.in');
  await form.getByRole('textbox', { name: 'Phone' }).fill('12');
  await form.getByLabel('Message').fill('Please call me back.');
  await form.locator('select[name="country"]').selectOption('gb');
  await form.getByRole('button', { name: /Send Message/ }).click();
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').innerText(), /Phone number must be valid\./);
  assert.match(await page.title(), /^Message not sent \| /);
  assert.equal(await page.locator('form.contact-form').getByLabel('Message').inputValue(), 'Please call me back.');
  assert.equal(await page.locator('form.contact-form select[name="country"]').inputValue(), 'gb');
  assert.ok(await page.locator('link[rel="stylesheet"]').count() > 0, "the site's look");
  await page.screenshot({ path: join(process.env.SCREENSHOTS ?? '/tmp', 'nojs-refused-390.png'), fullPage: true });
  await context.close();
});
