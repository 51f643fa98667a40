// Where leads come from, through the real server (adminapi serve --demo) and real Chromium: the
// visit that sends an enquiry is kept with it (and nothing with Global Privacy Control), the
// Google Ads file of a won enquiry is Google's template, the visitor counts are exact for a
// scripted set of visits, and the Traffic screen is looked at on a phone and a laptop
// (screenshots in e2e/screenshots/).
import { test } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchErrors, ROOT } from './lib/browser.mjs';
import { ADMIN_PASSWORD, login, withDemo } from './lib/demo.mjs';
import { until } from './lib/poll.mjs';

const SHOTS = join(ROOT, 'e2e', 'screenshots');
// Each visitor a browser of its own: the server tells visitors apart by address and user agent,
// and every test comes from 127.0.0.1. Headless Chromium's own user agent names it as a bot.
const chrome = (v) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let demo;
let browser;
let token;

withDemo(async (d, b) => {
  demo = d;
  browser = b;
  mkdirSync(SHOTS, { recursive: true });
  token = await login(demo.base);
});

const api = async (path, init = {}) => {
  const r = await fetch(`${demo.base}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers } });
  assert.ok(r.ok, `${path}: ${r.status}`);
  return r;
};
const isBeacon = (r) => r.url() === `${demo.base}/beacon` && r.request().method() === 'POST';
// The page's visit code arrives once the page is interactive; once it has run (the page's own
// import of it resolved before this one), a page that sends a beacon has sent it.
const visitModule = (page) => page.waitForResponse((r) => /\/assets\/attribution-[^/]+\.js$/.test(r.url()));
const visitCodeRan = async (page, loaded) => page.evaluate(async (url) => void (await import(url)), (await loaded).url());

async function visitor({ userAgent = chrome(131), viewport = { width: 1280, height: 900 }, gpc = false, dnt = false } = {}) {
  const headers = {};
  if (gpc) headers['Sec-GPC'] = '1';
  if (dnt) headers.DNT = '1';
  const context = await browser.newContext({ userAgent, viewport, extraHTTPHeaders: headers });
  if (gpc) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  if (dnt) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
  const beacons = [];
  context.on('request', (r) => { if (r.url() === `${demo.base}/beacon`) beacons.push(new URL(r.url()).pathname); });
  return { context, beacons };
}

// Opens a page and waits for its beacon (the answer to it).
async function view(page, url, opts = {}) {
  const beacon = page.waitForResponse(isBeacon);
  await page.goto(url, opts);
  return (await beacon).status();
}

async function clickAndView(page, link) {
  const beacon = page.waitForResponse(isBeacon);
  await link.click();
  return (await beacon).status();
}

// Sends an enquiry through the popup of the page (after the endpoint's minimum fill time).
async function sendPopup(page, name) {
  await page.getByRole('button', { name: 'Contact with Us' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByLabel(/^name/i).fill(name);
  await dialog.getByLabel(/email/i).fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.in`);
  await dialog.getByLabel('Country code').selectOption('in');
  await dialog.getByRole('textbox', { name: /phone/i }).fill('9811045672');
  await dialog.getByLabel(/message/i).fill('We need Google Ads for our clinic.');
  await page.waitForTimeout(1100); // a human takes longer than the endpoint's minimum fill time (1 s)
  const sent = page.waitForResponse((r) => r.url() === `${demo.base}/popup`);
  await dialog.getByRole('button', { name: /send/i }).click();
  assert.equal((await sent).status(), 200);
  await dialog.getByRole('status').filter({ hasText: /thank you/i }).waitFor();
  return dialog;
}

async function enquiryOf(name) {
  const list = await (await api('/popups')).json();
  const m = list.find((x) => x.name === name);
  assert.ok(m, `${name}'s enquiry is stored`);
  return m;
}

const totals = async () => (await (await api('/api/traffic?days=7')).json());

test('an ad click to a landing page, two more pages, then the popup: the enquiry carries the landing page, the campaign and the gclid', async () => {
  const { context } = await visitor({ userAgent: chrome(130) });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const landing = `${demo.base}/seo-services-in-delhi/?utm_source=google&utm_medium=cpc&utm_campaign=Diwali%20Sale&gclid=E2E-gclid_123`;
  assert.equal(await view(page, landing, { referer: 'https://www.google.com/' }), 204);
  assert.equal(await clickAndView(page, page.locator('footer').getByRole('link', { name: 'About Us' })), 204);
  assert.equal(await clickAndView(page, page.locator('footer').getByRole('link', { name: 'Blog' })), 204);
  const dialog = await sendPopup(page, 'Asha Ads');
  const notice = dialog.getByText('We keep the page and campaign that brought you here with your message.');
  assert.equal(await notice.getByRole('link', { name: 'Privacy policy' }).getAttribute('href'), '/privacy-policy/');

  const m = await enquiryOf('Asha Ads');
  assert.deepEqual(m.attribution, { landing: '/seo-services-in-delhi/', page: '/blog/', referrer: 'www.google.com', utmSource: 'google',
    utmMedium: 'cpc', utmCampaign: 'Diwali Sale', gclid: 'E2E-gclid_123', channel: 'paid-search', basis: 'notice' });
  // The visit was counted, and the enquiry is its conversion.
  const rep = await totals();
  const camp = rep.campaigns.find((r) => r.key === 'Diwali Sale');
  assert.equal(camp.visits, 1);
  assert.equal(camp.conversions, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone visitor from a campaign taps the WhatsApp button and the landing page\'s Call button: both counted on the visit', async () => {
  const { context } = await visitor({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const before = (await totals()).totals;
  assert.equal(await view(page, `${demo.base}/best-google-ads-agency-in-delhi/?utm_source=google&utm_medium=cpc&utm_campaign=Taps%20Test&gclid=T1`), 204);
  // The page view's beacon went: the taps are watched from the same moment (lib/attribution.ts).
  // Neither link may leave the page here: no phone to call, no network for WhatsApp.
  await page.evaluate(() => document.addEventListener('click', (e) => {
    if (e.target.closest('a[href^="tel:"], a[href^="https://wa.me/"]')) e.preventDefault();
  }));
  const tap = (kind) => page.waitForRequest((r) => r.url() === `${demo.base}/beacon` && r.postData() === `p=%2Fbest-google-ads-agency-in-delhi%2F&t=${kind}`);
  let sent = tap('chat');
  await page.locator('.floating-widget__link--chat').click();
  await sent;
  sent = tap('call');
  await page.getByRole('link', { name: /^Call \+91/ }).first().click();
  await sent;
  let after;
  await until('the taps in the Traffic report', async () => {
    after = await totals();
    return after.totals.calls === (before.calls ?? 0) + 1 && after.totals.chats === (before.chats ?? 0) + 1;
  }, { explain: () => JSON.stringify(after?.totals) });
  assert.equal(after.campaigns.find((r) => r.key === 'Taps Test')?.taps, 1, 'one visit of the campaign tapped');
  assert.equal(after.landingPages.find((r) => r.key === '/best-google-ads-agency-in-delhi/')?.taps >= 1, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with Global Privacy Control the page keeps and sends nothing of the visit, and the enquiry carries none', async () => {
  const { context, beacons } = await visitor({ userAgent: chrome(129), gpc: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const loaded = visitModule(page);
  await page.goto(`${demo.base}/seo-services-in-delhi/?utm_source=google&utm_medium=cpc&gclid=GPC-gclid`, { referer: 'https://www.google.com/' });
  await visitCodeRan(page, loaded);
  const dialog = await sendPopup(page, 'Gita Private');
  await dialog.getByText('Your browser asks not to be tracked: nothing of how you found us is kept.').waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.length), 0, 'nothing kept in the browser');
  assert.deepEqual(beacons, [], 'no beacon');
  assert.equal((await enquiryOf('Gita Private')).attribution, undefined);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Google Ads file of a won enquiry parses as Google\'s template expects', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${demo.base}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${demo.base}/admin/dashboard`);
  await page.goto(`${demo.base}/admin/enquiries`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Asha Ads' }) });
  await card.getByText('Paid search').waitFor();
  await card.getByRole('button', { name: 'Won' }).click();
  await card.getByLabel(/Deal value/).fill('45000');
  await card.getByRole('button', { name: 'Save as won' }).click();
  await card.getByText('Won · ₹45,000.00').waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'inbox-source-phone.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Google Ads conversions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Google Ads conversions' });
  await dialog.getByLabel('Conversion action in Google Ads').fill('Won lead');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  const lines = file.split('\r\n').filter(Boolean);
  assert.equal(lines[0], 'Parameters:TimeZone=+0530');
  assert.equal(lines[1], 'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency');
  assert.equal(lines.length, 3, file);
  const [gclid, name, time, value, currency] = lines[2].split(',');
  assert.equal(gclid, 'E2E-gclid_123');
  assert.equal(name, 'Won lead');
  assert.match(time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  assert.equal(value, '45000');
  assert.equal(currency, 'INR');
  assert.ok(!/asha|98110|example\.in/i.test(file), 'nothing about the person');
  await context.close();
});

test('the counts are exact for a scripted set of visits: two visits of one browser in a day are one visitor; DNT, GPC and bots are not counted', async () => {
  const before = await totals();
  // One desktop browser: a direct visit of two pages, then, in a new tab, a second visit.
  const desk = await visitor({ userAgent: chrome(128) });
  const tab1 = await desk.context.newPage();
  assert.equal(await view(tab1, `${demo.base}/`), 204);
  assert.equal(await clickAndView(tab1, tab1.locator('footer').getByRole('link', { name: 'About Us' })), 204);
  await tab1.close();
  const tab2 = await desk.context.newPage();
  assert.equal(await view(tab2, `${demo.base}/blog/`), 204);
  await desk.context.close();
  // A phone from a social post's campaign link.
  const phone = await visitor({ userAgent: PHONE, viewport: { width: 390, height: 844 } });
  const p = await phone.context.newPage();
  assert.equal(await view(p, `${demo.base}/seo-services-in-delhi/?utm_source=facebook&utm_medium=social&utm_campaign=Holi`, { referer: 'https://l.facebook.com/' }), 204);
  await phone.context.close();
  // Do Not Track: no beacon at all.
  const dnt = await visitor({ userAgent: chrome(127), dnt: true });
  const d = await dnt.context.newPage();
  const loaded = visitModule(d);
  await d.goto(`${demo.base}/`);
  await visitCodeRan(d, loaded);
  assert.deepEqual(dnt.beacons, []);
  await dnt.context.close();
  // Headless Chromium as it is: a bot, answered and not counted.
  const bot = await browser.newContext();
  const b = await bot.newPage();
  assert.equal(await view(b, `${demo.base}/about/`), 204);
  await bot.close();

  const after = await totals();
  const delta = (k) => after.totals[k] - before.totals[k];
  assert.equal(delta('visitors'), 2, 'visitors');
  assert.equal(delta('visits'), 3, 'visits');
  assert.equal(delta('pageViews'), 4, 'page views');
  const row = (rep, table, key) => rep[table].find((r) => r.key === key) ?? { visits: 0, pageViews: 0 };
  assert.equal(row(after, 'channels', 'social').visits - row(before, 'channels', 'social').visits, 1);
  assert.equal(row(after, 'channels', 'direct').visits - row(before, 'channels', 'direct').visits, 2);
  assert.equal(row(after, 'campaigns', 'Holi').visits, 1);
  assert.equal(row(after, 'devices', 'mobile').visits - row(before, 'devices', 'mobile').visits, 1);
  assert.equal(row(after, 'landingPages', '/blog/').visits - row(before, 'landingPages', '/blog/').visits, 1);
  assert.equal(after.notes.bots - before.notes.bots, 1);
});

test('the Traffic screen on a phone and a laptop', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${demo.base}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${demo.base}/admin/dashboard`);
  await page.getByRole('link', { name: 'Traffic' }).first().click();
  await page.waitForURL(`${demo.base}/admin/traffic`);
  const days = page.getByRole('table', { name: 'Visits by day' });
  await days.waitFor({ state: 'attached' });
  assert.equal(await days.getByRole('row').count(), 31);
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await page.waitForURL(/days=7/);
  await page.getByRole('table', { name: 'Visits by day' }).getByRole('row').nth(7).waitFor({ state: 'attached' });
  await page.getByRole('table', { name: 'Landing pages' }).getByRole('rowheader', { name: '/seo-services-in-delhi/' }).waitFor();
  await page.screenshot({ path: join(SHOTS, 'traffic-laptop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'no sideways scrolling on a phone');
  await page.screenshot({ path: join(SHOTS, 'traffic-phone.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});
