// The inbox with many enquiries, measured in Debian's Chromium (playwright-core from e2e/):
// how long /admin/enquiries takes from navigation until the first page of enquiries and the
// folder counts show, then the next page, a search and the spam folder; and the API calls the
// screen makes, each timed from Node. Prints one JSON line. Not a test: nothing here passes or
// fails, bench/report.mjs compares the figures with their aims.
//
//   node bench/inbox.mjs BASE_URL USERNAME PASSWORD RUNS
import { launch } from '../e2e/lib/browser.mjs';

const [base, username, password, runsArg = '5'] = process.argv.slice(2);
const runs = Number(runsArg);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const login = await fetch(`${base}/admin/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ username, password }),
});
if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
const { token } = await login.json();
const auth = { Authorization: `Bearer ${token}` };

// The API alone.
async function api(path, n = 20) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: auth });
    const body = await res.arrayBuffer();
    times.push(performance.now() - t0);
    bytes = body.byteLength;
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
  }
  return { ms: median(times), bytes };
}
const counts = await (await fetch(`${base}/popups/counts`, { headers: auth })).json();
// The search looks for the e-mail address of an enquiry of the inbox that is not the newest,
// found by text among all of them.
const [probe] = await (await fetch(`${base}/popups?limit=1&cursor=5000`, { headers: auth })).json();
const needle = probe.email.split('@')[0];
const apiFigures = {
  page: await api('/popups?limit=50'),
  counts: await api('/popups/counts'),
  search: await api(`/popups?limit=50&q=${needle}`),
  spam: await api('/popups?limit=50&status=spam'),
};

// The screen, in a fresh browser context each run (no cache, no warm JavaScript).
const browser = await launch();
const screen = { open: [], older: [], search: [], spam: [], rendered: 0, domNodes: 0 };
try {
  for (let r = 0; r < runs; r++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const page = await ctx.newPage();
    let t0 = performance.now();
    await page.goto(`${base}/admin/enquiries`);
    await page.locator('li.inbox-item').first().waitFor();
    await page.getByRole('group', { name: 'Folders' }).locator('.count').first().waitFor();
    screen.open.push(performance.now() - t0);
    screen.rendered = await page.locator('li.inbox-item').count();
    screen.domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

    t0 = performance.now();
    await page.getByRole('button', { name: 'Show older enquiries' }).click();
    await page.locator('li.inbox-item').nth(screen.rendered).waitFor();
    screen.older.push(performance.now() - t0);

    // The search waits for a pause in typing (300 ms) before it asks: that pause is counted.
    t0 = performance.now();
    await page.getByLabel('Search enquiries').fill(needle);
    await page.getByText('Showing 1 matching').waitFor();
    screen.search.push(performance.now() - t0);

    await page.getByLabel('Search enquiries').fill('');
    await page.locator('li.inbox-item').nth(1).waitFor();
    t0 = performance.now();
    await page.getByRole('group', { name: 'Folders' }).getByRole('button', { name: /^Spam/ }).click();
    await page.locator('li.inbox-item.inbox-spam').first().waitFor();
    screen.spam.push(performance.now() - t0);
    await ctx.close();
  }
} finally {
  await browser.close();
}

console.log(JSON.stringify({
  enquiries: counts.all,
  counts,
  api: apiFigures,
  runs,
  openMs: screen.open,
  olderMs: screen.older,
  searchMs: screen.search,
  spamMs: screen.spam,
  rendered: screen.rendered,
  domNodes: screen.domNodes,
}));
