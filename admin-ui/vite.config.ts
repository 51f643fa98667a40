/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA is served by adminapi under /admin/ and embedded into the Go binary from
// internal/adminui/dist (see internal/adminui/embed.go).
// outDir is resolved against this folder (the Vite root).
const outDir = '../internal/adminui/dist';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Rolldown's notice that a plugin took a large part of the build is about the machine's
    // load, not the app: printed by `make run` on a busy machine, it read like a fault.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    // `npm run dev` against a local `adminapi serve` on :8080.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
      '/popups': 'http://127.0.0.1:8080',
      '/admin/login': { target: 'http://127.0.0.1:8080', bypass: (req) => (req.method === 'POST' ? undefined : req.url) },
      '/admin/forgot-password': { target: 'http://127.0.0.1:8080', bypass: (req) => (req.method === 'POST' ? undefined : req.url) },
      '/reset-password': { target: 'http://127.0.0.1:8080', bypass: (req) => (req.method === 'POST' ? undefined : req.url) },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The files share one jsdom document and one copy of each module: a fresh environment per
    // file was most of the run on two cores (72 s → 28 s alone, CPU 83 s → 23 s). setup.ts clears
    // what a test leaves behind (the DOM, storage, toasts' and the site info's module state).
    isolate: false,
    css: false,
    restoreMocks: true,
    // The editor screens type into Quill in jsdom; on a busy shared machine that can pass 5 s.
    testTimeout: 60000,
  },
});
