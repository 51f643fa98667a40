// Shared harness for the browser tests: Debian's Chromium driven by playwright-core, never a
// downloaded browser, and the project's own binaries started on loopback ports.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin');

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Playwright gives every launch a new empty profile of its own.
export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });
}

// Collects console errors and page errors of a page, so a test can assert there were none.
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
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

export function tempDir(prefix = 'e2e-') { return mkdtempSync(join(tmpdir(), prefix)); }

// Starts one of our binaries and waits until url answers. Returns {proc, stop(), output()}.
export async function startServer(cmd, args, url, { env = {}, timeoutMs = 60000 } = {}) {
  let out = '';
  const proc = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${cmd} exited ${proc.exitCode}:\n${out}`);
    try { const r = await fetch(url); if (r.status < 500) break; } catch { /* not up yet */ }
    if (Date.now() > deadline) { proc.kill('SIGKILL'); throw new Error(`${cmd} did not answer ${url}:\n${out}`); }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    proc,
    output: () => out,
    stop: () => new Promise((res) => { if (proc.exitCode !== null) return res(); proc.once('exit', res); proc.kill('SIGTERM'); }),
  };
}
