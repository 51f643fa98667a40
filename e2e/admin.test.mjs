// The admin's work in a real browser against a real `adminapi serve --demo`, as independent
// tests: each makes what it needs through the API (a draft, a live blog with pictures, a live
// service, an account of its own) and opens its own browser context, so one failure hides
// nothing else and any test can run alone (--test-name-pattern). Covered: logging in, the
// account's address, writing a blog with pictures, the rendered preview, editing, publishing
// (staying in the admin), the public page, a live service's search fields, a duplicate title, an
// older tab meeting a newer edit, deleting a draft and a live service (the Builds panel
// following), logging out, the guard, and a password reset through the mail outbox. Toasts are
// checked not to cover the screen's buttons at laptop and phone width, and no test's page logs a
// script error.
import { test, before, after } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePng } from './lib/png.mjs';
import { BIN, ROOT, freePort, launch, startServer, tempDir, watchErrors } from './lib/browser.mjs';
import { until } from './lib/poll.mjs';
import { untilLive } from './lib/demo.mjs';

const PASSWORD = 'E2e-admin-pass-41';
const DEMO_EMAIL = 'admin@digitalreeviver.com';
const DESKTOP = { width: 1280, height: 900 };

let server;
let browser;
let base;
let dir;
let token; // the demo admin's, for the API calls that set a test up

// ---- a small real PNG, made here (16×16, a teal square with a white stripe) ----

const PNG = makePng();
const pngFile = (name) => ({ name, mimeType: 'image/png', buffer: PNG });

// A name no other test uses.
let names = 0;
const uniq = (prefix) => `${prefix} ${Date.now().toString(36)}${(names++).toString(36)}`;

// ---- the API, to set a test up ----

async function api(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try { json = JSON.parse(text); } catch { json = text; }
  return { status: res.status, json };
}

async function must(want, method, path, body) {
  const { status, json } = await api(method, path, body);
  assert.equal(status, want, `${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

// uploads the PNG with an alt text and answers its URL.
async function upload(alt = '') {
  const form = new FormData();
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'picture.png');
  if (alt) form.append('alt', alt);
  const res = await fetch(`${base}/api/preview-blogs/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  return json.imageUrl;
}

// a draft blog; answers its slug.
async function draftBlog({ title = uniq('A draft'), content = '<p>Opening paragraph of the draft.</p>', category = 'SEO', image = '' } = {}) {
  return (await must(201, 'POST', '/api/preview-blogs', { title, content, category, image })).blog.slug;
}

// a live blog; answers its slug.
async function liveBlog(fields) {
  const slug = await draftBlog(fields);
  const { status, json } = await api('POST', `/api/preview-blogs/publish/${slug}`, {});
  await untilLive(base, token, status, json);
  return slug;
}

// a live service with a picture; answers its name and slug.
async function liveService(name = uniq('Email Campaigns')) {
  const { service } = await must(201, 'POST', '/api/preview-services', {
    title: name, description: '<p>Monthly newsletters that people open.</p>', category: 'Digital Marketing', image: await upload(),
  });
  const { status, json } = await api('POST', `/api/preview-services/publish/${service.slug}`, {});
  await untilLive(base, token, status, json);
  return { name, slug: service.slug };
}

// ---- the screen ----

async function toast(page, text) {
  await page.locator('.toasts').getByText(text, { exact: false }).first().waitFor({ timeout: 15000 });
}

async function confirmDialog(page, question, button) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  // The question and the item it names are two lines of the dialog.
  const said = (await dialog.locator('.modal-message').innerText()).replace(/\s+/g, ' ');
  assert.ok(said.includes(question), `dialog says ${JSON.stringify(said)}`);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

// The boxes of the toasts on screen and of the given controls must not overlap (once the toasts
// have had a few frames to take their place).
async function assertToastsClearOf(page, controls) {
  let covered = '';
  for (let frame = 0; frame < 10; frame++) {
    covered = '';
    const toasts = await page.locator('.toasts .toast').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    assert.ok(toasts.length > 0, 'a toast is showing');
    for (const c of controls) {
      const box = await c.boundingBox();
      assert.ok(box, 'the control is on screen');
      for (const t of toasts) {
        const apart = t.right <= box.x || box.x + box.width <= t.left || t.bottom <= box.y || box.y + box.height <= t.top;
        if (!apart) covered = `toast ${JSON.stringify(t)} covers ${await c.textContent()} ${JSON.stringify(box)}`;
      }
    }
    if (!covered) return;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  assert.fail(covered);
}

// The dashboard panel that lists title: a panel shows its first few, and past them (the other
// tests add drafts and services too) it has a search, which a user with many would use.
async function panelShowing(page, id, title) {
  const panel = page.locator(id);
  await panel.locator('h2 .count').waitFor();
  const search = panel.getByRole('searchbox');
  if (await search.count()) await search.fill(title);
  return panel;
}

async function login(page, password, username = 'admin') {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${base}/admin/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function typeInEditor(page, text) {
  const editor = page.getByRole('textbox', { name: /^Content/ });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

// Decodes the bodies of a saved mail enough to find a link in it (quoted-printable or base64).
function mailText(raw) {
  let text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  for (const m of raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)) {
    text += `\n${Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  }
  return text;
}

// The first link matching re in a mail of the outbox to the address to.
function linkInMail(to, re) {
  const outbox = join(dir, 'outbox');
  return until(`a mail to ${to} with a link ${re}`, () => {
    if (!existsSync(outbox)) return null;
    for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml'))) {
      const raw = readFileSync(join(outbox, name), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.@]/g, '\\$&')}`, 'm').test(raw)) continue;
      const m = mailText(raw).match(re);
      if (m) return new URL(m[0]);
    }
    return null;
  });
}

// The public page's HTML once it contains text (a rebuild makes it so shortly after an edit).
function waitForPage(url, text) {
  return until(`${url} to contain ${text}`, async () => {
    const res = await fetch(url);
    const html = await res.text();
    return res.ok && html.includes(text) && html;
  });
}

// adminTest runs fn with a page of its own browser context, signed in as the demo admin unless
// signedIn is false; a failure also prints what the screen and the server said, and any script
// error the page logged fails the test.
function adminTest(name, fn, { signedIn = true, viewport = DESKTOP } = {}) {
  test(name, { timeout: 120000 }, async () => {
    const context = await browser.newContext({ viewport });
    if (signedIn) await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await fn(page, context);
      // A refused sign-in is a 401 the browser logs as a failed resource; that is expected.
      assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), [], 'script errors on the page');
    } catch (err) {
      const shown = await page.locator('[role=alert], .toasts').allTextContents().catch(() => []);
      console.error(`--- ${name}\nscreen: ${page.url()} ${JSON.stringify(shown)}\nserver:\n${server.output().slice(-3000)}`);
      throw err;
    } finally {
      await context.close();
    }
  });
}

before(async () => {
  const bin = join(BIN, 'adminapi');
  if (!existsSync(bin)) {
    // `make build` makes it; build it here when the test runs on its own.
    assert.ok(existsSync(join(ROOT, 'internal/adminui/dist/index.html')), 'build the admin UI first: make admin-ui');
    execFileSync('go', ['build', '-tags', 'adminui', '-o', bin, './cmd/adminapi'], { cwd: ROOT, stdio: 'inherit' });
  }
  dir = tempDir('admin-e2e-');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(bin, ['serve', '--demo', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'site.db'),
    '--out', join(dir, 'dist'), '--uploads', join(dir, 'uploads'), '--content', 'content'],
  `${base}/healthz`, { env: { ADMIN_PASSWORD: PASSWORD, SITE_URL: '' } });
  const res = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) });
  assert.equal(res.status, 200, await res.clone().text());
  token = (await res.json()).token;
  browser = await launch();
});

after(async () => {
  if (process.env.E2E_SERVER_LOG && server) writeFileSync(process.env.E2E_SERVER_LOG, server.output());
  await browser?.close();
  await server?.stop();
});

adminTest('a wrong password says Invalid credentials, the right one opens the dashboard', async (page) => {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.locator('.form-error', { hasText: 'Invalid credentials' }).waitFor();
  assert.equal(await page.getByText('Invalid credentials').count(), 1, 'said once, on the form');
  await login(page, PASSWORD);
  assert.ok(await page.evaluate(() => localStorage.getItem('adminToken')), 'token stored under adminToken');
  assert.equal(await page.locator('.toasts').getByText('Invalid credentials').count(), 0, 'the refusal stays behind');
}, { signedIn: false });

adminTest('the account screen says which address is the admin\'s', async (page) => {
  await page.goto(`${base}/admin/dashboard`);
  await page.getByRole('link', { name: new RegExp(DEMO_EMAIL.replace(/[.@]/g, '\\$&')) }).click();
  await page.waitForURL(`${base}/admin/account`);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  await page.locator('.account-card').getByText(DEMO_EMAIL, { exact: true }).waitFor();
});

// A 1×1 BMP: a picture Chromium shows, of a kind the server refuses (JPEG, PNG, WebP, GIF only).
function bmp() {
  const b = Buffer.alloc(58);
  b.write('BM', 0);
  b.writeUInt32LE(58, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(4, 34);
  return b;
}

// A file that is no picture is refused beside the field when it is chosen; the reason a save was
// refused is said at the top of the form and brought into view below the sticky top bar, however
// far down the button was (it was scrolled under the bar, out of sight).
for (const viewport of [DESKTOP, { width: 390, height: 844 }]) {
  adminTest(`a cover that is no picture is refused when chosen; a refused save's reason shows below the top bar, at ${viewport.width} px`, async (page) => {
    await page.goto(`${base}/admin/add-blog`);
    await page.getByLabel(/^Title/).fill(uniq('Refused cover'));
    await page.getByLabel(/^Category/).fill('SEO');
    await typeInEditor(page, 'Text of a post whose cover is no picture.');
    const cover = page.getByLabel(/^Cover image/);
    await cover.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await page.getByText('This file is not a picture: only JPEG, PNG, WebP or GIF images are allowed.').waitFor();
    assert.equal(await cover.inputValue(), '', 'the refused file is not kept');
    await cover.setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: bmp() });
    await page.getByRole('img', { name: 'Chosen picture' }).waitFor();
    await page.getByRole('button', { name: 'Add Blog' }).click();
    const said = page.locator('form [role=alert]');
    await said.filter({ hasText: 'Only JPEG, PNG, WebP or GIF images are allowed.' }).waitFor();
    await page.waitForFunction(() => { const y = window.scrollY; return new Promise((r) => requestAnimationFrame(() => r(window.scrollY === y))); });
    const bar = await page.locator('.topbar').boundingBox();
    const box = await said.boundingBox();
    assert.ok(box.y >= bar.y + bar.height && box.y + box.height <= viewport.height,
      `the reason is at ${box.y}–${box.y + box.height} px, the top bar ends at ${bar.y + bar.height} px`);
  }, { viewport });
}

adminTest('adds a blog with a cover and a picture in the text', async (page) => {
  const title = uniq('Spring SEO checklist');
  await page.goto(`${base}/admin/dashboard`);
  await page.getByRole('link', { name: 'Add Blog' }).first().click();
  await page.waitForURL(`${base}/admin/add-blog`);
  await page.getByRole('button', { name: 'Add Blog' }).click();
  await page.getByText('Title is required.').waitFor();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Category/).fill('SEO');
  assert.equal(await page.getByText(/^(Title|Category) is required\.$/).count(), 0, 'filled fields lose their messages');
  await typeInEditor(page, 'Opening paragraph of the spring checklist.');
  await page.keyboard.press('Enter');

  // The editor's image button opens the media library's picker; a new picture is uploaded there
  // with its alt text, and the text gets its URL, not base64.
  await page.getByRole('button', { name: 'Insert an image', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Insert an image' });
  await picker.locator('input[type=file]').setInputFiles(pngFile('inline.png'));
  await picker.getByLabel('Alt text').fill('A small teal square with a white stripe');
  await picker.getByRole('button', { name: 'Use this image' }).click();
  const inline = page.locator('.ql-editor img');
  await inline.waitFor();
  const src = await inline.getAttribute('src');
  assert.match(src, /^\/uploads\//, `editor image is an uploaded URL, got ${src?.slice(0, 40)}`);
  assert.equal(await inline.getAttribute('alt'), 'A small teal square with a white stripe');

  await page.getByLabel(/^Cover image/).setInputFiles(pngFile('cover.png'));
  await page.getByLabel('Meta title').fill(`${title} | Digital Reeviver`);
  await page.getByRole('button', { name: 'Add Blog' }).click();
  await toast(page, 'Blog saved! Check it in the preview section.');
  await page.waitForURL(/\/admin\/preview-blog\/[^/]+$/);
  // The toast was raised on the add screen; the preview screen's buttons, drawn after it, stay clear.
  await page.getByRole('button', { name: 'Publish' }).waitFor();
  await assertToastsClearOf(page, [page.getByRole('button', { name: 'Edit', exact: true }), page.getByRole('button', { name: 'Publish' })]);
  const slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
  const stored = await must(200, 'GET', `/api/preview-blogs/${slug}`);
  assert.equal(stored.title, title);
  assert.match(stored.image, /^\/uploads\//, 'the cover is stored');
  assert.ok(stored.content.includes(src), 'the picture in the text is stored');
});

adminTest('the preview shows the rendered page in a script-less iframe', async (page) => {
  const title = uniq('Previewed draft');
  const slug = await draftBlog({ title });
  await page.goto(`${base}/admin/preview-blog/${slug}`);
  await page.locator('.details').getByText(title, { exact: true }).waitFor();
  const frame = page.locator('iframe.preview-frame');
  await frame.waitFor();
  assert.equal(await frame.getAttribute('sandbox'), 'allow-same-origin');
  await page.frameLocator('iframe.preview-frame').getByText(title).first().waitFor({ timeout: 20000 });
});

adminTest('edits a draft and sees the change in the preview; the toasts leave the buttons clear', async (page) => {
  const slug = await draftBlog();
  await page.goto(`${base}/admin/preview-blog/${slug}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('textbox', { name: /^Content/ }).waitFor();
  await typeInEditor(page, ' Edited: book a free audit today.');
  await page.getByLabel('Meta description').fill('A short checklist for spring.');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
  await toast(page, 'Blog updated');
  await assertToastsClearOf(page, [page.getByRole('button', { name: 'Edit', exact: true }), page.getByRole('button', { name: 'Publish' }), page.locator('.topbar')]);
  await page.frameLocator('iframe.preview-frame').getByText('book a free audit today').first().waitFor({ timeout: 20000 });
  assert.equal((await must(200, 'GET', `/api/preview-blogs/${slug}`)).metaDescription, 'A short checklist for spring.');
});

adminTest('on a phone too, toasts leave the menu and the Edit and Publish buttons visible', async (page) => {
  const slug = await draftBlog();
  await page.goto(`${base}/admin/preview-blog/${slug}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
  await toast(page, 'Blog updated');
  await assertToastsClearOf(page, [
    page.getByRole('button', { name: 'Edit', exact: true }),
    page.getByRole('button', { name: 'Publish' }),
    page.getByRole('button', { name: 'Open menu' }),
  ]);
}, { viewport: { width: 390, height: 844 } });

adminTest('publishes: says it is live, stays in the admin with links to the page and the blog', async (page) => {
  const title = uniq('Published from its preview');
  const slug = await draftBlog({ title });
  await page.goto(`${base}/admin/preview-blog/${slug}`);
  const here = page.url();
  await page.getByRole('button', { name: 'Publish' }).click();
  const notice = page.locator('.live-notice');
  await notice.waitFor({ timeout: 60000 });
  const href = await notice.getByRole('link', { name: 'View on site' }).getAttribute('href');
  assert.ok(href.endsWith(`/blog/${slug}/`), `live link ${href}`);
  assert.ok((await notice.getByRole('link', { name: 'View the blog' }).getAttribute('href')).endsWith('/blog/'));
  assert.equal(await notice.getByRole('link', { name: 'Edit the live blog' }).getAttribute('href'), `/admin/edit-blog/${slug}`);
  assert.equal(page.url(), here, 'still on the preview screen');
  // Live at once, or (on a loaded machine) once the build the notice says is running is done.
  await waitForPage(`${base}/blog/`, title);
});

adminTest('the public page shows the text and the pictures of a live blog', async (page) => {
  const title = uniq('Pictures on the page');
  const inline = await upload('A small teal square with a white stripe');
  const slug = await liveBlog({
    title, image: await upload(),
    content: `<p>Opening paragraph. Edited: book a free audit today.</p><p><img src="${inline}" alt="A small teal square with a white stripe"></p>`,
  });
  await page.goto(`${base}/blog/${slug}/`);
  await page.getByText('book a free audit today').first().waitFor();
  await page.getByRole('heading', { name: title }).first().waitFor();
  const uploads = await page.evaluate(async () => {
    const imgs = [...document.images].filter((i) => i.currentSrc.includes('/uploads/') || i.src.includes('/uploads/') || i.currentSrc.includes('/assets/media/'));
    for (const img of imgs) {
      img.loading = 'eager';
      img.scrollIntoView();
      if (!img.complete) await new Promise((r) => { img.onload = r; img.onerror = r; setTimeout(r, 5000); });
    }
    return imgs.map((i) => ({ src: i.currentSrc || i.src, w: i.naturalWidth }));
  });
  assert.ok(uploads.length >= 2, `the cover and the picture in the text are on the page: ${JSON.stringify(uploads)}`);
  for (const img of uploads) assert.ok(img.w > 0, `${img.src} loaded`);
});

adminTest('edits a published blog and removes its cover', async (page) => {
  const slug = await liveBlog({ image: await upload() });
  await page.goto(`${base}/admin/edit-blog/${slug}`);
  await page.getByLabel('Focus keyword').fill('spring seo');
  await page.getByRole('button', { name: 'Update blog' }).click();
  await toast(page, 'Blog updated successfully!');
  // The cover of a live blog can go, as a live service's picture can.
  await page.getByRole('button', { name: 'Remove image' }).click();
  await toast(page, 'Image removed');
  await page.getByRole('button', { name: 'Remove image' }).waitFor({ state: 'detached' });
  const live = await (await fetch(`${base}/api/blogs/${slug}`)).json();
  assert.equal(live.image, '');
  assert.equal(live.focusKeyword, 'spring seo');
});

adminTest('an older tab cannot undo a newer edit: it offers to reload or overwrite', async (page, context) => {
  const slug = await liveBlog();
  // Tab A opens the edit screen; tab B opens it too and saves first.
  await page.goto(`${base}/admin/edit-blog/${slug}`);
  await page.getByLabel('Focus keyword').waitFor();
  const tabB = await context.newPage();
  try {
    await tabB.goto(`${base}/admin/edit-blog/${slug}`);
    await tabB.getByLabel('Focus keyword').fill('saved in tab b');
    await tabB.getByRole('button', { name: 'Update blog' }).click();
    await tabB.locator('.toasts').getByText('Blog updated successfully!').waitFor({ timeout: 15000 });
  } finally {
    await tabB.close();
  }
  // Tab A still holds the older version: its save is refused and the newest is offered.
  await page.getByLabel('Focus keyword').fill('stale from tab a');
  await page.getByRole('button', { name: 'Update blog' }).click();
  // The dialog names who saved the newer version (tab B was the same admin) and what changed.
  await confirmDialog(page, 'admin saved a newer version', 'Reload newest');
  await toast(page, 'Showing the newest version of this blog.');
  assert.equal(await page.getByLabel('Focus keyword').inputValue(), 'saved in tab b');
  // From the newest version, a save goes through.
  await page.getByLabel('Focus keyword').fill('spring seo');
  await page.getByRole('button', { name: 'Update blog' }).click();
  await toast(page, 'Blog updated successfully!');
  assert.equal((await (await fetch(`${base}/api/blogs/${slug}`)).json()).focusKeyword, 'spring seo');
});

adminTest('adds a service (slug from the title), previews and publishes it', async (page) => {
  const name = uniq('Email Campaigns');
  await page.goto(`${base}/admin/add-service`);
  await page.getByLabel(/^Title/).fill(`${name}!`);
  const serviceSlug = await page.getByLabel(/^Slug/).inputValue();
  assert.equal(serviceSlug, name.toLowerCase().replace(/\s+/g, '-'));
  await page.getByLabel(/^Category/).fill('Digital Marketing');
  await page.getByRole('textbox', { name: /^Description/ }).click();
  await page.keyboard.type('Monthly newsletters that people open.');
  await page.getByLabel(/^Image/).setInputFiles(pngFile('service.png'));
  await page.getByRole('button', { name: 'Add Service' }).click();
  await toast(page, 'Service saved! Check it in the preview section.');
  await page.waitForURL(`${base}/admin/preview-services/${serviceSlug}`);
  await page.frameLocator('iframe.preview-frame').getByText('Monthly newsletters that people open.').first().waitFor({ timeout: 20000 });

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  assert.ok(await page.getByLabel('Meta title').isDisabled(), 'meta fields are disabled on the service preview form');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Publish' }).click();
  const notice = page.locator('.live-notice');
  await notice.waitFor({ timeout: 60000 });
  const list = await notice.getByRole('link', { name: 'View the services page' }).getAttribute('href');
  assert.ok((await notice.getByRole('link', { name: 'View on site' }).getAttribute('href')).endsWith(`/${serviceSlug}/`));
  await waitForPage(list, name);
  await page.goto(list);
  await page.getByText(name).first().waitFor();
});

adminTest('edits a live service\'s meta title, description and keyword; the page carries them', async (page) => {
  const { slug } = await liveService();
  await page.goto(`${base}/admin/edit-service/${slug}`);
  await page.getByLabel(/^Category/).fill('Email');
  await page.getByLabel('Meta title').fill('Email campaigns that get opened | Digital Reeviver');
  await page.getByLabel('Meta description').fill('Newsletters written, designed and sent for you.');
  await page.getByLabel('Focus keyword').fill('email campaigns');
  await page.getByRole('button', { name: 'Update service' }).click();
  await toast(page, 'Service updated successfully!');
  await page.waitForURL(`${base}/admin/dashboard`, { timeout: 10000 });
  const html = await waitForPage(`${base}/${slug}/`, 'Email campaigns that get opened');
  assert.match(html, /<title>Email campaigns that get opened \| Digital Reeviver<\/title>/);
  assert.match(html, /<meta name="description" content="Newsletters written, designed and sent for you\.">/);
});

adminTest('deletes a draft only after the confirmation', async (page) => {
  const title = uniq('Draft to delete');
  const slug = await draftBlog({ title, category: 'Social Media' });
  await page.goto(`${base}/admin/dashboard`);
  const drafts = await panelShowing(page, '#preview-blogs', title);
  await drafts.getByText(title).waitFor();

  await drafts.getByRole('button', { name: `Delete ${title}` }).click();
  await confirmDialog(page, `Are you sure you want to delete this blog? “${title}”`, 'Cancel');
  assert.equal(await drafts.getByText(title).count(), 1, 'cancel keeps it');
  assert.equal((await api('GET', `/api/preview-blogs/${slug}`)).status, 200, 'cancel keeps it stored');

  await drafts.getByRole('button', { name: `Delete ${title}` }).click();
  await confirmDialog(page, `Are you sure you want to delete this blog? “${title}”`, 'Delete');
  await toast(page, 'Blog deleted successfully.');
  await drafts.getByText(title).waitFor({ state: 'detached' });
  assert.equal((await api('GET', `/api/preview-blogs/${slug}`)).status, 404, 'deleted');
});

adminTest('offers the categories in use, and asks before publishing a title that is already live', async (page) => {
  const title = uniq('A title already live');
  const slug = await liveBlog({ title, category: 'SEO' });
  await page.goto(`${base}/admin/add-blog`);
  const list = await page.getByLabel(/^Category/).getAttribute('list');
  await page.locator(`datalist[id="${list}"] option[value="SEO"]`).waitFor({ state: 'attached' });
  await page.getByLabel(/^Title/).fill(uniq('Second thoughts'));
  await page.getByLabel(/^Category/).fill('SEO');
  await typeInEditor(page, 'Another post.');
  await page.getByRole('button', { name: 'Add Blog' }).click();
  await page.waitForURL(/\/admin\/preview-blog\//);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Publish' }).click();
  await confirmDialog(page, `A published blog already has this title, at /blog/${slug}/: “${title}”`, 'Cancel');
  assert.equal(await page.locator('.live-notice').count(), 0, 'not published');
  const live = await (await fetch(`${base}/api/blogs`)).json();
  assert.equal(live.filter((b) => b.title === title).length, 1, 'one live blog with that title');
});

adminTest('downloads the enquiries as CSV and starts a rebuild', async (page) => {
  // An enquiry as a visitor sends it (the form is older than 2 s, the honeypot empty).
  const name = uniq('Asha Test');
  const sent = await fetch(`${base}/popup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email: 'asha@example.com', phone: '9876543210', message: 'Need SEO help', website: '', startedAt: Date.now() - 10000 }),
  });
  assert.equal(sent.status, 200);
  await page.goto(`${base}/admin/dashboard`);
  await page.locator('#enquiries').getByText(name).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  assert.ok(csv.includes(name), 'the enquiry is in the file');

  const before = (await must(200, 'GET', '/api/builds'))[0]?.id ?? 0;
  await page.getByRole('button', { name: 'Rebuild site' }).click();
  await toast(page, 'Rebuild started.');
  // The panel refreshes itself while a build runs, until the newest (the rebuild) says Done.
  const newest = page.locator('#builds li.build').first();
  await newest.getByText('full rebuild by admin').waitFor({ timeout: 15000 });
  await newest.locator('.status-ok').waitFor({ timeout: 60000 });
  const [rebuild] = await must(200, 'GET', '/api/builds');
  assert.ok(rebuild.id > before && rebuild.clean && rebuild.status === 'ok', `the rebuild: ${JSON.stringify(rebuild)}`);
});

adminTest('deleting a live service shows its build in the Builds panel without a reload', async (page) => {
  const { name, slug } = await liveService();
  await page.goto(`${base}/admin/dashboard`);
  const builds = page.locator('#builds');
  await builds.locator('li.build').first().waitFor();
  const live = await panelShowing(page, '#published-services', name);
  await live.getByRole('button', { name: `Delete ${name}` }).click();
  await confirmDialog(page, `Are you sure you want to delete this service? “${name}”`, 'Delete');
  await toast(page, 'Service deleted successfully.');
  const newest = builds.locator('li.build').first();
  await newest.getByText(`service deleted: ${slug}`).waitFor({ timeout: 15000 });
  await newest.locator('.status-ok').waitFor({ timeout: 60000 });
  assert.equal((await fetch(`${base}/${slug}/`)).status, 404, 'the page is gone');
});

adminTest('logs out after the confirmation', async (page) => {
  await login(page, PASSWORD);
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await confirmDialog(page, 'Are you sure you want to logout?', 'Log out');
  await page.waitForURL(`${base}/admin/login`);
  assert.equal(await page.evaluate(() => localStorage.getItem('adminToken')), null);
}, { signedIn: false });

adminTest('without a token the dashboard sends you to login', async (page) => {
  await page.goto(`${base}/admin/dashboard`);
  await page.waitForURL(`${base}/admin/login`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
}, { signedIn: false });

adminTest('forgot password → mailed link → reset → log in with the new password', async (page) => {
  // An admin of its own (by invitation), so the demo admin's password stays for the others.
  const username = `resetter${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await must(201, 'POST', '/api/people/invites', { email, role: 'admin' });
  const invite = await linkInMail(email, /https?:\/\/[^\s"'<>]+?\/admin\/invite\/[A-Za-z0-9._~%-]+/);
  const accepted = await fetch(`${base}/invite/accept`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: invite.pathname.split('/').pop(), username, password: 'Resetter-pass-1234' }),
  });
  assert.equal(accepted.status, 201, await accepted.text());

  await page.goto(`${base}/admin/login`);
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.waitForURL(`${base}/admin/forgot-password`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await toast(page, 'Password reset link sent to your email!');
  await page.waitForURL(`${base}/admin/login`);

  const link = await linkInMail(email, /https?:\/\/[^\s"'<>]+?\/reset-password\/[A-Za-z0-9._~%-]+/);
  const newPassword = 'E2e-new-pass-97';
  await page.goto(`${base}${link.pathname}`);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Passwords do not match!').waitFor();
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await toast(page, 'Password reset successfully!');
  await page.waitForURL(`${base}/admin/login`);
  await login(page, newPassword, username);
}, { signedIn: false });
