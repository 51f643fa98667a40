// The parts of the enquiries' intake for the browser tests: Versity's S3 gateway with its own
// accounts (the real S3 server of the Go tests, internal/s3test), the intake bucket set up by
// `sitegen deploy --setup-intake --grant-keys` with two least-privilege keys, and a static host
// of the built site (the CDN), so the form endpoint can stop while the pages stay up.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, extname, normalize } from 'node:path';
import { homedir } from 'node:os';
import { BIN, ROOT, freePort, tempDir } from './browser.mjs';
import { until } from './poll.mjs';

// Found as internal/s3test finds it: $VERSITYGW, then PATH, then Go's install folder ($GOBIN,
// else `go env GOPATH`/bin, where scripts/setup.sh --s3 puts it: not ~/go/bin when GOPATH moved).
function versitygw() {
  const goBin = () => {
    if (process.env.GOBIN) return process.env.GOBIN;
    try { return join(execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim().split(':')[0], 'bin'); } catch { return join(homedir(), 'go', 'bin'); }
  };
  const path = (process.env.PATH || '').split(':').filter(Boolean).map((d) => join(d, 'versitygw'));
  for (const p of [process.env.VERSITYGW, ...path, join(goBin(), 'versitygw')]) {
    if (p && existsSync(p)) return p;
  }
  throw new Error('versitygw is not installed: run scripts/setup.sh --s3');
}

// Bounded as generously as the product's own servers' start (browser.mjs): 200 tries 50 ms apart
// gave the gateway about ten seconds, which a loaded machine running three test files may need.
function waitPort(port) {
  return until(`versitygw to listen on ${port}`, async () => {
    try { await fetch(`http://127.0.0.1:${port}/`); return true; } catch { return false; /* not up yet */ }
  }, { timeout: 60000, every: 50 });
}

/** Starts the gateway and makes the intake bucket for siteOrigin; answers the server env and stop(). */
export async function startIntakeBucket(siteOrigin) {
  const bin = versitygw();
  const [port, admin] = [await freePort(), await freePort()];
  const root = { id: 'e2eroot', secret: 'e2e-root-secret-0123456789' };
  const proc = spawn(bin, ['--port', `127.0.0.1:${port}`, '--admin-port', `127.0.0.1:${admin}`, '--access', root.id, '--secret', root.secret,
    '--iam-dir', tempDir('vgw-iam-'), '--quiet', 'posix', tempDir('vgw-data-')], { stdio: 'ignore', env: { ...process.env, ROOT_ACCESS_KEY: '', ROOT_SECRET_KEY: '' } });
  await waitPort(port);
  const user = (id, secret) => execFileSync(bin, ['admin', '--access', root.id, '--secret', root.secret, '--endpoint-url', `http://127.0.0.1:${admin}`,
    'create-user', '--access', id, '--secret', secret, '--role', 'user'], { stdio: 'pipe' });
  user('e2eupload', 'e2e-upload-secret-0123456789');
  user('e2edrain', 'e2e-drain-secret-0123456789');
  const env = {
    AWS_ACCESS_KEY_ID: root.id, AWS_SECRET_ACCESS_KEY: root.secret, AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    INTAKE_TARGET: 's3://intake-e2e', INTAKE_RESIGN: '30m', // the gateway holds x-amz-date to the hour
    INTAKE_UPLOAD_ACCESS_KEY_ID: 'e2eupload', INTAKE_UPLOAD_SECRET_ACCESS_KEY: 'e2e-upload-secret-0123456789',
    INTAKE_DRAIN_ACCESS_KEY_ID: 'e2edrain', INTAKE_DRAIN_SECRET_ACCESS_KEY: 'e2e-drain-secret-0123456789',
  };
  execFileSync(join(BIN, 'sitegen'), ['deploy', '--setup-intake', '--grant-keys', '--origin', siteOrigin], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
  return { env, origin: `http://127.0.0.1:${port}`, dataDir: null, stop: () => new Promise((r) => { proc.once('exit', r); proc.kill('SIGKILL'); }) };
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif', '.jpg': 'image/jpeg', '.woff2': 'font/woff2',
  '.xml': 'application/xml', '.txt': 'text/plain', '.ico': 'image/x-icon', '.bin': 'application/octet-stream' };

/** Serves the live generation of dist (a symlink, followed at each request) as a static host does. */
export async function serveStatic(dist, port) {
  port ??= await freePort();
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(realpathSync(dist), path);
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}
