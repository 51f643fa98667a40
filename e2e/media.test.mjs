// Media library, responsive images and redirects, in Chromium against a real `adminapi serve --demo`:
// an uploaded 1600 px PNG becomes a post's cover and an image in its text by way of the media
// library (one upload, reused), the public page serves a <picture> whose AVIF or WebP variant the
// browser really loads, a used image cannot be deleted; a changed slug leaves the old address
// redirecting (a 301 from the server, _redirects has the line, a meta refresh page as fallback) and a loop is
// refused. Phone and laptop screenshots go to e2e/screenshots/.
import { test, before, after } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launch, watchErrors } from './lib/browser.mjs';
import { ADMIN_PASSWORD, login, startDemo, untilLive } from './lib/demo.mjs';
import { encodePng } from './lib/png.mjs';
import { until } from './lib/poll.mjs';

const SHOTS = join(ROOT, 'e2e', 'screenshots');

let demo;
let browser;
let context;
let page;
let errors;
let token;

// ---- a real 1600×1000 PNG, made here: a smooth landscape with some detail ----

// a smooth landscape with some detail, compressing about as a photograph would not
const landscapePng = (w = 1600, h = 1000) =>
  encodePng(w, h, (x, y) => {
    const sky = y < 560 + 90 * Math.sin(x / 170) + 40 * Math.sin(x / 37);
    return sky
      ? [70 + (y * 120) / h, 140 + (y * 80) / h, 220]
      : [40 + 30 * Math.sin((x * y) / 5000), 110 + 40 * Math.sin(x / 23), 60];
  });
const PHOTO = landscapePng();

async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${token}` };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = await fetch(`${demo.base}${path}`, { method, headers, body: payload });
  const text = await r.text();
  let json;
  try { json = JSON.parse(text); } catch { json = text; }
  return { status: r.status, body: json };
}

async function toast(text) {
  await page.locator('.toasts').getByText(text, { exact: false }).first().waitFor({ timeout: 20000 });
}

async function shoot(name, viewport) {
  await page.setViewportSize(viewport);
  await page.screenshot({ path: join(SHOTS, name), fullPage: false });
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  demo = await startDemo();
  token = await login(demo.base);
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
  page.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  await page.goto(`${demo.base}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${demo.base}/admin/dashboard`);
});

after(async () => {
  await browser?.close();
  await demo?.server.stop();
});

test('an image uploaded to the media library is reused, served responsively and cannot be deleted while used', async () => {
  // Upload into the library, with alt text, from its screen.
  await page.getByRole('link', { name: 'Media library' }).click();
  await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Upload image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload an image' });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'noida-skyline.png', mimeType: 'image/png', buffer: PHOTO });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByText('Describe the image for people who cannot see it').waitFor(); // alt text is required
  await dialog.getByLabel('Alt text').fill('Hills under a blue evening sky over Noida');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await toast('Image uploaded.');
  const card = page.locator('.media-card', { hasText: 'noida-skyline.png' });
  await card.waitFor();
  assert.match(await card.textContent(), /1600×1000 px/);
  assert.match(await card.textContent(), /Not used/);
  let library = (await api('GET', '/api/media')).body;
  assert.equal(library.length, 1);
  const image = library[0];

  // A new post takes it twice from the library: as its cover and in its text.
  await page.getByRole('link', { name: 'Add Blog' }).click();
  await page.getByLabel(/^Title/).fill('Skyline Photos for Local SEO');
  await page.getByLabel(/^Category/).fill('SEO');
  const editor = page.getByRole('textbox', { name: /^Content/ });
  await editor.click();
  await page.keyboard.type('Photos of your own street help people find you. ');
  await page.locator('.ql-toolbar button.ql-image').click();
  const insert = page.getByRole('dialog', { name: 'Insert an image' });
  await insert.getByRole('button', { name: /Hills under a blue evening sky/ }).click();
  assert.equal(await insert.getByLabel('Alt text').inputValue(), 'Hills under a blue evening sky over Noida');
  await page.screenshot({ path: join(SHOTS, 'picker-laptop.png') });
  await insert.getByLabel('Alt text').fill('The skyline from the office roof');
  await insert.getByRole('button', { name: 'Use this image' }).click();
  await insert.waitFor({ state: 'detached' });
  await editor.locator(`img[src="${image.url}"][alt="The skyline from the office roof"]`).waitFor();
  await page.getByRole('button', { name: 'Choose from the media library' }).click();
  const cover = page.getByRole('dialog', { name: /choose an image/ });
  await cover.getByRole('button', { name: /The skyline from the office roof/ }).click();
  await cover.getByRole('button', { name: 'Use this image' }).click();
  await cover.waitFor({ state: 'detached' });
  // The preview screen renders the draft; publishing it before that answer comes would make
  // the render a 404 (the draft is gone), so the test waits for it.
  const rendered = page.waitForResponse((r) => r.url().endsWith('/api/preview-blogs/skyline-photos-for-local-seo/render'));
  await page.getByRole('button', { name: 'Add Blog' }).click();
  await toast('Blog saved! Check it in the preview section.');
  await page.waitForURL(/\/admin\/preview-blog\/skyline-photos-for-local-seo$/);
  assert.equal((await rendered).status(), 200);
  library = (await api('GET', '/api/media')).body;
  assert.equal(library.length, 1, 'reusing an image uploads nothing new');
  const saved = (await api('GET', '/api/preview-blogs/skyline-photos-for-local-seo')).body;
  assert.match(saved.content, new RegExp(`<img src="${image.url}" alt="The skyline from the office roof">`), saved.content);
  assert.deepEqual(library[0].usedBy.map((u) => `${u.kind} ${u.slug} ${u.stage} ${u.field}`),
    ['blog skyline-photos-for-local-seo preview image, content']);

  const published = await api('POST', '/api/preview-blogs/publish/skyline-photos-for-local-seo', {});
  await untilLive(demo.base, token, published.status, published.body);
  // A publish never waits for image work: while the upload's variants are still being made the
  // page shows it as uploaded, and the build that follows them gives the page its <picture>.
  await until('the variants on the page', async () => (await (await fetch(`${demo.base}/blog/skyline-photos-for-local-seo/`)).text()).includes('<picture'),
    { timeout: 180000, every: 200 });

  // The public page: a <picture> whose AVIF or WebP variant Chromium really loads.
  const loaded = [];
  page.on('response', (r) => { if (r.url().includes('/assets/media/')) loaded.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] }); });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${demo.base}/blog/skyline-photos-for-local-seo/`);
  const hero = page.locator('.post__image picture img');
  await hero.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector('.post__image picture img');
    return img && img.complete && img.naturalWidth > 0;
  });
  const current = await hero.evaluate((img) => img.currentSrc);
  assert.match(current, /\/assets\/media\/[0-9a-f]{20}-(800|1200|1600)\.(avif|webp)$/, `currentSrc ${current}`);
  assert.equal(await hero.getAttribute('alt'), 'The skyline from the office roof');
  assert.equal(await hero.getAttribute('width'), '1600');
  assert.equal(await hero.getAttribute('height'), '1000');
  const sources = await page.locator('.post__image picture source').evaluateAll((els) => els.map((s) => s.type));
  assert.ok(sources.includes('image/webp'), `sources ${sources}`);
  const got = loaded.find((l) => l.url === current);
  assert.ok(got && got.status === 200 && /image\/(avif|webp)/.test(got.type), `response for ${current}: ${JSON.stringify(loaded)}`);
  const inText = page.locator('.post__content picture img');
  assert.equal(await inText.getAttribute('loading'), 'lazy');
  assert.equal(await inText.getAttribute('alt'), 'The skyline from the office roof');
  assert.match(await page.locator('.post__content picture source[type="image/webp"]').getAttribute('srcset'), /480w, .*800w, .*1200w, .*1600w/);
  // The variants are far smaller than the original the page no longer sends.
  const sizes = await Promise.all(loaded.map(async (l) => Number((await fetch(l.url, { method: 'HEAD' })).headers.get('content-length'))));
  assert.ok(Math.max(...sizes) < PHOTO.length / 3, `variants ${sizes} vs original ${PHOTO.length}`);
  await shoot('post-laptop.png', { width: 1280, height: 900 });
  await page.reload();
  await shoot('post-phone.png', { width: 390, height: 844 });
  await page.locator('.post__content picture img').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const img = document.querySelector('.post__content picture img');
    return img && img.complete && img.naturalWidth > 0 && /\.(avif|webp)$/.test(img.currentSrc);
  });

  // A used image cannot be deleted: the library says where it is used.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${demo.base}/admin/media`);
  await card.waitFor();
  assert.match(await card.textContent(), /In use/);
  assert.match(await card.textContent(), /Blog “Skyline Photos for Local SEO” \(published, cover and in the text\)/);
  await shoot('media-laptop.png', { width: 1280, height: 900 });
  await shoot('media-phone.png', { width: 390, height: 844 });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Its Delete is off (it offered a confirmation and then the refusal); the server refuses too.
  assert.ok(await card.getByRole('button', { name: 'Delete' }).isDisabled(), 'a used image offers no Delete');
  await card.getByText('Used images cannot be deleted.').waitFor();
  assert.equal((await api('GET', '/api/media')).body.length, 1);
  const refused = await api('DELETE', `/api/media/${image.name}`);
  assert.equal(refused.status, 409);
  // The refusals above are 409 answers, which Chromium logs; nothing else may be.
  assert.deepEqual(errors.filter((e) => !/status of 409|^409 /.test(e)), []);
});

test('a changed slug leaves the old address redirecting, and a loop is refused', async () => {
  errors.length = 0; // this test's own
  const form = new FormData();
  form.append('slug', 'skyline-photos');
  const put = await api('PUT', '/api/blogs/skyline-photos-for-local-seo', form);
  assert.equal(put.status, 200, JSON.stringify(put.body));

  // The server answers the old address with a 301 from the generation's _redirects, as a CDN
  // would; the page left there (a meta refresh) is the fallback for hosts that shadow it.
  const old = await fetch(`${demo.base}/blog/skyline-photos-for-local-seo/`, { redirect: 'manual' });
  assert.equal(old.status, 301);
  assert.equal(old.headers.get('location'), '/blog/skyline-photos/');
  await page.goto(`${demo.base}/blog/skyline-photos-for-local-seo/`);
  await page.waitForURL(`${demo.base}/blog/skyline-photos/`);
  await page.getByRole('heading', { name: 'Skyline Photos for Local SEO', level: 1 }).waitFor();
  // The file is for the static host, which reads it rather than serving it: read from the site.
  const lines = readFileSync(join(demo.dir, 'dist', '_redirects'), 'utf8');
  assert.match(lines, /^\/blog\/skyline-photos-for-local-seo\/ \/blog\/skyline-photos\/ 301$/m);

  // The Redirects screen lists it; a loop added there is refused with the reason.
  await page.goto(`${demo.base}/admin/redirects`);
  const row = page.locator('.redirect', { hasText: '/blog/skyline-photos-for-local-seo/' });
  await row.waitFor();
  assert.match(await row.textContent(), /Live/);
  assert.match(await row.textContent(), /Blog address changed/);
  await page.getByLabel('Old address').fill('/old-offer/');
  await page.getByLabel('New address').fill('/blog/skyline-photos/');
  await page.getByRole('button', { name: 'Add redirect' }).click();
  await toast('Redirect saved: /old-offer/ now leads to /blog/skyline-photos/.');
  await page.locator('.redirect', { hasText: '/old-offer/' }).waitFor();
  await page.getByLabel('Old address').fill('/promo/');
  await page.getByLabel('New address').fill('/old-offer/');
  await page.getByRole('button', { name: 'Add redirect' }).click();
  await toast('Redirect saved: /promo/ now leads to /blog/skyline-photos/.'); // a chain collapses
  await page.getByLabel('Old address').fill('/blog/skyline-photos/');
  await page.getByLabel('New address').fill('/promo/');
  await page.getByRole('button', { name: 'Add redirect' }).click();
  await page.getByRole('alert').getByText('/blog/skyline-photos/ is a page of the site').waitFor();
  const loop = await api('POST', '/api/redirects', { from: '/x-loop/', to: '/y-loop/' });
  assert.equal(loop.status, 201);
  const back = await api('POST', '/api/redirects', { from: '/y-loop/', to: '/x-loop/' });
  assert.equal(back.status, 409);
  assert.equal(back.body.error, 'That redirect would make a loop: /x-loop/ already leads to /y-loop/.');
  await page.reload();
  await page.locator('.redirect', { hasText: '/promo/' }).waitFor();
  await shoot('redirects-laptop.png', { width: 1280, height: 900 });
  await shoot('redirects-phone.png', { width: 390, height: 844 });
  // The refusals above are 409 answers, which Chromium logs; nothing else may be.
  assert.deepEqual(errors.filter((e) => !/status of 409|^409 /.test(e)), []);
});
