// Starts the whole product as `make run` does (adminapi serve --demo) on a free loopback port,
// with its own temp database, output folder and uploads, and returns its address.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { BIN, freePort, launch, startServer, tempDir } from './browser.mjs';
import { until } from './poll.mjs';
import { after, before } from './test.mjs';

export const ADMIN_PASSWORD = 'e2e-Demo-Password-42';

// dir and port may be given to start the same server again (a restart over the same database);
// env adds to the server's environment.
export async function startDemo({ dir = tempDir('demo-'), port, env = {} } = {}) {
  const bin = join(BIN, 'adminapi');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run make build first`);
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(bin, [
    'serve', '--demo', '--addr', `127.0.0.1:${port}`,
    '--db', join(dir, 'site.db'), '--out', join(dir, 'dist'), '--uploads', join(dir, 'uploads'), '--content', 'content',
  ], `${base}/`, { env: { ADMIN_PASSWORD, SITE_URL: base, ADMIN_JWT_SECRET: '', ...env }, timeoutMs: 120000 });
  return { base, dir, port, server, outbox: join(dir, 'outbox') };
}

export async function login(base, username = 'admin', password = ADMIN_PASSWORD) {
  const r = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!r.ok) throw new Error(`login: ${r.status} ${await r.text()}`);
  return (await r.json()).token;
}

// untilLive takes the answer of a publish (its status and body) and returns once the page is
// live: at once on 200 (live: true), or, on 202 (the build outlasted the server's wait, as on a
// loaded machine), once GET /api/builds says the answer's build is done. Anything else, or a
// build that failed, throws.
export async function untilLive(base, token, status, answer) {
  if (status === 200 && answer?.live === true) return;
  if (status !== 202 || !answer?.build?.id) throw new Error(`publish: ${status} ${JSON.stringify(answer)}`);
  const build = await until(`build ${answer.build.id} of the publish`, async () => {
    const res = await fetch(`${base}/api/builds`, { headers: { Authorization: `Bearer ${token}` } });
    const b = (await res.json()).find((x) => x.id === answer.build.id);
    return b && b.status !== 'queued' && b.status !== 'running' && b;
  }, { timeout: 240000 });
  if (build.status !== 'ok') throw new Error(`the build of the publish failed: ${JSON.stringify(build)}`);
}

// withDemo is the start most browser test files share: the product with its demo content
// (startDemo, with options) and Debian's Chromium (launch), started before the file's tests and
// both stopped after them. take receives them once started:
//
//   let demo, browser;
//   withDemo((d, b) => { demo = d; browser = b; });
//
// What the file starts next goes in take (it may be async, and is awaited): node 20 runs a
// file's top-level before hooks side by side as they are declared, so a second hook would not
// find them started.
export function withDemo(take, options) {
  let demo, browser;
  before(async () => {
    demo = await startDemo(options);
    browser = await launch();
    await take(demo, browser);
  });
  after(async () => {
    await browser?.close();
    await demo?.server.stop();
  });
}
