import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PREACT } from './vite.config.ts';

// Most files share one jsdom document and one copy of each module (isolate: false): on two cores
// a fresh environment per file was two thirds of the run (31 s → 11 s alone). src/test/setup.ts
// clears what a test leaves behind. The islands' tests boot whole pages, whose React roots keep
// listening on window after their DOM is gone: they keep a fresh environment per file.
const ISLANDS = 'src/islands/**/*.test.{ts,tsx}';
// The tests of what hangs on the browser's timing run under Preact, as the browser's islands do
// (vite.config.ts): React flushes a click's effects at once, Preact after the next frame.
const UNDER_PREACT = 'src/**/*.preact.test.{ts,tsx}';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A test waits on events; this only bounds a hang. On two cores beside the Go and browser
    // tests, booting a whole page (islands/boot.test.tsx) passed vitest's default 5 s.
    testTimeout: 60000,
    projects: [
      { extends: true, test: { name: 'islands', include: [ISLANDS], isolate: true } },
      { extends: true, test: { name: 'components', include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ISLANDS, UNDER_PREACT], isolate: false } },
      { extends: true, resolve: { alias: PREACT }, test: { name: 'preact', include: [UNDER_PREACT], isolate: true } },
    ],
  },
});
