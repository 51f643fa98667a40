// The admin journey in a real browser against a real `adminapi serve --demo`: log in, see the
// account's address, write a blog with pictures, preview the rendered page, edit, publish (staying
// in the admin), see it on the public site, edit a live service's search fields, be warned of a
// duplicate title, an older tab meeting a newer edit, delete a draft and a live service (the Builds panel following), log out, the
// guard, and a password reset through the mail outbox. Toasts are checked not to cover the
// screen's buttons at laptop and phone width.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePng } from './lib/png.mjs';
import { BIN, ROOT, freePort, launch, startServer, tempDir, watchErrors } from './lib/browser.mjs';

const PASSWORD = 'E2e-admin-pass-41';
const NEW_PASSWORD = 'E2e-new-pass-97';
const DEMO_EMAIL = 'admin@digitalreeviver.com';

let server;
let browser;
let context;
let page;
let base;
let dir;
let errors;

// ---- a small real PNG, made here (16×16, a teal square with a white stripe) ----

const PNG = makePng();
const pngFile = (name) => ({ name, mimeType: 'image/png', buffer: PNG });

// ---- helpers ----

async function toast(text) {
  await page.locator('.toasts').getByText(text, { exact: false }).first().waitFor({ timeout: 15000 });
}

async function confirmDialog(question, button) {
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
async function assertToastsClearOf(controls) {
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

async function login(password) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${base}/admin/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function typeInEditor(text) {
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

// The public page's HTML once it contains text (a rebuild makes it so shortly after an edit).
async function waitForPage(url, text) {
  const deadline = Date.now() + 30000;
  let html = '';
  while (Date.now() < deadline) {
    const res = await fetch(url);
    html = await res.text();
    if (res.ok && html.includes(text)) return html;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never contained ${text}:\n${html.slice(0, 500)}`);
}

async function waitForResetLink(outbox) {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    if (existsSync(outbox)) {
      for (const name of readdirSync(outbox).filter((n) => n.endsWith('.eml'))) {
        const text = mailText(readFileSync(join(outbox, name), 'utf8'));
        const m = text.match(/https?:\/\/[^\s"'<>]+?\/reset-password\/[A-Za-z0-9._~%-]+/);
        if (m) return new URL(m[0]);
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset link in ${outbox}`);
}

// ---- the journey ----

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
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
});

after(async () => {
  if (process.env.E2E_SERVER_LOG && server) writeFileSync(process.env.E2E_SERVER_LOG, server.output());
  await browser?.close();
  await server?.stop();
});

const title = `Spring SEO checklist ${Date.now().toString(36)}`;
let slug = '';
let liveService = { name: '', slug: '' };

test('admin journey', { timeout: 240000 }, async (outer) => {
  // Each step reports on its own; a failing one also prints what the screen and the server said.
  const t = {
    test: (name, fn) => outer.test(name, async (...args) => {
      try {
        await fn(...args);
      } catch (err) {
        const shown = await page.locator('[role=alert], .toasts').allTextContents().catch(() => []);
        console.error(`--- ${name}\nscreen: ${page.url()} ${JSON.stringify(shown)}\nserver:\n${server.output().slice(-3000)}`);
        throw err;
      }
    }),
  };
  await t.test('wrong password says Invalid credentials, the right one opens the dashboard', async () => {
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('.form-error', { hasText: 'Invalid credentials' }).waitFor();
    assert.equal(await page.getByText('Invalid credentials').count(), 1, 'said once, on the form');
    await login(PASSWORD);
    assert.ok(await page.evaluate(() => localStorage.getItem('adminToken')), 'token stored under adminToken');
    assert.equal(await page.locator('.toasts').getByText('Invalid credentials').count(), 0, 'the refusal stays behind');
  });

  await t.test('the account screen says which address is the admin\'s', async () => {
    await page.getByRole('link', { name: new RegExp(DEMO_EMAIL.replace(/[.@]/g, '\\$&')) }).click();
    await page.waitForURL(`${base}/admin/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.locator('.account-card').getByText(DEMO_EMAIL, { exact: true }).waitFor();
  });

  await t.test('adds a blog with a cover and a picture in the text', async () => {
    await page.getByRole('link', { name: 'Add Blog' }).first().click();
    await page.waitForURL(`${base}/admin/add-blog`);
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await page.getByText('Title is required.').waitFor();
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel(/^Category/).fill('SEO');
    assert.equal(await page.getByText(/^(Title|Category) is required\.$/).count(), 0, 'filled fields lose their messages');
    await typeInEditor('Opening paragraph of the spring checklist.');
    await page.keyboard.press('Enter');

    // The editor's image button opens the media library's picker; a new picture is uploaded there
    // with its alt text, and the text gets its URL, not base64.
    await page.getByRole('button', { name: 'image', exact: true }).click();
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
    await toast('Blog saved! Check it in the preview section.');
    await page.waitForURL(/\/admin\/preview-blog\/[^/]+$/);
    // The toast was raised on the add screen; the preview screen's buttons, drawn after it, stay clear.
    await page.getByRole('button', { name: 'Publish' }).waitFor();
    await assertToastsClearOf([page.getByRole('button', { name: 'Edit', exact: true }), page.getByRole('button', { name: 'Publish' })]);
    slug = decodeURIComponent(new URL(page.url()).pathname.split('/').pop());
    assert.ok(slug.length > 0);
  });

  await t.test('the preview shows the rendered page in a script-less iframe', async () => {
    await page.locator('.details').getByText(title, { exact: true }).waitFor();
    const frame = page.locator('iframe.preview-frame');
    await frame.waitFor();
    assert.equal(await frame.getAttribute('sandbox'), 'allow-same-origin');
    await page.frameLocator('iframe.preview-frame').getByText(title).first().waitFor({ timeout: 20000 });
  });

  await t.test('edits the draft and sees the change in the preview', async () => {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: /^Content/ }).waitFor();
    await typeInEditor(' Edited: book a free audit today.');
    await page.getByLabel('Meta description').fill('A short checklist for spring.');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await toast('Blog updated');
    await assertToastsClearOf([page.getByRole('button', { name: 'Edit', exact: true }), page.getByRole('button', { name: 'Publish' }), page.locator('.topbar')]);
    await page.frameLocator('iframe.preview-frame').getByText('book a free audit today').first().waitFor({ timeout: 20000 });
  });

  await t.test('on a phone too, toasts leave the menu and the Edit and Publish buttons visible', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.locator('.toasts .toast').first().waitFor({ state: 'detached', timeout: 10000 });
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
      await toast('Blog updated');
      await assertToastsClearOf([
        page.getByRole('button', { name: 'Edit', exact: true }),
        page.getByRole('button', { name: 'Publish' }),
        page.getByRole('button', { name: 'Open menu' }),
      ]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  await t.test('publishes: says it is live, stays in the admin with links to the page and the blog', async () => {
    const here = page.url();
    await page.getByRole('button', { name: 'Publish' }).click();
    const notice = page.locator('.live-notice');
    await notice.waitFor({ timeout: 60000 });
    const href = await notice.getByRole('link', { name: 'View on site' }).getAttribute('href');
    assert.ok(href.endsWith(`/blog/${slug}/`), `live link ${href}`);
    assert.ok((await notice.getByRole('link', { name: 'View the blog' }).getAttribute('href')).endsWith('/blog/'));
    assert.equal(await notice.getByRole('link', { name: 'Edit the live blog' }).getAttribute('href'), `/admin/edit-blog/${slug}`);
    assert.equal(page.url(), here, 'still on the preview screen');
    const listing = await (await fetch(`${base}/blog/`)).text();
    assert.ok(listing.includes(title), 'the blog lists it');
  });

  await t.test('the public page shows the new text and the pictures', async () => {
    await page.goto(`${base}/blog/${slug}/`);
    await page.getByText('book a free audit today').first().waitFor();
    await page.getByRole('heading', { name: title }).first().waitFor();
    const uploads = await page.evaluate(async () => {
      const imgs = [...document.images].filter((i) => i.currentSrc.includes('/uploads/') || i.src.includes('/uploads/'));
      for (const img of imgs) {
        img.loading = 'eager';
        img.scrollIntoView();
        if (!img.complete) await new Promise((r) => { img.onload = r; img.onerror = r; setTimeout(r, 5000); });
      }
      return imgs.map((i) => ({ src: i.currentSrc || i.src, w: i.naturalWidth }));
    });
    assert.ok(uploads.length > 0, 'an uploaded picture is on the page');
    for (const img of uploads) assert.ok(img.w > 0, `${img.src} loaded`);
  });

  await t.test('edits the published blog and removes its cover', async () => {
    await page.goto(`${base}/admin/edit-blog/${slug}`);
    await page.getByLabel('Focus keyword').fill('spring seo');
    await page.getByRole('button', { name: 'Update blog' }).click();
    await toast('Blog updated successfully!');
    // The cover of a live blog can go, as a live service's picture can.
    await page.getByRole('button', { name: 'Remove image' }).click();
    await toast('Image removed');
    await page.getByRole('button', { name: 'Remove image' }).waitFor({ state: 'detached' });
    const live = await (await fetch(`${base}/api/blogs/${slug}`)).json();
    assert.equal(live.image, '');
  });

  await t.test('an older tab cannot undo a newer edit: it offers to reload or overwrite', async () => {
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
    await confirmDialog('admin saved a newer version', 'Reload newest');
    await toast('Showing the newest version of this blog.');
    assert.equal(await page.getByLabel('Focus keyword').inputValue(), 'saved in tab b');
    // From the newest version, a save goes through.
    await page.getByLabel('Focus keyword').fill('spring seo');
    await page.getByRole('button', { name: 'Update blog' }).click();
    await toast('Blog updated successfully!');
  });

  await t.test('adds a service (slug from the title), previews and publishes it', async () => {
    const name = `Email Campaigns ${Date.now().toString(36)}`;
    await page.goto(`${base}/admin/add-service`);
    await page.getByLabel(/^Title/).fill(`${name}!`);
    const serviceSlug = await page.getByLabel(/^Slug/).inputValue();
    assert.equal(serviceSlug, name.toLowerCase().replace(/\s+/g, '-'));
    await page.getByLabel(/^Category/).fill('Digital Marketing');
    await page.getByRole('textbox', { name: /^Description/ }).click();
    await page.keyboard.type('Monthly newsletters that people open.');
    await page.getByLabel(/^Image/).setInputFiles(pngFile('service.png'));
    await page.getByRole('button', { name: 'Add Service' }).click();
    await toast('Service saved! Check it in the preview section.');
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
    await page.goto(list);
    await page.getByText(name).first().waitFor();
    liveService = { name: `${name}!`, slug: serviceSlug };
  });

  await t.test('edits a live service\'s meta title, description and keyword; the page carries them', async () => {
    const { slug: serviceSlug } = liveService;
    await page.goto(`${base}/admin/edit-service/${serviceSlug}`);
    await page.getByLabel(/^Category/).fill('Email');
    await page.getByLabel('Meta title').fill('Email campaigns that get opened | Digital Reeviver');
    await page.getByLabel('Meta description').fill('Newsletters written, designed and sent for you.');
    await page.getByLabel('Focus keyword').fill('email campaigns');
    await page.getByRole('button', { name: 'Update service' }).click();
    await toast('Service updated successfully!');
    await page.waitForURL(`${base}/admin/dashboard`, { timeout: 10000 });
    const html = await waitForPage(`${base}/${serviceSlug}/`, 'Email campaigns that get opened');
    assert.match(html, /<title>Email campaigns that get opened \| Digital Reeviver<\/title>/);
    assert.match(html, /<meta name="description" content="Newsletters written, designed and sent for you\.">/);
  });

  await t.test('deletes a draft only after the confirmation', async () => {
    const other = `Draft to delete ${Date.now().toString(36)}`;
    await page.goto(`${base}/admin/add-blog`);
    await page.getByLabel(/^Title/).fill(other);
    await page.getByLabel(/^Category/).fill('Social Media');
    await typeInEditor('A draft that will be deleted.');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await page.waitForURL(/\/admin\/preview-blog\//);
    await page.goto(`${base}/admin/dashboard`);
    const drafts = page.locator('#preview-blogs');
    await drafts.getByText(other).waitFor();

    await drafts.getByRole('button', { name: `Delete ${other}` }).click();
    await confirmDialog(`Are you sure you want to delete this blog? “${other}”`, 'Cancel');
    assert.equal(await drafts.getByText(other).count(), 1, 'cancel keeps it');

    await drafts.getByRole('button', { name: `Delete ${other}` }).click();
    await confirmDialog(`Are you sure you want to delete this blog? “${other}”`, 'Delete');
    await toast('Blog deleted successfully.');
    await drafts.getByText(other).waitFor({ state: 'detached' });
    await page.locator('#published-blogs').getByText(title).waitFor();
  });

  await t.test('offers the categories in use, and asks before publishing a title that is already live', async () => {
    await page.goto(`${base}/admin/add-blog`);
    const list = await page.getByLabel(/^Category/).getAttribute('list');
    await page.locator(`datalist[id="${list}"] option[value="SEO"]`).waitFor({ state: 'attached' });
    await page.getByLabel(/^Title/).fill(`Second thoughts ${Date.now().toString(36)}`);
    await page.getByLabel(/^Category/).fill('SEO');
    await typeInEditor('Another post.');
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await page.waitForURL(/\/admin\/preview-blog\//);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel(/^Title/).fill(title);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await confirmDialog(`A published blog already has this title, at /blog/${slug}/: “${title}”`, 'Cancel');
    assert.equal(await page.locator('.live-notice').count(), 0, 'not published');
    const live = await (await fetch(`${base}/api/blogs`)).json();
    assert.equal(live.filter((b) => b.title === title).length, 1, 'one live blog with that title');
  });

  await t.test('downloads the enquiries as CSV and starts a rebuild', async () => {
    // An enquiry as a visitor sends it (the form is older than 2 s, the honeypot empty).
    const sent = await fetch(`${base}/popup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Asha Test', email: 'asha@example.com', phone: '9876543210', message: 'Need SEO help', website: '', startedAt: Date.now() - 10000 }),
    });
    assert.equal(sent.status, 200);
    await page.goto(`${base}/admin/dashboard`);
    await page.locator('#enquiries').getByText('Asha Test').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    assert.match(csv, /Asha Test/);

    const builds = page.locator('#builds li.build');
    await builds.first().waitFor();
    const before = await builds.count();
    await page.getByRole('button', { name: 'Rebuild site' }).click();
    await toast('Rebuild started.');
    if (before < 8) await page.waitForFunction((n) => document.querySelectorAll('#builds li.build').length > n, before);
    // The panel refreshes itself while a build runs, until the newest says Done.
    await page.locator('#builds li.build').first().locator('.status-ok').waitFor({ timeout: 60000 });
  });

  await t.test('deleting a live service shows its build in the Builds panel without a reload', async () => {
    const { name, slug: serviceSlug } = liveService;
    await page.goto(`${base}/admin/dashboard`);
    const builds = page.locator('#builds');
    await builds.locator('li.build').first().waitFor();
    const live = page.locator('#published-services');
    await live.getByRole('button', { name: `Delete ${name}` }).click();
    await confirmDialog(`Are you sure you want to delete this service? “${name}”`, 'Delete');
    await toast('Service deleted successfully.');
    const newest = builds.locator('li.build').first();
    await newest.getByText(`service deleted: ${serviceSlug}`).waitFor({ timeout: 15000 });
    await newest.locator('.status-ok').waitFor({ timeout: 60000 });
  });

  await t.test('logs out after the confirmation', async () => {
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await confirmDialog('Are you sure you want to logout?', 'Log out');
    await page.waitForURL(`${base}/admin/login`);
    assert.equal(await page.evaluate(() => localStorage.getItem('adminToken')), null);
  });

  await t.test('without a token the dashboard sends you to login', async () => {
    await page.goto(`${base}/admin/dashboard`);
    await page.waitForURL(`${base}/admin/login`);
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
  });

  await t.test('forgot password → mailed link → reset → log in with the new password', async () => {
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL(`${base}/admin/forgot-password`);
    await page.getByLabel('Email').fill(DEMO_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await toast('Password reset link sent to your email!');
    await page.waitForURL(`${base}/admin/login`);

    const link = await waitForResetLink(join(dir, 'outbox'));
    await page.goto(`${base}${link.pathname}`);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match!').waitFor();
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast('Password reset successfully!');
    await page.waitForURL(`${base}/admin/login`);
    await login(NEW_PASSWORD);
  });

  await t.test('no script errors on the way', () => {
    // The refused sign-in is a 401 the browser logs as a failed resource; that is expected.
    const real = errors.filter((e) => !/Failed to load resource/.test(e));
    assert.deepEqual(real, []);
  });
});
