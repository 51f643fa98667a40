#!/usr/bin/env node
// The long-lived render process that the Go generator talks to.
//
// stdin : one JSON request per line  {"id":N,"page":"home","route":"/","site":{...},"props":{...}}
//         "site" may be left out: the request then means the site of the last request that had
//         one (the generator sends it only when it changes, so node parses it once a build).
// stdout: first of all the line      {"ready":true}
//         then per request either     {"id":N,"htmlBytes":H,"headBytes":D,"frame":F}  and right
//         after its newline H bytes of html and D bytes of head, raw UTF-8 (no JSON escaping: the
//         answers are most of what crosses the pipe, and escaping them and reading them back was
//         about 40 % of this process's time), or the line  {"id":N,"error":"message"}.
//         html: the page's own markup; head: <link rel="preload"> hints for the page's eager
//         images, to be written into <head> ("" when none); F: the number of the frame around the
//         html (skip link, header, footer, popup: the same on most pages). The first answer that
//         names a frame adds "beforeBytes":B,"afterBytes":A and, after the head, B bytes of the
//         markup before the page's and A bytes after it; later answers name the frame only. The
//         body is before + html + after. A frame named is always among the last 64 sent.
// stderr: logs only.
//
// Requests are answered in order. A bad line or a failing render is answered with an error line;
// the process only ends when stdin closes (after answering everything it read).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, resolve } from 'node:path';
import v8 from 'node:v8';

// V8 optimizes a function once it has run through its interrupt budget (about 66 KB of bytecode
// executed, by default). A build's render process lives a few seconds, and its optimizing
// compiler took about a fifth of the process's CPU (on threads of its own) for code that then ran
// a few hundred times more: twice the budget saved about 15 % of the CPU of a 1000-post build's
// renders and cost nothing measurable at 5000 posts (docs/BENCHMARKS.md, section 1). Set before
// the bundle is loaded, so it governs the bundle's functions.
v8.setFlagsFromString('--interrupt-budget=135168');

const here = dirname(fileURLToPath(import.meta.url));
const entryPath = process.env.RENDER_ENTRY
  ? resolve(process.env.RENDER_ENTRY)
  : resolve(here, '../dist/server/entry-server.js');

const log = (...args) => console.error('[render-server]', ...args);

let renderParts;
try {
  ({ renderParts } = await import(pathToFileURL(entryPath).href));
  if (typeof renderParts !== 'function') throw new Error(`${entryPath} exports no renderParts()`);
} catch (err) {
  log(`cannot load ${entryPath} (run "npm run build" in site/):`, err?.stack || err);
  process.exit(1);
}

const out = process.stdout;
const input = process.stdin;
let waitingForDrain = false;
let inputEnded = false;
let pending = []; // the chunks of an unfinished line (Buffers)
let served = 0;
let firstAt = 0;
let site; // the last request's site facts
const encodedFrames = new WeakMap(); // the frames sent, by frame object

function answer(line) {
  const id = typeof line.id === 'number' || typeof line.id === 'string' ? line.id : null;
  let page;
  try {
    if (typeof line.page !== 'string') throw new Error('missing "page"');
    if ('site' in line) site = line.site;
    page = renderParts(line.page, line.props ?? {}, site, typeof line.route === 'string' ? line.route : '/');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return [JSON.stringify({ id, error: typeof line.page === 'string' ? `${line.page}: ${message}` : message }) + '\n'];
  }
  // Encoded once each (their byte lengths come with the buffers), and written with the header
  // line in one writev (see the input handler's cork).
  const html = Buffer.from(String(page.body ?? '')), head = Buffer.from(String(page.head ?? ''));
  const f = page.frame;
  let parts = encodedFrames.get(f);
  if (parts) {
    return [JSON.stringify({ id, htmlBytes: html.length, headBytes: head.length, frame: f.id }) + '\n', html, head];
  }
  parts = [Buffer.from(f.before), Buffer.from(f.after)];
  encodedFrames.set(f, parts);
  return [JSON.stringify({ id, htmlBytes: html.length, headBytes: head.length, frame: f.id, beforeBytes: parts[0].length, afterBytes: parts[1].length }) + '\n',
    html, head, parts[0], parts[1]];
}

// Each answer is written as soon as it is made (no big joined string to build and re-encode);
// the answers to the requests of one input chunk leave in one writev. When stdout's buffer is
// still full after that (the reader is behind), reading stops until it drains.
function send(parts) {
  for (const data of parts) if (data.length) out.write(data);
  if (!out.writableCorked) backpressure();
}

function backpressure() {
  if (out.writableNeedDrain && !waitingForDrain) {
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
    send([JSON.stringify({ id: null, error: `bad request: ${err.message}` }) + '\n']);
    return;
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    send([JSON.stringify({ id: null, error: 'bad request: not a JSON object' }) + '\n']);
    return;
  }
  send(answer(req));
}

// Lines are cut from the raw bytes and each decoded once (a request is a few kB to a few
// hundred, arriving in chunks of up to 64 kB).
function lineOf(chunk, end) {
  if (!pending.length) return chunk.toString('utf8', 0, end);
  pending.push(chunk.subarray(0, end));
  const text = Buffer.concat(pending).toString('utf8');
  pending = [];
  return text;
}

input.on('data', (chunk) => {
  out.cork();
  let at = 0, nl;
  while ((nl = chunk.indexOf(10, at)) !== -1) {
    const text = at === 0 ? lineOf(chunk, nl) : chunk.toString('utf8', at, nl);
    at = nl + 1;
    handleLine(text);
  }
  if (at < chunk.length) pending.push(at === 0 ? chunk : chunk.subarray(at));
  out.uncork();
  backpressure();
});
input.on('end', () => {
  inputEnded = true;
  if (pending.length) handleLine(Buffer.concat(pending).toString('utf8'));
  pending = [];
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
