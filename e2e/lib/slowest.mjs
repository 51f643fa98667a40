// A node:test reporter (besides the usual one) that prints the slowest tests of the run at its
// end, so a gate that grows slower shows where: `node --test --test-reporter=spec
// --test-reporter-destination=stdout --test-reporter=./lib/slowest.mjs
// --test-reporter-destination=stdout`. SLOWEST=n prints n (default 10).
//
// A browser test's events name lib/test.mjs, where test() was called: its file is the one that
// test() noted for its name in E2E_TEST_FILES (lib/test.mjs).
import { basename } from 'node:path';
import { readFileSync } from 'node:fs';

function notedFiles() {
  const byName = new Map();
  try {
    for (const line of readFileSync(process.env.E2E_TEST_FILES, 'utf8').split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) byName.set(line.slice(tab + 1), line.slice(0, tab));
    }
  } catch {
    // not noted: the files as the events name them
  }
  return byName;
}

export default async function* slowest(source) {
  const done = [];
  // The nestings of tests whose subtests have ended: the next test of that nesting is their
  // group. (Each file's tests are reported as one block, in order; a subtest's events may name
  // another file than its group's, see above.)
  const parents = new Set();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file, details } = event.data;
    // A test's subtests end before it does: a group's time is theirs, not listed twice.
    if (nesting > 0) parents.add(nesting - 1);
    if (parents.delete(nesting) || details?.type === 'suite' || event.data.skip) continue;
    done.push({ name, file: file ? basename(file) : '', ms: details?.duration_ms ?? 0, failed: event.type === 'test:fail' });
  }
  const noted = notedFiles();
  for (const t of done) t.file = noted.get(t.name) ?? t.file;
  const n = Number(process.env.SLOWEST) || 10;
  const tests = done.sort((a, b) => b.ms - a.ms).slice(0, n);
  if (tests.length === 0) return;
  yield `\nslowest browser tests:\n`;
  for (const t of tests) yield `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file} › ${t.name}${t.failed ? '  (failed)' : ''}\n`;
}
