// Shared harness for the browser tests: Debian's Chromium driven by playwright-core, never a
// downloaded browser, and the project's own binaries started on loopback ports.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { until } from './poll.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin');

// The tests have no network: every outside host (the contact page's map embed) fails to resolve
// at once, whatever the machine's DNS does. (They were answered by intercepting every request,
// which cost a fifth of a page walk's CPU; a test that needs an outside host, as Turnstile's
// script, still routes that one.) And no proxy: Chromium on Linux takes one from http_proxy and
// https_proxy, and a CI machine that sets them for its package mirrors would hand the outside
// hosts to a proxy that may never answer, holding every page's load event (it did: the contact
// page timed out on CI). Loopback never goes through a proxy either way.
const OFFLINE = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--no-proxy-server'];
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', ...OFFLINE];

// Playwright gives every launch a new empty profile of its own.
export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });
}

// Collects console errors and page errors of a page, so a test can assert there were none. A
// page-view beacon the server shed (429: one address reporting over 60 views a minute, as a
// test's walk through every page does) is the product working, not the page failing.
export function watchErrors(page) {
  const errors = [];
  const shedBeacon = (m) => / 429 /.test(m.text()) && /\/beacon$/.test(m.location().url);
  page.on('console', (m) => { if (m.type() === 'error' && !shedBeacon(m)) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

export function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
    s.on('error', rej);
  });
}

// A test file's temp folders (its servers' databases, sites and uploads: tens of MB a file) go
// when its process ends, after its servers were stopped; E2E_KEEP_TMP=1 keeps them to look at.
const temps = [];
process.on('exit', () => {
  if (process.env.E2E_KEEP_TMP) return;
  for (const dir of temps) {
    try { rmSync(dir, { recursive: true, force: true, maxRetries: 3 }); } catch { /* a server killed late may still write: left */ }
  }
});

export function tempDir(prefix = 'e2e-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

// Starts one of our binaries and waits until url answers. Returns {proc, stop(), output()}.
export async function startServer(cmd, args, url, { env = {}, timeoutMs = 60000 } = {}) {
  let out = '';
  const proc = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  try {
    await until(`${cmd} to answer ${url}`, async () => {
      if (proc.exitCode !== null) throw new Error(`${cmd} exited ${proc.exitCode}:\n${out}`);
      try { return (await fetch(url)).status < 500; } catch { return false; /* not up yet */ }
    }, { timeout: timeoutMs, every: 150, explain: () => out });
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  return {
    proc,
    output: () => out,
    stop: () => new Promise((res) => { if (proc.exitCode !== null) return res(); proc.once('exit', res); proc.kill('SIGTERM'); }),
  };
}
