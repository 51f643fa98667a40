// node:test's test and hooks with a time limit of their own. With files run as subprocesses,
// `node --test --test-timeout=N` bounds each whole FILE, and every test of the file inherits the
// same N: one number cannot both let a long file finish and catch one hung test soon. So the
// command line's limit (package.json) is the file's, well above the longest file, and a test or
// hook imported from here stops after TEST_TIMEOUT_MS unless its options ask for more or less.
// The browser test files import test, before and after from here, not from node:test.
//
// A test's events name where test() was called, which is this file: so that the list of the
// slowest tests (slowest.mjs) can say which file each is in, test() notes its caller's file and
// the test's name in the file E2E_TEST_FILES names (run.mjs sets it), a line each.
import * as nodeTest from 'node:test';
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';

export const TEST_TIMEOUT_MS = 180_000;

// A sweep (every public route or admin screen, at several sizes) asks for SWEEP_TIMEOUT_MS: its
// time is the machine's, not a hang's (each of its steps is bounded by Playwright's own limits,
// 30 s a navigation), and on CI's machine, beside two other files, the sweeps of pages.test.mjs
// took 245-268 s and a JavaScript-off sweep passed 180 s and was stopped. Below the file's limit.
export const SWEEP_TIMEOUT_MS = 480_000;

const limited = (options) => ({ timeout: TEST_TIMEOUT_MS, ...options });

export function test(name, options, fn) {
  noteFile(name);
  if (typeof options === 'function') return nodeTest.test(name, limited({}), options);
  return nodeTest.test(name, limited(options), fn);
}

export const before = (fn, options) => nodeTest.before(fn, limited(options));
export const after = (fn, options) => nodeTest.after(fn, limited(options));

// noteFile writes "file<TAB>name" for a test defined by the caller of test().
function noteFile(name) {
  if (!process.env.E2E_TEST_FILES) return;
  const caller = new Error().stack.split('\n')[3] ?? '';
  const file = caller.match(/([^/\\(]+\.test\.mjs):\d+/)?.[1];
  if (file) appendFileSync(process.env.E2E_TEST_FILES, `${file}\t${name}\n`);
}
