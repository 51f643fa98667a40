// Accessibility checks with axe-core (WCAG 2.2 AA rules), injected into the page by the test
// (through the DevTools protocol, so the page's Content-Security-Policy is untouched), never
// shipped in the app or the site.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The WCAG 2.2 AA violations on the page as it is now, one line each ("" when there are none):
// the rule, its impact and help, and the elements that break it.
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')),
  }))), TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.slice(0, 5).join(' | ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`).join('\n');
}
