#!/usr/bin/env node
// The long-lived render process that the Go generator talks to.
//
// stdin : one JSON request per line  {"id":N,"page":"home","route":"/","site":{...},"props":{...}}
// stdout: first of all the line      {"ready":true}
//         then per request either     {"id":N,"htmlBytes":H,"headBytes":D}  and right after its
//         newline H bytes of html and D bytes of head, raw UTF-8 (no JSON escaping: the answers
//         are most of what crosses the pipe, and escaping them and reading them back was about
//         40 % of this process's time), or the line  {"id":N,"error":"message"}.
//         html: the page body markup; head: <link rel="preload"> hints for the page's eager images,
//         to be written into <head> ("" when none).
// stderr: logs only.
//
// Requests are answered in order. A bad line or a failing render is answered with an error line;
// the process only ends when stdin closes (after answering everything it read).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const entryPath = process.env.RENDER_ENTRY
  ? resolve(process.env.RENDER_ENTRY)
  : resolve(here, '../dist/server/entry-server.js');

const log = (...args) => console.error('[render-server]', ...args);

let renderPage;
try {
  ({ renderPage } = await import(pathToFileURL(entryPath).href));
  if (typeof renderPage !== 'function') throw new Error(`${entryPath} exports no renderPage()`);
} catch (err) {
  log(`cannot load ${entryPath} (run "npm run build" in site/):`, err?.stack || err);
  process.exit(1);
}

const out = process.stdout;
const input = process.stdin;
let waitingForDrain = false;
let inputEnded = false;
let buffered = '';
let served = 0;
let firstAt = 0;

function answer(line) {
  const id = typeof line.id === 'number' || typeof line.id === 'string' ? line.id : null;
  let page;
  try {
    if (typeof line.page !== 'string') throw new Error('missing "page"');
    page = renderPage(line.page, line.props ?? {}, line.site, typeof line.route === 'string' ? line.route : '/');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return JSON.stringify({ id, error: typeof line.page === 'string' ? `${line.page}: ${message}` : message }) + '\n';
  }
  const html = String(page.html ?? ''), head = String(page.head ?? '');
  const htmlBytes = Buffer.byteLength(html), headBytes = Buffer.byteLength(head);
  const header = JSON.stringify({ id, htmlBytes, headBytes }) + '\n';
  const headerBytes = Buffer.byteLength(header);
  // One buffer, one write: the header line, then the two texts as they are.
  const buf = Buffer.allocUnsafe(headerBytes + htmlBytes + headBytes);
  let at = buf.write(header, 0);
  at += buf.write(html, at);
  buf.write(head, at);
  return buf;
}

// Each answer is written as soon as it is made (one write each: no big joined string to build and
// re-encode). When stdout's buffer is full, reading stops until it drains.
function send(data) {
  if (!out.write(data) && !waitingForDrain) {
    waitingForDrain = true;
    input.pause();
    out.once('drain', () => {
      waitingForDrain = false;
      if (!inputEnded) input.resume();
    });
  }
}

function handleLine(text) {
  if (!text.trim()) return;
  if (served++ === 0) firstAt = performance.now();
  let req;
  try {
    req = JSON.parse(text);
  } catch (err) {
    send(JSON.stringify({ id: null, error: `bad request: ${err.message}` }) + '\n');
    return;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    send(JSON.stringify({ id: null, error: 'bad request: not a JSON object' }) + '\n');
    return;
  }
  send(answer(req));
}

input.setEncoding('utf8');
input.on('data', (data) => {
  buffered += data;
  let nl;
  while ((nl = buffered.indexOf('\n')) !== -1) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    handleLine(line);
  }
});
input.on('end', () => {
  inputEnded = true;
  if (buffered) handleLine(buffered);
  buffered = '';
  if (served) log(`answered ${served} requests in ${(performance.now() - firstAt).toFixed(0)} ms`);
  // Let stdout drain, then leave.
  out.end?.();
});

out.on('error', (err) => {
  // The reader went away (EPIPE): nothing left to answer.
  log('stdout:', err.message);
  process.exit(0);
});
process.on('uncaughtException', (err) => log('uncaught:', err?.stack || err));
process.on('unhandledRejection', (err) => log('unhandled rejection:', err?.stack || err));

out.write(JSON.stringify({ ready: true }) + '\n');
log(`ready (${entryPath})`);
