// A tiny loopback static server for looking at dev/out/*.html: serves dist/client (built assets and
// public/), then ../content/images for the content illustrations, then dev/out. Dev only.
// POST /popup answers like adminapi does, so the forms can be tried. Usage: node dev/serve.mjs [port]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.argv[2] || process.env.PORT || 4173);
const roots = [resolve(root, 'dist/client'), resolve(root, '../content'), resolve(root, 'dev/out')];
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.json': 'application/json', '.woff2': 'font/woff2', '.woff': 'font/woff',
};

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/popup') {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: 'Thank you! Your message has been sent. We will get back to you soon.' }));
    });
    return;
  }
  const rel = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const base of roots) {
    const file = join(base, rel);
    if (!file.startsWith(base)) continue;
    try {
      if ((await stat(file)).isFile()) {
        res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
        res.end(await readFile(file));
        return;
      }
    } catch { /* try the next root */ }
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('not found');
}).listen(port, '127.0.0.1', () => console.error(`preview on http://127.0.0.1:${port}/home.html`));
