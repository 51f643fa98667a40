// Bytes a visitor downloads for one search, measured in Debian's headless Chromium over the
// DevTools protocol (encoded bytes: bodies as sent plus headers), from a cold cache: the page is
// loaded first, then counting starts and the visitor focuses the header's box and types. It
// counts the search code loaded on focus, the manifest, the chunks and the doc files.
//
//   node bench/search-bytes.mjs http://127.0.0.1:18492 out.jsonl "google ads budget" "local seo"
//
// Each query is measured twice, in a new browser context each time: typed at 150 ms a letter
// (each letter is looked up, as a visitor typing at that speed sees) and pasted (one lookup).
// The server speaks HTTP/1.1, so every response's headers (about 800 bytes for the code with the
// security headers, about 300 for the index's files) count in full; behind an HTTP/2 or HTTP/3
// CDN they are compressed to a few bytes each, which "headers" lets a reader subtract.
// SEARCH_BYTES_LOG=1 lists every request: bytes, of which headers, path, and [range] for a doc slot.
import { appendFileSync } from 'node:fs';
import { launch } from '../e2e/lib/browser.mjs';

const [base, out, ...queries] = process.argv.slice(2);
if (!base || !out || queries.length === 0) {
  console.error('usage: node bench/search-bytes.mjs BASE_URL OUT.jsonl QUERY...');
  process.exit(2);
}

const browser = await launch();
try {
  for (const q of queries) {
    for (const mode of ['typed', 'pasted']) {
      const r = await measure(q, mode);
      console.log(`${mode.padEnd(6)} ${JSON.stringify(q)}: ${(r.bytes / 1024).toFixed(1)} kB in ${r.requests} requests, of which ${(r.headers / 1024).toFixed(1)} kB HTTP/1.1 headers ` +
        `(code ${(r.code / 1024).toFixed(1)} kB, index ${(r.index / 1024).toFixed(1)} kB, docs ${(r.docs / 1024).toFixed(1)} kB), ${r.results} results shown`);
      appendFileSync(out, JSON.stringify({ query: q, mode, ...r }) + '\n');
    }
  }
} finally {
  await browser.close();
}

async function measure(q, mode) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/about/`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector('#site-search-q')?.getAttribute('role') === 'combobox');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map();
  const sizes = { bytes: 0, headers: 0, code: 0, index: 0, docs: 0, other: 0, requests: 0 };
  const headerBytes = new Map();
  const log = [];
  cdp.on('Network.responseReceivedExtraInfo', (e) => headerBytes.set(e.requestId, (e.headersText ?? '').length));
  let inflight = 0;
  let idle = () => {};
  const rangeOf = new Set(); // doc slots of the packs, read with a Range header
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    if (e.request.headers.Range || e.request.headers.range) rangeOf.add(e.requestId);
    inflight++;
  });
  const done = (e, failed) => {
    const url = urls.get(e.requestId);
    if (url === undefined) return; // began before counting did
    const n = failed ? 0 : e.encodedDataLength;
    sizes.bytes += n;
    sizes.headers += failed ? 0 : Math.min(n, headerBytes.get(e.requestId) ?? 0);
    sizes.requests++;
    const path = new URL(url).pathname;
    if (process.env.SEARCH_BYTES_LOG) log.push(`${String(n).padStart(6)} (${String(failed ? 0 : Math.min(n, headerBytes.get(e.requestId) ?? 0)).padStart(4)} headers) ${path}${rangeOf.has(e.requestId) ? ' [range]' : ''}`);
    if (path.startsWith('/assets/search/d/') || rangeOf.has(e.requestId)) sizes.docs += n;
    else if (path.startsWith('/assets/search/') || path === '/search/index.bin') sizes.index += n;
    else if (path.endsWith('.js')) sizes.code += n;
    else sizes.other += n;
    if (--inflight === 0) idle();
  };
  cdp.on('Network.loadingFinished', (e) => done(e, false));
  cdp.on('Network.loadingFailed', (e) => done(e, true));

  const box = page.locator('#site-search-q');
  await box.focus();
  if (mode === 'typed') await page.keyboard.type(q, { delay: 150 });
  else await box.fill(q);
  // The popup shows the answer to the whole query, and nothing is still loading.
  await page.waitForFunction((q) => {
    const status = document.querySelector('.site-search [role=status]')?.textContent ?? '';
    const popup = document.querySelector('.site-search__popup');
    return popup && (/\d+ results?\./.test(status) || status.startsWith('No results')) &&
      (document.querySelector('.site-search__all')?.getAttribute('href') ?? '') === '/search/?q=' + encodeURIComponent(q);
  }, q, { timeout: 30000 });
  if (inflight > 0) await new Promise((res) => { idle = res; });
  const results = await page.locator('#site-search-list [role=option]').count();
  await context.close();
  if (log.length) console.log(log.join('\n'));
  return { ...sizes, results };
}
