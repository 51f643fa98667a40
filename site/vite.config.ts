import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One config, two builds (see package.json):
//   vite build                                                 → dist/client (+ .vite/manifest.json for Go)
//   vite build --ssr src/entry-server.tsx --outDir dist/server → dist/server/entry-server.js
// The SSR bundle inlines react and every dependency so the render server needs nothing but node.
// The bench (bench/report.mjs) tells which source modules make up each chunk a page loads, and
// how many of its bytes each: dist/client/.vite/modules.json, chunk file → module → length.
const moduleSizes = {
  name: 'module-sizes',
  generateBundle(this: { emitFile: (f: { type: 'asset'; fileName: string; source: string }) => void }, _: unknown, bundle: Record<string, { type: string; modules?: Record<string, { renderedLength: number }> }>) {
    const sizes: Record<string, Record<string, number>> = {};
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.modules) continue;
      sizes[file] = Object.fromEntries(Object.entries(chunk.modules).map(([id, m]) => [id.replace(/^.*?\/(src|node_modules)\//, '$1/'), m.renderedLength]));
    }
    this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(sizes, null, 1) });
  },
};

// Rolldown's notice that a plugin took a large part of the build is about this machine's load,
// not the site: printed by `make run` on a busy machine, it read like a fault to a new owner.
const QUIET = { bundlerTimings: false };

// The browser's React: Preact's compatible layer (see resolve below). The component tests that
// hang on its timing (it renders in a microtask and runs effects after the next frame, where
// React runs a click's effects at once) run under it too (vitest.config.ts, *.preact.test.tsx).
export const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), moduleSizes],
  // Absolute asset URLs: pages live at /<route>/index.html, so relative URLs would break.
  base: '/',
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // The browser hydrates the islands with Preact through its React-compatible layer: the same
  // components, about a tenth of React's runtime. Pages are still rendered by react-dom/server.
  resolve: isSsrBuild
    ? {
        // renderToString only: react-dom/server would also bring the streaming renderer (half of
        // the bundle), parsed at every start of the render process for nothing.
        alias: [{ find: /^react-dom\/server$/, replacement: decodeURIComponent(new URL('./node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js', import.meta.url).pathname) }],
      }
    : {
        alias: PREACT,
      },
  ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: 'entry-server.js', format: 'es' }, checks: QUIET },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'assets',
        target: 'es2020',
        rolldownOptions: { input: 'src/client.tsx', checks: QUIET },
      },
}));
