// What the leads work adds to a page of the public site, gzipped (issue 26's one budget: 3 kB
// in all, loaded after the page is interactive). Two builds of the site's client bundle are
// compared: this tree's and BASE's (the tree before the leads work). For each, the chunks a post
// page loads are followed from its client script: the script and what it imports, then the code
// of the page's islands (the header and the popup) as hydration loads it, then what those
// import on demand: on every page once it is hydrated and idle (the visit's code and its
// beacon, EVERY_PAGE below), or only on a visitor's act (the popup's form when it opens, the
// sending code on a form's first focus, the search on focus, the intake's upload after a failed
// send), listed apart. Each file is gzipped on its own, as a static host
// serves it. Prints one JSON line.
//
//   node bench/leads-bytes.mjs NEW_ASSETS BASE_ASSETS
import { gzipSync } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [newDir, baseDir] = process.argv.slice(2);
const ISLANDS = ['Header', 'ContactPopup'];
// The chunks every page loads once it is hydrated and idle, without the visitor doing anything.
const EVERY_PAGE = ['attribution'];
// The chunks a visitor who opens the popup and sends loads on demand (the popup's form, the sending code).
const SENDING = ['PopupForm', 'send'];
const name = (f) => f.replace(/-[A-Za-z0-9_-]{8}\.js$/, ''); // vite names a chunk NAME-HASH8.js

function load(dir) {
  const files = readdirSync(dir);
  const text = (f) => readFileSync(join(dir, f), 'utf8');
  const gz = (f) => gzipSync(readFileSync(join(dir, f)), { level: 9 }).length;
  const statics = (f) => [...text(f).matchAll(/(?:from|import)\s*["`]\.\/([^"`]+\.js)["`]/g)].map((m) => m[1]);
  const dynamics = (f) => [...text(f).matchAll(/import\(\s*["`]\.\/([^"`]+\.js)["`]\s*\)/g)].map((m) => m[1]);
  const closure = (roots, seen = new Set()) => {
    for (const f of roots) {
      if (seen.has(f)) continue;
      seen.add(f);
      closure(statics(f), seen);
    }
    return seen;
  };
  const client = files.find((f) => /^client-.*\.js$/.test(f));
  const css = files.filter((f) => f.endsWith('.css'));
  const entry = closure([client]);
  const islands = dynamics(client).filter((f) => ISLANDS.some((n) => f.startsWith(`${n}-`)));
  const hydration = closure(islands, new Set(entry));
  // What the islands import on demand, and what that imports on demand in turn (not other islands).
  const later = new Set();
  const islandChunks = new Set(dynamics(client));
  const follow = (f) => {
    for (const d of dynamics(f)) {
      if (islandChunks.has(d) || later.has(d) || hydration.has(d)) continue;
      for (const c of closure([d], new Set())) if (!hydration.has(c) && !later.has(c)) { later.add(c); follow(c); }
    }
  };
  for (const f of hydration) follow(f);
  const sum = (set) => [...set].reduce((n, f) => n + gz(f), 0);
  const idle = [...later].filter((f) => EVERY_PAGE.includes(name(f)));
  const onDemand = Object.fromEntries([...later].filter((f) => !idle.includes(f)).map((f) => [name(f), gz(f)]));
  // A visitor who opens the popup and sends an enquiry: the page's code, the idle code, the
  // popup's form with what it imports, and the sending code (not the intake's, not the search).
  const sending = new Set([...hydration, ...idle]);
  for (const f of later) if (SENDING.includes(name(f))) closure([f], sending);
  return {
    beforeInteractive: sum(hydration),
    afterInteractive: sum(idle),
    sending: sum(sending),
    css: css.reduce((n, f) => n + gz(f), 0),
    onDemand,
  };
}

const now = load(newDir);
const base = load(baseDir);
const added = {
  beforeInteractive: now.beforeInteractive - base.beforeInteractive,
  css: now.css - base.css,
  afterInteractive: now.afterInteractive - base.afterInteractive,
};
added.total = added.beforeInteractive + added.css + added.afterInteractive;
// Everything a visitor who sends from the popup loads, against the base's same visitor.
added.sending = now.sending + now.css - (base.sending + base.css);
// What a visitor's act loads that the base did not have (the intake's upload after a failed send).
added.onDemand = Object.fromEntries(Object.entries(now.onDemand).filter(([k]) => !(k in base.onDemand)));
console.log(JSON.stringify({ now, base, added }));
