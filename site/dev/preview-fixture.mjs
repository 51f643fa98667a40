// Writes dev/out/<page>.html (and dev/out/section-<name>.html) from dev/fixture.json as full HTML
// documents linking the built CSS and client script, roughly as the Go generator would.
// Run after `npm run build`; look at them through `npm run preview-serve` (module scripts need http).
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixture = JSON.parse(readFileSync(resolve(root, 'dev/fixture.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(resolve(root, 'dist/client/.vite/manifest.json'), 'utf8'));
const { renderPage } = await import(pathToFileURL(resolve(root, 'dist/server/entry-server.js')).href);
const entry = manifest['src/client.tsx'];
const outDir = resolve(root, 'dev/out');
mkdirSync(outDir, { recursive: true });

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const doc = (title, head, body) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://www.google.com">
<title>${esc(title)}</title>
<link rel="icon" href="/images/favicon.svg" type="image/svg+xml">
${(entry.css ?? []).map((c) => `<link rel="stylesheet" href="/${c}">`).join('\n')}
<script type="module" src="/${entry.file}"></script>
${head}
</head>
<body>
${body}
</body>
</html>
`;

const write = (name, page, route, props) => {
  const t0 = performance.now();
  const { head, html } = renderPage(page, props, fixture.site, route);
  writeFileSync(resolve(outDir, `${name}.html`), doc(`${name} · ${fixture.site.name}`, head, html));
  console.log(`${name}.html  ${(html.length / 1024).toFixed(1)} kB  ${(performance.now() - t0).toFixed(1)} ms`);
};

for (const [page, { route, props }] of Object.entries(fixture.pages)) write(page, page, route, props);
const sectionBase = fixture.pages.section.props;
for (const section of ['cards', 'contactquery', 'vision', 'dedicated', 'chooseus', 'testimonials', 'services',
  'whychooseservices', 'testimonialsslider', 'blogslider', 'whydigitalreeviver', 'servicesection', 'provesuccess',
  'navbar', 'floating']) {
  write(`section-${section}`, 'section', `/${section}`, { ...sectionBase, section, title: section });
}
write('blogPost-preview', 'blogPost', fixture.pages.blogPost.route, { ...fixture.pages.blogPost.props, preview: true });
write('blogList-empty', 'blogList', '/blog', { posts: [] });
