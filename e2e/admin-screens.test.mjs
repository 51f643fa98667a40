// Every admin screen in Chromium against a real `adminapi serve --demo`, signed out, as an admin
// and as an editor, at a phone's width (390 px) and a laptop's (1280 px), in the states a user
// meets (a form's errors, an open dialog, a schedule being picked): axe-core finds no WCAG 2.2 AA
// violation, the page is no wider than the window and nothing is logged to the console. Then
// the phone layout's particular promises. E2E_SCREENSHOTS=DIR also saves each screen as
// DIR/<screen>-<width>.png, to look at.
import { test, SWEEP_TIMEOUT_MS } from './lib/test.mjs';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { watchErrors } from './lib/browser.mjs';
import { axeViolations } from './lib/axe.mjs';
import { login, withDemo } from './lib/demo.mjs';
import { until } from './lib/poll.mjs';

const WIDTHS = [{ width: 390, height: 844 }, { width: 1280, height: 900 }];
const EDITOR = { username: 'meena', password: 'Editor-pass-2026' };
const DRAFT = 'local-seo-checklist-for-clinics';
const REVIEWED = 'why-local-seo-matters-for-dental-clinics';
const SCHEDULED = 'google-business-profile-for-clinics';
const TO_PUBLISH = 'map-pack-basics-for-shops';

let demo;
let browser;
let tokens;
let published;

async function call(token, method, path, body) {
  const res = await fetch(demo.base + path, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json().catch(() => null);
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

// What the screens show: a draft, an editor's draft waiting for review, an enquiry, a webhook.
async function seed() {
  const admin = await login(demo.base);
  const { link } = await call(admin, 'POST', '/api/people/invites', { email: 'meena@example.com', role: 'editor' });
  const { token: editor } = await call('', 'POST', '/invite/accept', { token: link.split('/').pop(), ...EDITOR });
  await call(admin, 'POST', '/api/preview-blogs', { title: 'Local SEO checklist for clinics', slug: DRAFT, category: 'Local SEO', content: '<h2>Start here</h2><p>Claim your profile.</p>' });
  await call(editor, 'POST', '/api/preview-blogs', { title: 'Why local SEO matters for dental clinics', slug: REVIEWED, category: 'Local SEO', content: '<p>Patients search nearby.</p>' });
  await call(editor, 'POST', `/api/preview-blogs/${REVIEWED}/review`, { note: 'Please check the intro before it goes live.' });
  await call(admin, 'POST', '/api/preview-blogs', { title: 'Google Business Profile for clinics', slug: SCHEDULED, category: 'Local SEO', content: '<p>Photos, hours, answers.</p>' });
  await call(admin, 'POST', `/api/preview-blogs/publish/${SCHEDULED}`, { publishAt: new Date(Date.now() + 7 * 86400_000).toISOString() });
  await call(admin, 'POST', '/api/preview-blogs', { title: 'Map pack basics for shops', slug: TO_PUBLISH, category: 'Local SEO', content: '<p>Three results, one call.</p>' });
  await call('', 'POST', '/popup', { name: 'Meera Kapoor', email: 'meera@example.in', phone: '+91 98110 45672', message: 'We need a new website for our clinic.' });
  await call(admin, 'POST', '/api/webhooks', { url: 'https://crm.example.com/hooks/website', events: ['enquiry.created'], format: 'json' });
  const [blogs, services] = await Promise.all(['/api/blogs', '/api/services'].map((p) => call('', 'GET', p)));
  return { tokens: { admin, editor }, published: { blog: blogs[0].slug, service: services[0].slug } };
}

// Each screen: who opens it, where, what it waits for, and what it does before it is checked.
function screens() {
  const heading = (name) => (page) => page.getByRole('heading', { name, level: 1 }).waitFor();
  const click = (name) => (page) => page.getByRole('button', { name, exact: true }).first().click();
  return [
    { name: 'login', as: null, path: '/admin/login', ready: heading('Log in') },
    { name: 'forgot-password', as: null, path: '/admin/forgot-password', ready: heading('Forgot password') },
    { name: 'reset-password', as: null, path: '/reset-password/not-a-token', ready: heading('Choose a new password') },
    // The page asks the server about the link, which answers 400: the browser logs that.
    { name: 'invite', as: null, path: '/admin/invite/not-a-token', ready: (p) => p.getByText('This invitation is invalid or has expired.').waitFor(), console: /status of 400/ },
    { name: 'dashboard', path: '/admin/dashboard', ready: (p) => p.getByRole('heading', { name: /Awaiting your review/ }).waitFor() },
    { name: 'dashboard-confirm', path: '/admin/dashboard', ready: (p) => p.getByRole('heading', { name: /Awaiting your review/ }).waitFor(),
      then: async (p) => { await p.getByRole('button', { name: /^Delete/ }).first().click(); await p.getByRole('alertdialog').waitFor(); } },
    { name: 'account', path: '/admin/account', ready: heading('Account') },
    { name: 'add-blog', path: '/admin/add-blog', ready: heading('Add Blog') },
    { name: 'add-blog-errors', path: '/admin/add-blog', ready: heading('Add Blog'),
      then: async (p) => { await p.getByRole('button', { name: 'Add Blog' }).click(); await p.locator('.field-error').first().waitFor(); } },
    { name: 'add-service', path: '/admin/add-service', ready: heading('Add Service') },
    { name: 'preview', path: `/admin/preview-blog/${DRAFT}`, ready: heading('Preview blog') },
    { name: 'preview-schedule', path: `/admin/preview-blog/${DRAFT}`, ready: heading('Preview blog'), then: click('Schedule') },
    { name: 'preview-edit', path: `/admin/preview-blog/${DRAFT}`, ready: heading('Preview blog'), then: click('Edit') },
    { name: 'edit-blog', path: () => `/admin/edit-blog/${published.blog}`, ready: heading('Edit blog') },
    { name: 'edit-service', path: () => `/admin/edit-service/${published.service}`, ready: heading('Edit service') },
    { name: 'history', path: () => `/admin/edit-blog/${published.blog}/history`, ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'enquiries', path: '/admin/enquiries', ready: (p) => p.getByText('Meera Kapoor').first().waitFor() },
    { name: 'people', path: '/admin/people', ready: heading('People') },
    { name: 'people-invite', path: '/admin/people', ready: heading('People'), then: click('Invite someone') },
    { name: 'audit', path: '/admin/audit', ready: (p) => p.locator('table').waitFor() },
    { name: 'webhooks', path: '/admin/webhooks', ready: (p) => p.getByText('https://crm.example.com/hooks/website').waitFor() },
    { name: 'webhooks-add', path: '/admin/webhooks', ready: heading('Webhooks'), then: click('Add webhook') },
    { name: 'mail', path: '/admin/mail', ready: (p) => p.locator('table').waitFor() },
    { name: 'media', path: '/admin/media', ready: heading('Media library') },
    { name: 'media-picker', path: '/admin/add-blog', ready: heading('Add Blog'),
      then: async (p) => { await p.getByRole('button', { name: /library/i }).first().click(); await p.locator('dialog.picker').waitFor(); } },
    { name: 'redirects', path: '/admin/redirects', ready: heading('Redirects') },
    { name: 'editor-dashboard', as: 'editor', path: '/admin/dashboard', ready: heading('Dashboard') },
    { name: 'editor-preview', as: 'editor', path: `/admin/preview-blog/${REVIEWED}`, ready: heading('Preview blog') },
    { name: 'editor-redirects', as: 'editor', path: '/admin/redirects', ready: (p) => p.getByText('Only an admin may open this screen.').waitFor() },
  ];
}

// visit shows screen in page, signed in as the screen says (the admin unless it names someone;
// null: signed out): the admin keeps its token in localStorage, set on its origin before the
// screen loads.
async function visit(page, screen) {
  const token = screen.as === null ? null : tokens[screen.as ?? 'admin'];
  if (!page.url().startsWith(`${demo.base}/`)) await page.goto(`${demo.base}/admin/login`);
  await page.evaluate((t) => (t ? localStorage.setItem('adminToken', t) : localStorage.removeItem('adminToken')), token);
  await page.goto(demo.base + (typeof screen.path === 'function' ? screen.path() : screen.path));
  await screen.ready(page);
  await screen.then?.(page);
  // Settled: nothing on the screen is still loading (a screen may poll for ever, so the network
  // is never idle).
  await page.waitForFunction(() => document.querySelectorAll('.spinner').length === 0);
}

// open shows screen in a new page of context.
async function open(context, screen) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await visit(page, screen);
  return { page, errors };
}

withDemo(async (d, b) => {
  demo = d;
  browser = b;
  ({ tokens, published } = await seed());
});


// The two widths side by side (each context its own; the screens only read): most of each
// screen's time is waiting on the page, which the other width fills. One page a width goes
// from screen to screen: a new page cost Chromium about half a CPU-second, a navigation a
// tenth of one (58 screens).
test('every admin screen at 390 and 1280 px', { timeout: SWEEP_TIMEOUT_MS }, async (t) => {
  await Promise.all(WIDTHS.map((viewport) => t.test(`every admin screen at ${viewport.width} px: no WCAG 2.2 AA violation, no sideways scroll, no console error`, async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const problems = [];
    for (const screen of screens()) {
      const before = errors.length;
      await visit(page, screen);
      const violations = await axeViolations(page);
      if (violations) problems.push(`${screen.name}:\n${violations}`);
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      if (scroll > client) problems.push(`${screen.name}: the page is ${scroll} px wide in a ${client} px window`);
      const logged = errors.slice(before).filter((e) => !screen.console?.test(e));
      if (logged.length) problems.push(`${screen.name}: console errors: ${logged.join(' | ')}`);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `${screen.name}-${viewport.width}.png`), fullPage: !screen.then });
    }
    await context.close();
    assert.equal(problems.join('\n\n'), '');
  })));
});

test('on a phone, a review request reads across the card, and a toast keeps clear of the schedule form', { timeout: 120000 }, async () => {
  const context = await browser.newContext({ viewport: WIDTHS[0] });
  const { page } = await open(context, screens().find((s) => s.name === 'dashboard'));
  const box = await page.locator('#reviews .item-title').first().boundingBox();
  assert.ok(box.width > 250, `the review request's title is ${box.width} px wide`);

  // The schedule form is open when a message comes: it must not cover the form's time or buttons.
  await page.goto(`${demo.base}/admin/preview-blog/${SCHEDULED}`);
  await page.getByText(/^Scheduled to go live/).waitFor();
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const form = page.locator('.when-form');
  await form.waitFor();
  await page.getByRole('button', { name: 'Cancel the schedule' }).click();
  const shown = page.locator('.toast', { hasText: 'The scheduled publish is cancelled' });
  await shown.hover(); // held while pointed at, so the check does not race its 5 s
  let overlap = null;
  for (let frame = 0; frame < 10; frame++) {
    const [t, f] = await Promise.all([shown.boundingBox(), form.boundingBox()]);
    const apart = t.x + t.width <= f.x || f.x + f.width <= t.x || t.y + t.height <= f.y || f.y + f.height <= t.y;
    overlap = apart ? null : { toast: t, form: f };
    if (!overlap) break;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
  }
  assert.equal(overlap, null, 'the toast covers the schedule form');
  await context.close();
});

test("on a phone the rich-text editor's toolbar buttons are a finger's size (44 px) and the toolbar stays inside the screen", { timeout: 120000 }, async () => {
  const context = await browser.newContext({ viewport: WIDTHS[0], isMobile: true, hasTouch: true });
  const { page } = await open(context, screens().find((s) => s.name === 'add-blog'));
  const toolbar = page.locator('.rte .ql-toolbar');
  await toolbar.waitFor();
  const sizes = await toolbar.locator('button, .ql-picker-label').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { name: e.getAttribute('aria-label') || e.className, width: Math.round(r.width), height: Math.round(r.height) };
  }));
  assert.ok(sizes.length >= 8, `${sizes.length} toolbar controls`);
  assert.deepEqual(sizes.filter((s) => s.height < 44 || s.width < 44), [], 'toolbar controls under 44 px');
  const box = await toolbar.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= WIDTHS[0].width, `the toolbar spans ${box.x}..${box.x + box.width} px`);
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'add-blog-touch-390.png') });
  await context.close();
});

test('an editor is refused the Redirects screen before filling anything in, as on the other admin screens', { timeout: 60000 }, async () => {
  const context = await browser.newContext({ viewport: WIDTHS[1] });
  const { page } = await open(context, screens().find((s) => s.name === 'editor-redirects'));
  assert.equal(await page.locator('form, input').count(), 0, 'the editor is shown a form');
  assert.equal(await page.getByRole('link', { name: 'Redirects' }).count(), 0, "the editor's menu offers Redirects");
  await context.close();
});

test('reloading the preview of a post just published leads to the live post and its edit screen', { timeout: 120000 }, async () => {
  const context = await browser.newContext({ viewport: WIDTHS[1] });
  const { page, errors } = await open(context, { path: `/admin/preview-blog/${TO_PUBLISH}`, ready: (p) => p.getByRole('heading', { name: 'Preview blog', level: 1 }).waitFor() });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.locator('.live-notice').waitFor({ timeout: 60000 });
  await page.reload();
  await page.getByRole('heading', { name: 'Blog published', level: 1 }).waitFor();
  assert.equal(await page.getByText('Blog not found or failed to fetch.').count(), 0);
  const live = await page.getByRole('link', { name: 'View on site' }).getAttribute('href');
  assert.equal(live, `${demo.base}/blog/${TO_PUBLISH}/`);
  // The link leads to the post (once the build that publishes it is done: it may still run on a busy machine).
  await until(`${live} to answer 200`, async () => {
    const { status } = await fetch(live);
    assert.ok(status === 200 || status === 404, `the live post answers ${status}`);
    return status === 200;
  }, { timeout: 60000, every: 250 });
  await page.getByRole('link', { name: 'Edit the live blog' }).click();
  await page.getByRole('heading', { name: 'Edit blog', level: 1 }).waitFor();
  assert.equal(await page.getByLabel(/^Title/).inputValue(), 'Map pack basics for shops');
  assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  await context.close();
});
