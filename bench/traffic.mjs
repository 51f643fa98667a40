// The Traffic screen over a year of counts, measured in Debian's Chromium (playwright-core from
// e2e/): how long /admin/traffic takes from navigation until the 90 days' chart and tables show,
// and the API's answer for 7, 30 and 90 days, timed from Node. Prints one JSON line. Not a
// test: bench/report.mjs compares the figures with their aims.
//
//   node bench/traffic.mjs BASE_URL USERNAME PASSWORD RUNS
import { launch } from '../e2e/lib/browser.mjs';

const [base, username, password, runsArg = '5'] = process.argv.slice(2);
const runs = Number(runsArg);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const login = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
const { token } = await login.json();

const api = {};
let report;
for (const days of [7, 30, 90]) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/traffic?days=${days}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.text();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`/api/traffic?days=${days}: ${res.status} ${body}`);
    bytes = body.length;
    if (days === 90) report = JSON.parse(body);
  }
  api[days] = { ms: median(times), bytes };
}

const browser = await launch();
const open = [];
try {
  for (let r = 0; r < runs; r++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    const page = await ctx.newPage();
    const t0 = performance.now();
    await page.goto(`${base}/admin/traffic?days=90`);
    await page.getByRole('table', { name: 'Visits by day' }).waitFor({ state: 'attached' });
    await page.getByRole('table', { name: 'Landing pages' }).waitFor();
    open.push(performance.now() - t0);
    await ctx.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ runs, openMs: open, api, days90: { pageViews: report.totals.pageViews, visits: report.totals.visits,
  visitors: report.totals.visitors, enquiries: report.totals.enquiries, landingRows: report.landingPages.length } }));
