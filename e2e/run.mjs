// Runs the browser test files, CONCURRENCY at a time (default 3), the longest first: node --test
// takes its files in name order, and a long file started last would end the run alone. The order
// is by how long each file took on its own on 2 cores (the slowest-tests list at the end of each
// run shows when it changes); a file not listed runs after these, in name order. Each file is a
// process of its own with a limit of 10 minutes (e2e/lib/test.mjs: each test 3 unless it asks).
//
//   node run.mjs [file.test.mjs ...]     (no file: every *.test.mjs here)
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import slowest from './lib/slowest.mjs';

const LONGEST_FIRST = ['intake', 'admin-screens', 'pages', 'site', 'admin', 'editorial', 'leads', 'team', 'media', 'search', 'turnstile'];

const here = dirname(fileURLToPath(import.meta.url));
const named = process.argv.slice(2);
const files = (named.length ? named : readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort())
  .map((f) => f.replace(/^.*\//, ''))
  .sort((a, b) => rank(a) - rank(b))
  .map((f) => join(here, f));

function rank(file) {
  const i = LONGEST_FIRST.indexOf(file.replace(/\.test\.mjs$/, ''));
  return i < 0 ? LONGEST_FIRST.length : i;
}

// Where each test is, for the slowest-tests list (lib/test.mjs notes it, lib/slowest.mjs reads it).
const noted = mkdtempSync(join(tmpdir(), 'e2e-tests-'));
process.env.E2E_TEST_FILES = join(noted, 'files.tsv');
process.on('exit', () => rmSync(noted, { recursive: true, force: true }));

const stream = run({ files, concurrency: Number(process.env.CONCURRENCY) || 3, timeout: 600_000 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
stream.compose(slowest).pipe(process.stdout);
