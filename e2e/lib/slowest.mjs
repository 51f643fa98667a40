// A node:test reporter (besides the usual one) that prints the slowest tests of the run at its
// end, so a gate that grows slower shows where: `node --test --test-reporter=spec
// --test-reporter-destination=stdout --test-reporter=./lib/slowest.mjs
// --test-reporter-destination=stdout`. SLOWEST=n prints n (default 10).
import { basename } from 'node:path';

export default async function* slowest(source) {
  const done = [];
  const parents = new Set(); // file and nesting of a test whose subtests have ended: it is a group
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file, details } = event.data;
    // A test's subtests end before it does: a group's time is theirs, not listed twice.
    const key = `${file}:${nesting}`;
    if (nesting > 0) parents.add(`${file}:${nesting - 1}`);
    if (details?.type === 'suite' || parents.delete(key) || event.data.skip) continue;
    done.push({ name, file: file ? basename(file) : '', ms: details?.duration_ms ?? 0, failed: event.type === 'test:fail' });
  }
  const n = Number(process.env.SLOWEST) || 10;
  const tests = done.sort((a, b) => b.ms - a.ms).slice(0, n);
  if (tests.length === 0) return;
  yield `\nslowest browser tests:\n`;
  for (const t of tests) yield `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.file} › ${t.name}${t.failed ? '  (failed)' : ''}\n`;
}
