// The site search in Debian's headless Chromium, against the real product (adminapi serve --demo):
// the header's box, the /search/ page with and without JavaScript, and a publish through the
// admin API that makes a new post findable while rewriting only the index's delta.
import { test } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { watchErrors } from './lib/browser.mjs';
import { withDemo, login, untilLive } from './lib/demo.mjs';

let demo, browser;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

async function newPage(options = DESKTOP) {
  const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const searchFiles = [];
  page.on('request', (r) => { if (/\/search\/index\.bin|\/assets\/search\//.test(r.url())) searchFiles.push(new URL(r.url()).pathname); });
  return { context, page, errors: watchErrors(page), searchFiles };
}

withDemo((d, b) => { demo = d; browser = b; });

test('the header box finds, highlights and opens a result by keyboard', async () => {
  const { context, page, errors, searchFiles } = await newPage();
  await page.goto(`${demo.base}/about/`);
  await page.waitForFunction(() => document.querySelector('#site-search-q')?.getAttribute('role') === 'combobox');
  assert.deepEqual(searchFiles, [], 'nothing of the index loads before the box is used');

  const box = page.locator('#site-search-q');
  await box.focus();
  await page.keyboard.type('google ads', { delay: 30 });
  const options = page.locator('#site-search-list [role=option]');
  await options.first().waitFor();
  // The whole query's answer (after the typing pause) is the one to choose from.
  await page.locator('#site-search-form:not([aria-busy])').waitFor();
  assert.ok(await options.count() >= 2, 'several results');
  assert.equal(await box.getAttribute('aria-expanded'), 'true');
  const marks = await page.locator('#site-search-list mark').allInnerTexts();
  assert.ok(marks.some((m) => /google/i.test(m)) && marks.some((m) => /^ads?$/i.test(m)), `marked words: ${marks}`);
  assert.match(await page.locator('.site-search [role=status]').innerText(), /\d+ results?/);
  await page.screenshot({ path: '/tmp/e2e-search-desktop.png' });

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options.nth(1);
  assert.equal(await box.getAttribute('aria-activedescendant'), await second.getAttribute('id'));
  assert.equal(await second.getAttribute('aria-selected'), 'true');
  const href = await second.getAttribute('href');
  await page.keyboard.press('Enter');
  await page.waitForURL(demo.base + href);
  assert.equal(await page.locator('h1').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Enter without a chosen result goes to the search page, which lists results', async () => {
  const { context, page, errors } = await newPage();
  await page.goto(`${demo.base}/`);
  await page.locator('#site-search-q').fill('seo');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\/\?q=seo$/);
  const results = page.locator('.search-results > li');
  await results.first().waitFor();
  assert.match(await page.locator('.search-page__status').innerText(), /^\d+ results? for “seo”/);
  assert.equal(await page.locator('#search-q').inputValue(), 'seo');
  assert.ok(await page.locator('.search-results mark').count() > 0);
  assert.equal(await page.locator('#search-browse').isVisible(), false, 'the page list gives way to results');
  // A new query from the page's own form keeps ?q= in the address.
  await page.locator('#search-q').fill('instagram reels');
  await page.locator('#search-q').press('Enter');
  await page.waitForURL(/\?q=instagram%20reels$/);
  await page.locator('.search-results mark', { hasText: /reels/i }).first().waitFor();
  await page.screenshot({ path: '/tmp/e2e-search-page.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the search button opens the box under the header', async () => {
  const { context, page, errors } = await newPage(PHONE);
  await page.goto(`${demo.base}/blog/`);
  const toggle = page.locator('button.site-search__toggle');
  await toggle.waitFor();
  assert.equal(await page.locator('#site-search-q').isVisible(), false);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await page.keyboard.type('course');
  await page.locator('#site-search-list [role=option]').first().waitFor();
  await page.screenshot({ path: '/tmp/e2e-search-phone.png' });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});

test('without JavaScript the form lands on a search page that lists every page by kind', async () => {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${demo.base}/about/`);
  await page.locator('#site-search-q').fill('seo');
  await page.locator('#site-search-q').press('Enter');
  await page.waitForURL(/\/search\/\?q=seo$/);
  assert.equal(await page.locator('h1').innerText(), 'Search');
  // (Chromium shows <noscript> only when scripting is off for the whole browser, not per page.)
  assert.match(await page.locator('noscript').first().evaluate((n) => n.textContent), /Search works in your browser with JavaScript/);
  const groups = await page.locator('.search-browse__group h3').allInnerTexts();
  assert.deepEqual(groups.slice(0, 3), ['Services', 'Pages', 'Blog posts']);
  const links = await page.locator('.search-browse a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of ['/seo-services-in-delhi/', '/about/', '/courses/', '/blog/']) assert.ok(links.includes(href), `lists ${href}`);
  await page.screenshot({ path: '/tmp/e2e-search-nojs.png', fullPage: true });
  // On a phone the search button is a link to the same page.
  await page.setViewportSize(PHONE.viewport);
  await page.goto(`${demo.base}/about/`);
  await page.locator('a.site-search__toggle').click();
  await page.waitForURL(/\/search\/$/);
  await context.close();
});

// Every file of the index in the live site, by path: its inode and bytes' hash.
function indexFiles() {
  const root = join(demo.dir, 'dist');
  const out = new Map();
  const walk = (dir, rel) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, `${rel}${e.name}/`);
      else out.set(rel + e.name, { ino: statSync(p).ino, hash: createHash('sha256').update(readFileSync(p)).digest('hex') });
    }
  };
  walk(join(root, 'assets', 'search'), 'assets/search/');
  const m = join(root, 'search', 'index.bin');
  out.set('search/index.bin', { ino: statSync(m).ino, hash: createHash('sha256').update(readFileSync(m)).digest('hex') });
  return out;
}

test('a published post is found, and only the delta of the index is rewritten', async () => {
  const token = await login(demo.base);
  const api = (method, path, body) => fetch(demo.base + path, {
    method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
  });
  const before = indexFiles();
  const manifestBefore = before.get('search/index.bin');

  const saved = await api('POST', '/api/preview-blogs', {
    title: 'Quokka Marketing for Bakeries in Noida', category: 'Social Media',
    content: '<p>Bakeries that post a daily quokka reel win regulars.</p><h2>Why quokkas work</h2><p>A cheerful mascot makes every pastry shareable.</p>',
  });
  assert.equal(saved.status, 201, await saved.clone().text());
  const { blog } = await saved.json();
  const published = await api('POST', `/api/preview-blogs/publish/${blog.slug}`, {});
  await untilLive(demo.base, token, published.status, await published.json());

  const after = indexFiles();
  const added = [...after.keys()].filter((p) => !before.has(p));
  const removed = [...before.keys()].filter((p) => !after.has(p));
  const rewritten = [...after.keys()].filter((p) => before.has(p) && before.get(p).ino !== after.get(p).ino);
  assert.notEqual(after.get('search/index.bin').hash, manifestBefore.hash, 'the manifest names the new files');
  assert.deepEqual(rewritten, ['search/index.bin'], 'no other file is written again');
  const docs = added.filter((p) => p.startsWith('assets/search/d/'));
  assert.equal(docs.length, 1, `one new doc file: ${added}`);
  // The rest of what was added is the delta (its chunks and summaries); the base is untouched.
  const manifest = JSON.parse(new TextDecoder().decode(await inflate(readFileSync(join(demo.dir, 'dist', 'search', 'index.bin')))));
  assert.equal(manifest.s.length, 2, 'base and delta');
  const delta = new Set([...manifest.s[1].f, ...Object.values(manifest.s[1].p ?? {})].map((n) => `assets/search/${n}.bin`));
  for (const p of added.filter((p) => !docs.includes(p))) assert.ok(delta.has(p), `${p} belongs to the delta`);
  for (const n of [...manifest.s[0].f, ...Object.values(manifest.s[0].p ?? {})]) {
    const p = `assets/search/${n}.bin`;
    assert.ok(before.has(p) && before.get(p).ino === after.get(p).ino, `base file ${p} is the one from before the publish`);
  }
  assert.ok(removed.every((p) => p.startsWith('assets/search/') && !p.startsWith('assets/search/d/')), `removed: ${removed}`);

  // And a visitor finds it, in the header box and on the search page.
  const { context, page, errors } = await newPage();
  await page.goto(`${demo.base}/`);
  await page.locator('#site-search-q').focus();
  await page.keyboard.type('quokka');
  const first = page.locator('#site-search-list [role=option]').first();
  await first.waitFor();
  assert.equal(await first.getAttribute('href'), `/blog/${blog.slug}/`);
  assert.match(await first.innerText(), /Quokka Marketing for Bakeries/);
  await page.goto(`${demo.base}/search/?q=quokkas%20bakery`);
  await page.locator('.search-results > li').first().waitFor();
  assert.equal(await page.locator('.search-results > li a').first().getAttribute('href'), `/blog/${blog.slug}/`);
  assert.deepEqual(errors, []);
  await context.close();
});

async function inflate(buf) {
  const stream = new Response(buf).body.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
