// Reads the raw numbers bench/run.sh left in OUT and prints the per-section detail and the one
// markdown table; with a DOC path, rewrites the table and the machine block between the markers
// of docs/BENCHMARKS.md.
//
//   node bench/report.mjs OUT SITE_DIR [DOC]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const [outDir, siteDir, docPath] = process.argv.slice(2);
const read = (f) => fs.readFileSync(path.join(outDir, f), 'utf8');
const exists = (f) => fs.existsSync(path.join(outDir, f));
const jsonl = (f) => (exists(f) ? read(f).split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const sec = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3)) + ' s';
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1)) + ' ms';
const mib = (kib) => (kib / 1024).toFixed(0) + ' MiB';
const kb = (b) => (b / 1000).toFixed(1) + ' kB';
const pct = (x) => (100 * x).toFixed(1) + ' %';
const ok = (b) => (b ? '✓' : '✗');

const rows = []; // [section, figure, result, aim, met]
const detail = [];
const machine = exists('machine.txt') ? read('machine.txt').trim() : '';
const samples = jsonl('samples.jsonl');
const by = (label) => samples.filter((s) => s.label === label);
// The 1-minute load average as each run started: a figure measured beside other work says so.
const loads = (runs) => runs.map((s) => (s.load ?? NaN).toFixed(1)).join(' ');

// 1. Full builds, against Hugo with two shells: the heavy one (bench/hugo, about our page's
// weight) and the light one (bench/hugo-light). The aim is the same against both.
const sizes = [...new Set(samples.filter((s) => s.label.startsWith('ours-')).map((s) => Number(s.label.slice(5))))];
const pageBytes = jsonl('page-bytes.jsonl');
let bigFull = NaN;
for (const n of sizes) {
  const ours = by(`ours-${n}`);
  const builtLines = exists(`ours-${n}.log`) ? read(`ours-${n}.log`).split('\n').filter(Boolean) : [];
  const pages = Number((builtLines[0] || '').match(/built (\d+) pages/)?.[1] || NaN);
  const oWall = median(ours.map((s) => s.wall)), oCPU = median(ours.map((s) => s.user + s.sys));
  const oMem = median(ours.map((s) => s.peakTree));
  if (n === sizes[sizes.length - 1]) bigFull = oWall;
  const bytes = pageBytes.find((p) => p.n === n);
  const peers = [];
  let met = true;
  for (const [label, name] of [['hugolight', 'light'], ['hugo', 'heavy']]) {
    const hugo = by(`${label}-${n}`);
    if (!hugo.length) continue;
    const hugoLog = exists(`${label}-${n}.log`) ? read(`${label}-${n}.log`) : '';
    const hugoPages = Number(hugoLog.match(/(\d+) html files/)?.[1] || NaN);
    const hugoAliases = Number(hugoLog.match(/(\d+) alias pages/)?.[1] || 0);
    const hWall = median(hugo.map((s) => s.wall)), hMem = median(hugo.map((s) => s.peakTree));
    const pairs = ours.map((s, i) => (hugo[i] ? s.wall / hugo[i].wall : NaN)).filter((x) => !isNaN(x));
    const cpuPairs = ours.map((s, i) => (hugo[i] ? (s.user + s.sys) / (hugo[i].user + hugo[i].sys) : NaN)).filter((x) => !isNaN(x));
    const ratio = median(pairs), cpuRatio = median(cpuPairs);
    const hCPU = median(hugo.map((s) => s.user + s.sys));
    if (label === 'hugolight') met &&= ratio <= 0.7 && cpuRatio <= 0.7;
    const kB = bytes ? `, ${(bytes[label] / 1000).toFixed(1)} kB a post` : '';
    peers.push(`Hugo ${name} (${hugoPages} pages + ${hugoAliases} alias pages${kB}) ${sec(hWall)}, CPU ${sec(hCPU)}, ${mib(hMem)}: **÷ ${ratio.toFixed(2)}** (CPU ÷ ${cpuRatio.toFixed(2)})`);
    detail.push(`full build ${n} vs Hugo ${name}: hugo wall ${hugo.map((s) => s.wall.toFixed(2)).join(' ')} s, cpu ${hugo.map((s) => (s.user + s.sys).toFixed(2)).join(' ')} s,` +
      ` peak ${hugo.map((s) => mib(s.peakTree)).join(' ')}; paired ratios ${pairs.map((x) => x.toFixed(2)).join(' ')}`);
  }
  rows.push(['1', `Full build, ${n} posts (${pages} pages + ${n} redirect pages${bytes ? `, ${(bytes.ours / 1000).toFixed(1)} kB a post` : ''})`,
    `ours ${sec(oWall)}, ${Math.round(pages / oWall)} pages/s, CPU ${sec(oCPU)}, ${mib(oMem)} peak; ${peers.join('; ')}`,
    'wall and CPU ≤ 0.7 of the light Hugo\'s', ok(met && peers.length === 2)]);
  detail.push(`full build ${n}: ours wall ${ours.map((s) => s.wall.toFixed(2)).join(' ')} s, cpu ${ours.map((s) => (s.user + s.sys).toFixed(2)).join(' ')} s, peak ${ours.map((s) => mib(s.peakTree)).join(' ')}; load ${loads(ours)}`);
}

// 1b. Scale: one clean build of each size, pages/s and peak memory; linear when pages/s holds.
const scaleSizes = [...new Set(samples.filter((s) => s.label.startsWith('scale-')).map((s) => Number(s.label.slice(6))))].sort((a, b) => a - b);
if (scaleSizes.length) {
  const parts = [];
  let maxMem = 0, rates = [];
  for (const n of scaleSizes) {
    const runs = by(`scale-${n}`);
    const built = exists(`scale-${n}.log`) ? read(`scale-${n}.log`) : '';
    const pages = Number(built.match(/built (\d+) pages/)?.[1] || NaN);
    const wall = median(runs.map((s) => s.wall)), mem = median(runs.map((s) => s.peakTree));
    maxMem = Math.max(maxMem, mem);
    rates.push(pages / wall);
    parts.push(`${n}: ${sec(wall)} (CPU ${sec(median(runs.map((s) => s.user + s.sys)))}), ${Math.round(pages / wall)} pages/s, ${mib(mem)}`);
    detail.push(`scale ${n} (${pages} pages): wall ${runs.map((s) => s.wall.toFixed(2)).join(' ')} s, cpu ${runs.map((s) => (s.user + s.sys).toFixed(2)).join(' ')} s, peak ${runs.map((s) => mib(s.peakTree)).join(' ')}; load ${loads(runs)}`);
  }
  // Linear: the largest size keeps at least 80 % of the smallest size's pages per second.
  const linear = rates[rates.length - 1] >= 0.8 * rates[0];
  rows.push(['1b', `Scale, one clean build of each size (posts: time, pages/s, peak memory of Go and node)`, parts.join('; '),
    'linear (pages/s held), < 1 GiB at 50,000', ok(linear && maxMem < 1024 * 1024 && scaleSizes.includes(50000))]);
}

// 2. No-change rebuild.
const big = sizes[sizes.length - 1];
const nc = by(`nochange-${big}`);
if (nc.length) {
  const lines = exists('nochange.log') ? read('nochange.log').split('\n').filter(Boolean) : [];
  const rendered = lines.map((l) => Number(l.match(/\((\d+) rendered/)?.[1]));
  const w = median(nc.map((s) => s.wall));
  rows.push(['2', `No-change rebuild, ${big} posts`, `${sec(w)} (${pct(w / bigFull)} of the full build), ${Math.max(...rendered)} pages rendered`,
    '0 pages, < 10 %', ok(Math.max(...rendered) === 0 && w / bigFull < 0.1)]);
  detail.push(`no-change: wall ${nc.map((s) => s.wall.toFixed(3)).join(' ')} s; rendered ${rendered.join(' ')}`);
}

// 3. Publish latency, on every size: it should grow with the pages a change touches, not with
// the size of the site.
// Publish is measured on the full-build sizes and on the scale section's larger sites; each is
// compared with the clean build of its own size (section 1, else 1b).
const fullWall = (n) => median((by(`ours-${n}`).length ? by(`ours-${n}`) : by(`scale-${n}`)).map((s) => s.wall));
const pubSizes = fs.existsSync(outDir) ? fs.readdirSync(outDir).map((f) => f.match(/^publish-(\d+)\.jsonl$/)?.[1]).filter(Boolean).map(Number).sort((a, b) => a - b) : [];
const pubParts = [], pubMedians = [];
let pubMet = true;
for (const n of pubSizes) {
  const pub = jsonl(`publish-${n}.jsonl`);
  if (!pub.length) continue;
  const live = pub.map((p) => p.live);
  const m = median(live), worst = Math.max(...live);
  const rendered = median(pub.map((p) => Number(p.pagesRendered)));
  pubParts.push(`${n} posts: median ${sec(m)} (${pct(m / fullWall(n))} of its full build), worst ${sec(worst)}, ${rendered} pages rendered`);
  pubMedians.push(m);
  pubMet = pubMet && m / fullWall(n) < 0.05;
  detail.push(`publish ${n}: live ${live.map((x) => x.toFixed(3)).join(' ')} s; build ms ${pub.map((p) => p.buildMs).join(' ')}; rendered ${pub.map((p) => p.pagesRendered).join(' ')}`);
}
if (pubParts.length) {
  // Flat: the largest site's median publish within 1.5 times the smallest's.
  const flat = pubMedians[pubMedians.length - 1] <= 1.5 * pubMedians[0];
  rows.push(['3', `Publish → page served (${jsonl(`publish-${pubSizes[0]}.jsonl`).length} publishes a size)`, pubParts.join('; ') +
    (pubMedians.length > 1 ? `; largest ÷ smallest ${(pubMedians[pubMedians.length - 1] / pubMedians[0]).toFixed(1)}` : ''),
    '< 5 % of a full build, flat in site size (largest ≤ 1.5 × smallest)', ok(pubMet && flat && pubSizes.length > 1)]);
}

// 4. Form endpoint.
const wrkJSON = (f) => (exists(f) ? JSON.parse(read(f).match(/WRKJSON (.*)/)?.[1] || 'null') : null);
const form = wrkJSON('wrk-form.txt'), noop = wrkJSON('wrk-noop.txt');
if (form && noop) {
  const counts = JSON.parse(read('form-count.json'));
  const ok200 = form.statuses['200'] || 0;
  const other = form.requests - ok200;
  // wrk stops with up to one request in flight per connection: those were answered (and stored)
  // after it stopped counting. So: stored = 200s the server sent, and wrk's 200s ≤ stored ≤ +32.
  const durable = counts.stored === counts.served200 && counts.stored >= ok200 && counts.stored - ok200 <= 32;
  rows.push(['4', 'Form endpoint (POST /popup, wrk 2 threads × 32 connections)',
    `${Math.round(form.rps)} req/s, p50 ${ms(form.p50ms)}, p99 ${ms(form.p99ms)}; no-op GET /healthz ${Math.round(noop.rps)} req/s, p50 ${ms(noop.p50ms)}, p99 ${ms(noop.p99ms)}; ` +
    `${ok200} × 200 seen by wrk (${other} other), ${counts.served200} sent, ${counts.stored} stored`,
    'every 200 stored', ok(durable && other === 0)]);
  detail.push(`form: ${JSON.stringify(form)}\nnoop: ${JSON.stringify(noop)}\ncount: ${JSON.stringify(counts)}`);
}

// 7. Site search: the index's build time and what a visitor downloads per query.
const searchSizes = fs.existsSync(outDir) ? fs.readdirSync(outDir).map((f) => f.match(/^search-index-(\d+)\.json$/)?.[1]).filter(Boolean).map(Number).sort((a, b) => a - b) : [];
for (const n of searchSizes) {
  const ix = JSON.parse(read(`search-index-${n}.json`));
  const full = median(ix.fullMs.length ? ix.fullMs : [ix.firstMs]);
  const pub = median(ix.publishMs);
  const pubFiles = Math.max(...ix.publishFiles);
  rows.push(['7', `Search index, ${n} posts (${ix.pages} pages)`,
    `full ${ms(full)} (first in a fresh process ${ms(ix.firstMs)}), ${ix.files} files, index ${kb(ix.indexBytes)} + doc files ${kb(ix.bytes - ix.indexBytes)}; ` +
    `publish ${ms(pub)} median, ${pubFiles} files and ≤ ${kb(Math.max(...ix.publishBytes))} written, ${ix.publishMerges} merges in ${ix.publishMs.length}`,
    'publish writes ≤ 5 files', ok(pubFiles <= 5)]);
  detail.push(`search index ${n}: ${JSON.stringify(ix)}`);
  const q = jsonl(`search-bytes-${n}.jsonl`);
  if (q.length) {
    const worst = Math.max(...q.map((r) => r.bytes));
    const parts = q.filter((r) => r.mode === 'typed').map((r) => `“${r.query.length > 24 ? r.query.slice(0, 22) + '…' : r.query}” ${kb(r.bytes)}`);
    const pasted = q.filter((r) => r.mode === 'pasted');
    rows.push(['8', `Search, bytes per query, ${n} posts (Chromium, cold cache, code included)`,
      `typed at 150 ms a letter: ${parts.join(', ')}; pasted: median ${kb(median(pasted.map((r) => r.bytes)))}, worst ${kb(Math.max(...pasted.map((r) => r.bytes)))}; ` +
      `code ${kb(median(q.map((r) => r.code)))}`,
      '≤ 100 kB', ok(worst <= 100000)]);
    detail.push(`search bytes ${n}: ${q.map((r) => `${r.mode} ${JSON.stringify(r.query)} ${r.bytes} B (code ${r.code}, index ${r.index}, docs ${r.docs}, ${r.requests} requests, ${r.results} results)`).join('; ')}`);
  }
}

// 10. The enquiry inbox in Chromium.
if (exists('inbox.json')) {
  const ib = JSON.parse(read('inbox.json'));
  const open = median(ib.openMs);
  rows.push(['10', `Enquiry inbox, ${ib.enquiries} enquiries, opened in Chromium (${ib.runs} runs)`,
    `open ${ms(open)} (${ib.rendered} rendered, ${ib.domNodes} DOM nodes), next page ${ms(median(ib.olderMs))}, search ${ms(median(ib.searchMs))} (with its 300 ms typing pause), spam folder ${ms(median(ib.spamMs))}; ` +
    `API: a page ${ms(ib.api.page.ms)} (${kb(ib.api.page.bytes)}), counts ${ms(ib.api.counts.ms)}, search of all ${ms(ib.api.search.ms)}`,
    'open < 1 s', ok(open < 1000)]);
  detail.push(`inbox: open ${ib.openMs.map((x) => x.toFixed(0)).join(' ')} ms; older ${ib.olderMs.map((x) => x.toFixed(0)).join(' ')} ms; ` +
    `search ${ib.searchMs.map((x) => x.toFixed(0)).join(' ')} ms; spam ${ib.spamMs.map((x) => x.toFixed(0)).join(' ')} ms; counts ${JSON.stringify(ib.counts)}; api ${JSON.stringify(ib.api)}`);
}

// 12. Where leads come from: the beacon endpoint, enquiries beside a beacon flood, a year of
// counts, the Traffic screen, and what the leads work adds to a page.
const beacon = wrkJSON('wrk-beacon.txt');
if (exists('beacons-rate.json')) {
  const r = JSON.parse(read('beacons-rate.json'));
  const counted = r.statuses['204'] || 0;
  rows.push(['12', `Beacon endpoint at ${r.rate.toLocaleString('en')} a second (benchtool beacons: a constant rate, latency from when each was due, 20,000 visitors)`,
    `${Math.round(r.rps)} answered a second, ${counted} of ${r.sent} counted (204), p50 ${ms(r.p50ms)}, p99 ${ms(r.p99ms)}, worst ${ms(r.maxms)}`,
    '≥ 1,000/s, p99 < 50 ms', ok(r.rps >= 0.98 * r.rate && counted === r.sent && r.p99ms < 50)]);
  detail.push(`beacons at a rate: ${JSON.stringify(r)}`);
}
if (beacon) {
  const counted = beacon.statuses['204'] || 0;
  rows.push(['12', 'Beacon endpoint, the most it takes (wrk 2 threads × 32 connections, as fast as it answers, flood limit lifted)',
    `${Math.round(counted / beacon.seconds)} beacons/s counted (${counted} × 204, ${beacon.requests - counted} other), p50 ${ms(beacon.p50ms)}, p99 ${ms(beacon.p99ms)} (saturated: a queue)`,
    '—', '']);
  detail.push(`beacon: ${JSON.stringify(beacon)}`);
}
const alone = wrkJSON('wrk-popup-alone.txt'), beside = wrkJSON('wrk-popup-flood.txt'), flood = wrkJSON('wrk-flood.txt');
if (alone && beside && flood) {
  const ratio = beside.p99ms / alone.p99ms;
  const shed = (flood.statuses['429'] || 0) / flood.requests;
  const stored = (x) => x.statuses['200'] || 0;
  rows.push(['12', 'POST /popup beside a beacon flood (popup 1 × 16 connections; flood 1 × 64, shed past 2,000/s)',
    `p99 ${ms(alone.p99ms)} alone, ${ms(beside.p99ms)} beside the flood (**× ${ratio.toFixed(2)}**); ${Math.round(alone.rps)} → ${Math.round(beside.rps)} enquiries/s, ` +
    `${stored(beside)} of ${beside.requests} taken; flood ${Math.round(flood.rps)} beacons/s, ${pct(shed)} shed (429)`,
    'p99 ≤ 1.5 × alone, every enquiry taken', ok(ratio <= 1.5 && stored(beside) === beside.requests)]);
  detail.push(`popup alone: ${JSON.stringify(alone)}\npopup beside the flood: ${JSON.stringify(beside)}\nflood: ${JSON.stringify(flood)}`);
}
if (exists('traffic-year.json')) {
  const y = JSON.parse(read('traffic-year.json'));
  const grown = y.bytesAfter - y.bytesEmpty;
  rows.push(['12', `A year of a busy site: ${y.days} days × ${y.viewsPerDay.toLocaleString('en')} page views over ${y.paths} pages, ${y.enquiries} enquiries`,
    `the database grew ${(grown / 1e6).toFixed(1)} MB (${y.flushes} writes, the last ${Math.min(y.flushes, 1667)} at a live server's pace); simulated in ${sec(y.seconds)}`,
    '≤ 200 MB', ok(grown <= 200e6)]);
  detail.push(`traffic year: ${JSON.stringify(y)}`);
}
if (exists('traffic-screen.json')) {
  const t = JSON.parse(read('traffic-screen.json'));
  const open = median(t.openMs);
  rows.push(['12', `Traffic screen over that year, 90 days, opened in Chromium (${t.runs} runs)`,
    `open ${ms(open)}; API ${ms(t.api[7].ms)} (7 days), ${ms(t.api[30].ms)} (30), ${ms(t.api[90].ms)} (90, ${kb(t.api[90].bytes)})`,
    'open < 1 s', ok(open < 1000)]);
  detail.push(`traffic screen: ${JSON.stringify(t)}`);
}
if (exists('leads-bytes.json')) {
  const b = JSON.parse(read('leads-bytes.json'));
  const a = b.added;
  rows.push(['12', 'What the leads work adds to a page, gzipped (against the site bundle before it)',
    `${kb(a.total)}: ${kb(a.afterInteractive)} loaded on every page once it is hydrated and idle (the visit's code and its beacon), ` +
    `${kb(a.beforeInteractive)} with the islands' code as hydration loads it (the forms' line, retries, country default), ${kb(a.css)} of styles; ` +
    `on a visitor's act only: ${Object.entries(a.onDemand || {}).map(([k, v]) => `${k} ${kb(v)}`).join(', ') || 'nothing new'}`,
    '≤ 3 kB for all the leads work (issue 26)', ok(a.total <= 3000)]);
  detail.push(`leads bytes: ${JSON.stringify(b)}`);
}

// 10b. Enquiries queued in the intake bucket while the form server was down.
if (exists('intake.json')) {
  const it = JSON.parse(read('intake.json'));
  rows.push(['10b', `${it.enquiries} enquiries queued in the intake bucket (the form server down) → all in the inbox`,
    `${sec(it.seconds)} from the server's start, ${it.perSecond.toFixed(0)} enquiries/s (each validated, stored once with its mail job, then deleted from the bucket)`,
    'within a minute', ok(it.seconds < 60)]);
  detail.push(`intake: ${JSON.stringify(it)}`);
}

// 11. Responsive images: upload → variants, and the image bytes of a post page.
const uploads = jsonl('media-upload.jsonl').filter((r) => r.upload !== undefined);
if (uploads.length) {
  const later = uploads.slice(1).map((r) => r.variantsMs / 1000);
  rows.push(['11', `Upload → responsive variants, 1600×1000 PNG (${uploads[0].variants} files: AVIF, WebP, PNG × 4 widths)`,
    `first in a fresh server ${sec(uploads[0].variantsMs / 1000)} (compiles the encoders), then median ${sec(median(later))} of ${later.length}; the upload itself answers in ${ms(median(uploads.map((r) => r.uploadMs)))} median`,
    'made in the background, before a publish needs them', ok(later.length === 0 || median(later) < 60)]);
  detail.push(`media uploads: ${uploads.map((r) => JSON.stringify(r)).join(' ')}`);
}
const imgBytes = jsonl('media-bytes.jsonl');
if (imgBytes.length) {
  rows.push(['11', 'Image bytes of a post page (cover + one image in the text, one 1600 px upload), Chromium, cold cache',
    imgBytes.map((r) => `${r.device} ${r.viewport}: ${kb(r.bytes)} instead of ${kb(r.original)} (${pct(r.saved)} saved; ${r.chosen.map((c) => c.split('/').pop()).join(', ')})`).join('; '),
    'less than half', ok(imgBytes.every((r) => r.saved > 0.5))]);
  const made = exists('media-made.txt') ? Number(read('media-made.txt').trim()) : NaN;
  rows.push(['11', 'Images encoded by the uploads plus a full rebuild afterwards', `${made} for ${uploads.length} uploads${made === uploads.length ? ': the rebuild made none' : ''}`,
    'one per upload', ok(made === uploads.length)]);
}

// 5 and 6. Page weight and Lighthouse.
const lhDir = path.join(outDir, 'lighthouse');
const pageNames = ['home', 'post', 'landing', 'contact', 'home-h1', 'home-raw'];
if (fs.existsSync(lhDir)) {
  const gzCache = new Map();
  const gz = (url) => {
    const u = new URL(url);
    let p = decodeURIComponent(u.pathname);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(siteDir, p);
    if (!gzCache.has(file)) {
      try {
        const data = fs.readFileSync(file);
        gzCache.set(file, { raw: data.length, gz: zlib.gzipSync(data, { level: 6 }).length });
      } catch {
        gzCache.set(file, null);
      }
    }
    return gzCache.get(file);
  };
  const weights = [];
  const scores = [];
  for (const p of pageNames) {
    const runs = fs.readdirSync(lhDir).filter((f) => new RegExp(`^${p}-\\d+\\.json$`).test(f)).sort((a, b) => parseInt(a.slice(p.length + 1)) - parseInt(b.slice(p.length + 1))).map((f) => {
      try { return JSON.parse(fs.readFileSync(path.join(lhDir, f), 'utf8')); } catch { return null; }
    }).filter((r) => r && r.categories && !r.runtimeError && Object.values(r.categories).every((c) => c.score !== null));
    if (!runs.length) continue;
    const cat = (id) => median(runs.map((r) => r.categories[id]?.score ?? NaN));
    const perfs = runs.map((r) => r.categories.performance?.score ?? NaN);
    const clss = runs.map((r) => r.audits['cumulative-layout-shift'].numericValue);
    const lcps = runs.map((r) => r.audits['largest-contentful-paint'].numericValue);
    const tbts = runs.map((r) => r.audits['total-blocking-time'].numericValue);
    const s = { page: p, perf: cat('performance'), a11y: cat('accessibility'), bp: cat('best-practices'), seo: cat('seo'),
      lcp: median(lcps), perfs, tbts, tbtMax: Math.max(...tbts),
      tbt: median(tbts),
      cls: median(clss),
      runs: runs.length, perfMin: Math.min(...perfs), perfMax: Math.max(...perfs), clsMin: Math.min(...clss), clsMax: Math.max(...clss),
      lcpMin: Math.min(...lcps), lcpMax: Math.max(...lcps),
      url: runs[0].finalDisplayedUrl || runs[0].finalUrl };
    scores.push(s);
    const failing = new Set();
    for (const r of runs) for (const c of Object.values(r.categories)) for (const a of c.auditRefs) {
      const x = r.audits[a.id];
      if (a.weight > 0 && x.score !== null && x.score < 1 && c.id !== 'performance') failing.add(`${c.id}/${a.id}`);
    }
    detail.push(`lighthouse ${p} (${s.url}): ` + runs.map((r) => Object.values(r.categories).map((c) => c.score).join('/')).join('  ') +
      `; LCP ${ms(s.lcp)}, TBT ${ms(s.tbt)}, CLS ${s.cls.toFixed(3)}; per run CLS ${clss.map((x) => x.toFixed(3)).join(' ')}, LCP ${lcps.map((x) => ms(x)).join(' ')}, TBT ${tbts.map((x) => ms(x)).join(' ')}` +
      (failing.size ? `; failing: ${[...failing].join(', ')}` : ''));

    if (p === 'home-raw' || p === 'home-h1') continue; // the same files as home's
    const origin = new URL(s.url).origin;
    const reqs = runs[0].audits['network-requests'].details.items.filter((i) => i.url.startsWith(origin));
    const w = { page: p, html: 0, css: 0, js: 0, font: 0, img: 0, jsFiles: [] };
    for (const r of reqs) {
      const t = r.resourceType;
      const size = ['Document', 'Stylesheet', 'Script'].includes(t) ? gz(r.url)?.gz ?? r.transferSize : r.transferSize;
      if (t === 'Document') w.html += size;
      else if (t === 'Stylesheet') w.css += size;
      else if (t === 'Script') { w.js += size; w.jsFiles.push(`${new URL(r.url).pathname} ${kb(size)}`); }
      else if (t === 'Font') w.font += size;
      else if (t === 'Image') w.img += size;
    }
    weights.push(w);
    detail.push(`weight ${p}: html ${kb(w.html)}, css ${kb(w.css)}, js ${kb(w.js)} gzipped (fonts ${kb(w.font)}, images ${kb(w.img)} as sent); js: ${w.jsFiles.join(', ')}`);
  }
  if (weights.length) {
    // A post has nothing interactive but the header, the popup and the floating widget: its
    // scripts are the entry (the React runtime and island loader) and those islands' chunks.
    const post = weights.find((w) => w.page === 'post');
    const islandJS = post ? post.jsFiles.filter((f) => !/\/client-[^/]*\.js /.test(f)) : [];
    const entry = post ? post.jsFiles.find((f) => /\/client-[^/]*\.js /.test(f)) : undefined;
    rows.push(['5', 'Page weight, gzipped HTML + CSS + JS (images and fonts apart)',
      weights.map((w) => `${w.page} ${kb(w.html)} + ${kb(w.css)} + ${kb(w.js)}`).join('; ') +
        (post ? `; a post (nothing interactive but header, popup, widget) ships ${kb(post.js)} of JS: the entry ${entry?.split(' ').slice(1).join(' ')} (React runtime) and ${islandJS.length} island chunks` : ''),
      'only what header, popup, widget need (≤ 30 kB)', ok(post && post.js < 30000)]);
  }
  if (scores.length) {
    // Every run counts, not only the median: a page at the edge passes one run and fails the next.
    const spread = (lo, hi, f) => (f(lo) === f(hi) ? f(lo) : `${f(lo)}–${f(hi)}`);
    const two = (x) => x.toFixed(2);
    const served = scores.filter((s) => s.page !== 'home-raw' && s.page !== 'home-h1');
    const others = served.filter((s) => s.page !== 'home');
    const met = served.every((s) => s.a11y === 1 && s.bp === 1 && s.seo === 1) && others.every((s) => s.perf >= 0.99);
    rows.push(['6', `Lighthouse 12, mobile, served gzipped over HTTP/2 as a CDN serves it (performance of each of the ${served[0]?.runs} runs, then the medians of performance / accessibility / best practices / SEO)`,
      served.map((s) => `${s.page}: ${s.perfs.map(two).join(' ')} → ${two(s.perf)} / ${two(s.a11y)} / ${two(s.bp)} / ${two(s.seo)}`).join('; '),
      'home as below; every other page ≥ 0.99 performance; 1 / 1 / 1', ok(met)]);
    const home = scores.find((s) => s.page === 'home');
    if (home) {
      rows.push(['6', `Home, ${home.runs} Lighthouse runs: performance, total blocking time, LCP, layout shift`,
        `performance ${home.perfs.map(two).join(' ')} (median ${two(home.perf)}); TBT ${spread(Math.min(...home.tbts), home.tbtMax, (x) => x.toFixed(0))} ms (median ${home.tbt.toFixed(0)}); LCP ${spread(home.lcpMin / 1000, home.lcpMax / 1000, (x) => x.toFixed(2))} s (median ${(home.lcp / 1000).toFixed(2)}); layout shift ${spread(home.clsMin, home.clsMax, (x) => x.toFixed(3))}`,
        'median ≥ 0.99, each run ≥ 0.97; TBT < 50 ms; LCP ≤ 1.2 s; layout shift < 0.01',
        ok(home.runs >= 5 && home.perf >= 0.99 && home.perfMin >= 0.97 && home.tbt < 50 && home.lcp <= 1200 && home.clsMax < 0.01)]);
    }
    const h1 = scores.find((s) => s.page === 'home-h1');
    if (h1) {
      // Not an aim of its own: the same files from one server without a CDN, where every page's
      // LCP has the floor of the extra connections (a post's too).
      rows.push(['6', `Home from the server itself (plain HTTP/1.1, gzipped, no CDN), ${h1.runs} Lighthouse runs`,
        `performance ${h1.perfs.map(two).join(' ')} (median ${two(h1.perf)}); TBT median ${h1.tbt.toFixed(0)} ms; LCP ${spread(h1.lcpMin / 1000, h1.lcpMax / 1000, (x) => x.toFixed(2))} s (median ${(h1.lcp / 1000).toFixed(2)})`,
        'each run ≥ 0.97', ok(h1.perfMin >= 0.97)]);
    }
    const raw = scores.find((s) => s.page === 'home-raw');
    if (raw) {
      rows.push(['6', `Home served without compression (Accept-Encoding: identity), ${raw.runs} Lighthouse runs`,
        `performance ${raw.perfs.map(two).join(' ')} (median ${two(raw.perf)}); TBT median ${raw.tbt.toFixed(0)} ms; LCP median ${(raw.lcp / 1000).toFixed(2)} s`,
        'each run ≥ 0.95', ok(raw.perfMin >= 0.95)]);
    }
  }
  leadsBudget();
}

// 2. What the leads work adds to a page (issue 26.2): the gzipped bytes of the chunks a page
// loads that hold the leads modules (the share of each chunk that is theirs, by the lengths the
// client build records in .vite/modules.json), and when the first of them was asked for.
function leadsBudget() {
  const modulesPath = path.join(outDir, 'site', 'dist', 'client', '.vite', 'modules.json');
  if (!fs.existsSync(modulesPath)) return;
  const chunks = JSON.parse(fs.readFileSync(modulesPath, 'utf8'));
  const leads = new RegExp(process.env.BENCH_LEADS_MODULES ||
    '(^|/)(attribution|visit|beacon|intake|AttributionNotice|PhoneField|country|retry)[^/]*\\.(t|j)sx?$', 'i');
  const intake = /(^|\/)intake[^/]*\.(t|j)sx?$/i;
  const parts = [];
  let met = true;
  for (const p of ['home', 'post', 'landing', 'contact']) {
    const file = path.join(lhDir, `${p}-1.json`);
    if (!fs.existsSync(file)) continue;
    const run = JSON.parse(fs.readFileSync(file, 'utf8'));
    const load = run.audits.metrics?.details?.items?.[0]?.observedLoad ?? NaN;
    const origin = new URL(run.finalDisplayedUrl || run.finalUrl).origin;
    let bytes = 0, first = Infinity, intakeLoaded = false;
    for (const r of run.audits['network-requests'].details.items) {
      if (r.resourceType !== 'Script' || !r.url.startsWith(origin)) continue;
      const name = new URL(r.url).pathname.slice(1);
      const mods = chunks[name];
      if (!mods) continue;
      const total = Object.values(mods).reduce((a, b) => a + b, 0);
      const theirs = Object.entries(mods).filter(([id]) => leads.test(id)).reduce((a, [, n]) => a + n, 0);
      intakeLoaded ||= Object.keys(mods).some((id) => intake.test(id));
      if (!theirs) continue;
      const data = fs.readFileSync(path.join(outDir, 'site', 'dist', 'client', name));
      bytes += zlib.gzipSync(data, { level: 6 }).length * (theirs / total);
      first = Math.min(first, r.networkRequestTime ?? r.startTime ?? Infinity);
    }
    const after = first === Infinity ? 'none loaded' : `first asked for ${(first - load).toFixed(0)} ms after the load event`;
    parts.push(`${p} ${kb(bytes)} (${after}${intakeLoaded ? ', intake code loaded' : ''})`);
    met &&= bytes <= 3000 && (first === Infinity || first >= load) && !intakeLoaded;
  }
  if (parts.length) {
    rows.push(['2', 'What the leads work adds to a page: gzipped bytes of its modules (beacon, attribution, retries, country default, intake) a page loads',
      parts.join('; '), '≤ 3 kB, after the page has loaded; no intake code before a send fails', ok(met)]);
  }
}

// 7. Deploys to the local S3 server.
const deployLines = (f) => (exists(f) ? read(f).split('\n').filter(Boolean) : []);
const uploadedOf = (l) => (/nothing changed/.test(l) ? 0 : Number(l.match(/: (\d+) uploaded/)?.[1] ?? NaN));
const bytesOf = (l) => l.match(/uploaded \(([^)]*)\)/)?.[1] ?? '?';
const dFull = samples.filter((s) => s.label.startsWith('deploy-full-'));
if (dFull.length) {
  const n = dFull[0].label.slice('deploy-full-'.length);
  const full = deployLines('deploy-full.log'), same = deployLines('deploy-nochange.log'), post = deployLines('deploy-post.log');
  const fullW = median(dFull.map((s) => s.wall));
  rows.push(['7', `Deploy, full upload of the ${n}-post site to an S3 server on loopback`,
    `${sec(fullW)}, ${uploadedOf(full[0] || '')} objects (${bytesOf(full[0] || '')}), ${mib(median(dFull.map((s) => s.peakTree)))} peak`, '—', '']);
  const nc = by(`deploy-nochange-${n}`);
  const ncW = median(nc.map((s) => s.wall));
  const ncUp = Math.max(...same.map(uploadedOf));
  rows.push(['7', `Deploy, unchanged redeploy, ${n} posts`, `${sec(ncW)}, ${ncUp} objects uploaded`, '0 uploads', ok(ncUp === 0)]);
  const b = by(`deploy-post-build-${n}`), d = by(`deploy-post-${n}`);
  const total = b.map((s, i) => s.wall + (d[i]?.wall ?? NaN)).filter((x) => !isNaN(x));
  const ups = post.map(uploadedOf);
  rows.push(['7', `One new post → on the store, ${n} posts (sitegen build + sitegen deploy)`,
    `median ${sec(median(total))} (build ${sec(median(b.map((s) => s.wall)))} + deploy ${sec(median(d.map((s) => s.wall)))}), ${median(ups)} objects uploaded`,
    '< 2 s, only what changed', ok(median(total) < 2 && Math.max(...ups) < 20)]);
  detail.push(`deploy full: wall ${dFull.map((s) => s.wall.toFixed(2)).join(' ')} s; ${full.join(' | ')}`);
  detail.push(`deploy unchanged: wall ${nc.map((s) => s.wall.toFixed(3)).join(' ')} s`);
  detail.push(`deploy one post: build ${b.map((s) => s.wall.toFixed(3)).join(' ')} s, deploy ${d.map((s) => s.wall.toFixed(3)).join(' ')} s; ${post.join(' | ')}`);
}

// 7b. Publish → on the store, through adminapi serve --deploy-to.
const pubStore = jsonl('publish-store.jsonl');
if (pubStore.length) {
  const n = samples.find((s) => s.label.startsWith('deploy-full-'))?.label.slice('deploy-full-'.length) ?? '?';
  const live = pubStore.map((p) => p.live);
  const dep = pubStore.map((p) => p.deploy || {});
  const m = median(live);
  rows.push(['7', `Publish → on the store, ${n} posts (adminapi serve --deploy-to, ${pubStore.length} publishes)`,
    `median ${sec(m)}, worst ${sec(Math.max(...live))}; build ${ms(median(pubStore.map((p) => Number(p.buildMs) - (p.deploy?.ms ?? 0))))} + deploy ${ms(median(dep.map((d) => d.ms ?? NaN)))}, ${median(dep.map((d) => d.uploaded ?? NaN))} objects uploaded`,
    '< 2 s', ok(m < 2)]);
  detail.push(`publish → store: live ${live.map((x) => x.toFixed(3)).join(' ')} s; deploy ms ${dep.map((d) => d.ms).join(' ')}; uploaded ${dep.map((d) => d.uploaded).join(' ')}`);
}

const table = ['| # | figure | today | aim | met |', '|---|---|---|---|---|',
  ...rows.sort((a, b) => Number(a[0]) - Number(b[0])).map((r) => `| ${r.join(' | ')} |`)].join('\n');
console.log(detail.join('\n'));
console.log('\n' + table + '\n');
console.log(machine.split('\n').map((l) => '  ' + l).join('\n'));

if (docPath) {
  const start = '<!-- bench:start -->', end = '<!-- bench:end -->';
  let doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, 'utf8') : `# Benchmarks\n\n${start}\n${end}\n`;
  if (!doc.includes(start)) doc += `\n${start}\n${end}\n`;
  const block = `${start}\n${table}\n\nMeasured by \`make bench\`:\n\n\`\`\`\n${machine}\n\`\`\`\n${end}`;
  doc = doc.slice(0, doc.indexOf(start)) + block + doc.slice(doc.indexOf(end) + end.length);
  fs.writeFileSync(docPath, doc);
  console.log(`\nupdated ${docPath}`);
}
