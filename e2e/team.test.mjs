// The team in a real browser against a real `adminapi serve --demo`: an admin invites an editor
// by e-mail; the editor joins through the link, writes a draft, may not publish it (403, and stays
// signed in) and submits it for review; the admin publishes it from the review queue; the audit
// log names both; the admin changes the editor's role and removes the account; the enquiry inbox
// shows a real enquiry, keeps a honeypot submission in the spam folder, marks, and erases; a mail
// that could not be sent is shown to the admin and sent again on Retry.
import { test, before, after } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, watchErrors } from './lib/browser.mjs';
import { ADMIN_PASSWORD, login, startDemo } from './lib/demo.mjs';
import { until } from './lib/poll.mjs';

let demo;
let browser;
const EDITOR_PASSWORD = 'Editor-pass-2026';
const DESKTOP = { viewport: { width: 1280, height: 900 } };

before(async () => {
  demo = await startDemo();
  browser = await launch();
});

after(async () => {
  if (process.env.E2E_SERVER_LOG && demo) writeFileSync(process.env.E2E_SERVER_LOG, demo.server.output());
  await browser?.close();
  await demo?.server.stop();
});

// Decodes a saved mail's quoted-printable body enough to find a link in it.
function mailText(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

// Waits for a mail in the outbox whose text matches re, and answers the match.
function waitForMail(re) {
  return until(`a mail matching ${re} in ${demo.outbox}`, () => {
    if (!existsSync(demo.outbox)) return null;
    for (const name of readdirSync(demo.outbox).filter((n) => n.endsWith('.eml'))) {
      const m = mailText(readFileSync(join(demo.outbox, name), 'utf8')).match(re);
      if (m) return m;
    }
    return null;
  });
}

function outboxHolds(text) {
  if (!existsSync(demo.outbox)) return false;
  return readdirSync(demo.outbox).some((n) => n.endsWith('.eml') && mailText(readFileSync(join(demo.outbox, n), 'utf8')).includes(text));
}

async function toast(page, text) {
  await page.locator('.toasts').getByText(text, { exact: false }).first().waitFor({ timeout: 15000 });
}

async function confirm(page, button) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function signIn(page, username, password) {
  await page.goto(`${demo.base}/admin/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${demo.base}/admin/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

// A call made from the page with its stored token, as the admin UI makes it.
function callAs(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('adminToken')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    [method, path, body],
  );
}

test('an admin and an editor share the work', { timeout: 240000 }, async (t) => {
  const adminCtx = await browser.newContext(DESKTOP);
  const admin = await adminCtx.newPage();
  const adminErrors = watchErrors(admin);
  const editorCtx = await browser.newContext(DESKTOP);
  const editor = await editorCtx.newPage();
  const editorErrors = watchErrors(editor);
  const title = `Local SEO for clinics ${Date.now().toString(36)}`;
  let slug = '';

  let copied = '';
  await t.test('the admin invites an editor from the People screen and copies the link', async () => {
    await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.base });
    await signIn(admin, 'admin', ADMIN_PASSWORD);
    await admin.getByRole('link', { name: 'People' }).click();
    await admin.getByRole('heading', { name: 'People', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel(/^E-mail address/).fill('ravi@example.com');
    await dialog.getByLabel(/^Editor: writes drafts/).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // The demo has no mail server: the screen says so, and hands over the link.
    const made = admin.getByRole('dialog', { name: 'Invitation made' });
    await made.getByText(/no mail server is set up: the e-mail was written to the server's outbox folder/).waitFor();
    const shown = await made.getByLabel('Invitation link').inputValue();
    assert.match(shown, /^http:\/\/127\.0\.0\.1:\d+\/admin\/invite\/[A-Za-z0-9_-]{20,}$/);
    await made.getByRole('button', { name: 'Copy' }).click();
    await made.getByText('Copied.').waitFor();
    copied = await admin.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, shown);
    await made.getByRole('button', { name: 'Done' }).click();
    await admin.getByRole('region', { name: /Pending invitations/ }).getByText('ravi@example.com').waitFor();
    // With one admin, the admin's own role and removal are locked.
    assert.equal(await admin.getByLabel('Role of admin').isDisabled(), true);
    // On a phone each account is a small card: its role and Remove are on screen, and the page
    // itself does not get wider.
    const size = admin.viewportSize();
    await admin.setViewportSize({ width: 390, height: 844 });
    try {
      const [scroll, client] = await admin.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.equal(scroll, client, 'the People page is wider than a phone');
      for (const control of [admin.getByLabel('Role of admin'), admin.getByRole('button', { name: 'Remove admin' })]) {
        const box = await control.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${await control.evaluate((e) => e.outerHTML.slice(0, 60))} is off screen at 390 px: ${JSON.stringify(box)}`);
      }
    } finally {
      await admin.setViewportSize(size);
    }
  });

  await t.test('the editor joins through the copied link; the mailed one is in the outbox', async () => {
    const [mailed] = await waitForMail(/https?:\/\/[^\s"'<>]+\/admin\/invite\/[A-Za-z0-9_-]+/);
    assert.notEqual(mailed, copied);
    const link = copied;
    await editor.goto(link);
    await editor.getByText('admin invited ravi@example.com as an editor').waitFor();
    await editor.getByLabel(/^Username/).fill('ravi');
    await editor.getByLabel(/^Password/).fill(EDITOR_PASSWORD);
    await editor.getByLabel(/^Confirm password/).fill(EDITOR_PASSWORD);
    await editor.getByRole('button', { name: 'Create my account' }).click();
    await editor.waitForURL(`${demo.base}/admin/dashboard`);
    await editor.locator('.account-link', { hasText: 'editor' }).waitFor();
    assert.match(await editor.locator('.account-link').textContent(), /ravi\s*editor\s*ravi@example\.com/i);
    // An editor's menu has no enquiries or people; the link works once.
    assert.equal(await editor.getByRole('link', { name: 'Enquiries' }).count(), 0);
    assert.equal(await editor.getByRole('link', { name: 'People' }).count(), 0);
    const again = await browser.newPage();
    for (const spent of [link, mailed]) {
      await again.goto(spent);
      await again.getByText('This invitation is invalid or has expired.').waitFor();
    }
    await again.close();
  });

  await t.test('the editor writes a draft, may not publish it, and submits it for review', async () => {
    const created = await callAs(editor, 'POST', '/api/preview-blogs', { title, content: '<p>Clinics are found nearby.</p>', category: 'SEO' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    slug = created.body.blog.slug;
    // The server refuses the publish with 403 naming the permission, and the editor stays signed in.
    const refused = await callAs(editor, 'POST', `/api/preview-blogs/publish/${slug}`, {});
    assert.equal(refused.status, 403);
    assert.equal(refused.body.permission, 'publish');

    await editor.goto(`${demo.base}/admin/preview-blog/${slug}`);
    await editor.getByRole('heading', { name: 'Preview blog' }).waitFor();
    assert.equal(await editor.getByRole('button', { name: 'Publish' }).count(), 0);
    await editor.getByRole('button', { name: 'Submit for review' }).click();
    await editor.getByLabel('Note for the admin (optional)').fill('Please check the opening line');
    await editor.locator('form').getByRole('button', { name: 'Submit for review' }).click();
    await toast(editor, 'Submitted for review.');
    await editor.getByText('Submitted for review by ravi').waitFor();
    assert.ok(await editor.evaluate(() => localStorage.getItem('adminToken')), 'the editor is still signed in');

    // A screen for admins says so instead of signing the editor out.
    await editor.goto(`${demo.base}/admin/enquiries`);
    await editor.getByText('Only an admin may open this screen.').waitFor();
    assert.ok(await editor.evaluate(() => localStorage.getItem('adminToken')));
  });

  await t.test('the admin publishes the draft from the review queue', async () => {
    await waitForMail(/ravi submitted a blog for review/);
    await admin.goto(`${demo.base}/admin/dashboard`);
    const queue = admin.locator('#reviews');
    await queue.getByText(title).waitFor();
    await queue.getByText('Please check the opening line').waitFor();
    await queue.getByRole('link', { name: `Review ${title}` }).click();
    await admin.getByText('Submitted for review by ravi').waitFor();
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.locator('.live-notice').waitFor({ timeout: 60000 });
    const live = await fetch(`${demo.base}/blog/${slug}/`);
    assert.equal(live.status, 200);
    assert.match(await live.text(), new RegExp(title));
  });

  await t.test('the audit log names both', async () => {
    await admin.goto(`${demo.base}/admin/audit`);
    await admin.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await admin.getByLabel('Kind').selectOption('blog');
    const rows = admin.locator('table.audit tbody tr');
    // Each entry is waited for in the table as it is drawn: a snapshot of its rows, taken while
    // the filtered page replaces the first one, once came back empty.
    for (const entry of [/admin\s*admin\s*publish blog/i, /ravi\s*editor\s*submit blog/i, /ravi\s*editor\s*save blog/i]) {
      await rows.filter({ hasText: entry }).filter({ hasText: slug }).first().waitFor();
    }
    await admin.getByLabel('User').fill('ravi');
    await rows.first().filter({ hasText: 'ravi' }).waitFor();
    await admin.waitForFunction(() => [...document.querySelectorAll('table.audit tbody tr')].every((r) => r.textContent.includes('ravi')));
  });

  await t.test('the admin changes the editor role, then removes the account', async () => {
    await admin.goto(`${demo.base}/admin/people`);
    await admin.getByLabel('Role of ravi').selectOption('admin');
    await toast(admin, 'ravi is now an admin.');
    // Two admins: the admin's own role is no longer locked.
    await admin.waitForFunction(() => !document.querySelector('#role-admin')?.disabled);
    await admin.getByRole('button', { name: 'Remove ravi' }).click();
    await confirm(admin, 'Remove');
    await toast(admin, 'ravi was removed.');
    // The toast comes with the answer; the list follows when it has been fetched again.
    await admin.getByRole('button', { name: 'Remove ravi' }).waitFor({ state: 'detached' });
    // The removed account's session ends at its next call: back to the login screen.
    await editor.goto(`${demo.base}/admin/dashboard`);
    await editor.waitForURL(`${demo.base}/admin/login`);
  });

  assert.deepEqual(adminErrors.filter((e) => !/status of 40[13]/.test(e)), []);
  assert.deepEqual(editorErrors.filter((e) => !/status of 40[13]/.test(e)), []);
  await adminCtx.close();
  await editorCtx.close();
});

test('the enquiry inbox', { timeout: 240000 }, async (t) => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const send = (body) => fetch(`${demo.base}/popup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const person = { name: 'Meera Kapoor', email: 'meera+leads@example.in', phone: '+91 98110 45672', message: 'We need a new website for our clinic.' };
  assert.equal((await send(person)).status, 200);
  const bot = await send({ ...person, name: 'Bot', email: 'bot@example.in', website: 'http://spam.example' });
  assert.equal(bot.status, 200, 'the bot gets the same answer');
  await waitForMail(/Meera Kapoor/);

  await t.test('a real enquiry is in the inbox, the honeypot one in spam', async () => {
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Enquiries' }).click();
    await page.getByRole('heading', { name: 'Enquiries', level: 1 }).waitFor();
    const card = page.locator('li.inbox-item', { hasText: 'Meera Kapoor' });
    await card.waitFor();
    assert.equal(await page.locator('li.inbox-item', { hasText: 'bot@example.in' }).count(), 0);
    // The reply link carries the address percent-encoded.
    assert.match(await card.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href'), /^mailto:meera%2Bleads@example\.in\?subject=/);
    await page.getByRole('group', { name: 'Folders' }).getByRole('button', { name: /^Spam/ }).click();
    await page.locator('li.inbox-item', { hasText: 'bot@example.in' }).getByText('Taken for spam: hidden field filled in.').waitFor();
  });

  await t.test('marked replied, it moves to Replied; erased, it is gone from the list, the CSV and the outbox', async () => {
    await page.getByRole('group', { name: 'Folders' }).getByRole('button', { name: /^Inbox/ }).click();
    const card = page.locator('li.inbox-item', { hasText: 'Meera Kapoor' });
    await card.getByRole('button', { name: 'Mark replied' }).click();
    await toast(page, 'Marked as replied.');
    await page.getByRole('button', { name: /^Replied 1/ }).click();
    await card.getByText('Replied', { exact: true }).waitFor();
    assert.ok(outboxHolds('Meera Kapoor'));
    await card.getByRole('button', { name: 'Erase the enquiry of Meera Kapoor' }).click();
    await confirm(page, 'Erase');
    await toast(page, 'Enquiry erased.');
    await card.waitFor({ state: 'detached' });
    const csv = await page.evaluate(async () => {
      const res = await fetch('/popups.csv?status=all', { headers: { Authorization: `Bearer ${localStorage.getItem('adminToken')}` } });
      return res.text();
    });
    assert.doesNotMatch(csv, /Meera/);
    assert.equal(outboxHolds('Meera Kapoor'), false, 'the notification copy is erased too');
  });

  assert.deepEqual(errors, []);
  await ctx.close();
});

test('mail that did not go out is shown to the admin and sent again on Retry', { timeout: 240000 }, async (t) => {
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  // The outbox cannot be written (a file stands where its folder should be): the notification
  // of the next enquiry fails and waits in the mail queue.
  const saved = `${demo.outbox}.saved`;
  if (existsSync(demo.outbox)) renameSync(demo.outbox, saved);
  writeFileSync(demo.outbox, 'not a folder');
  const person = { name: 'Kabir Sethi', email: 'kabir@example.in', phone: '+91 98110 45673', message: 'A quote for social media, please.' };
  const sent = await fetch(`${demo.base}/popup`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(person) });
  assert.equal(sent.status, 200, 'the visitor never hears of the mail');
  // Wait for the server to have tried it and stored the failure.
  const token = await login(demo.base);
  let jobs = [];
  await until('the failed notification stored', async () => {
    jobs = await (await fetch(`${demo.base}/api/mail`, { headers: { Authorization: `Bearer ${token}` } })).json();
    return jobs.some((j) => j.kind === 'enquiry' && j.status === 'retrying');
  }, { explain: () => JSON.stringify(jobs) });

  await t.test('the dashboard says a mail has not gone out, and the mail screen says why', async () => {
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByText('One e-mail has not gone out').waitFor();
    await page.getByRole('link', { name: 'See the outgoing mail' }).click();
    await page.getByRole('heading', { name: 'Outgoing mail', level: 1 }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'Enquiry notification' }).first();
    await row.getByText('Not sent yet').waitFor();
    assert.match(await row.textContent(), /not a directory/);
  });

  await t.test('mended, Retry sends it at once', async () => {
    unlinkSync(demo.outbox);
    if (existsSync(saved)) renameSync(saved, demo.outbox);
    const row = page.locator('tbody tr', { hasText: 'Enquiry notification' }).first();
    await row.getByRole('button', { name: /^Retry the enquiry notification/ }).click();
    await toast(page, 'The mail will be sent again now.');
    // The demo has no mail server: the mail is written to the outbox folder, and the screen says
    // so rather than "Sent" (nobody received it).
    await row.getByText('In the outbox folder', { exact: true }).waitFor({ timeout: 20000 });
    await page.getByText(/No mail server is set up \(SMTP_URL\)/).waitFor();
    await waitForMail(/Kabir Sethi/);
    assert.equal(await page.locator('.count-alert').count(), 0, 'nothing is left unsent');
  });

  assert.deepEqual(errors, []);
  await ctx.close();
});
