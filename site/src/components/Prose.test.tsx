import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Prose, wrapTables } from './Prose';

const wide = '<table><thead><tr><th>Plan</th><th>Fee</th><th>Platforms</th><th>Content</th><th>Best for</th></tr></thead>'
  + '<tbody><tr><td>Starter</td><td>INR 15,000</td><td>2</td><td>12 posts</td><td>Shops</td></tr></tbody></table>';
const narrow = '<table><tr><td>a</td><td>b</td></tr></table>';

describe('Prose', () => {
  it('puts every table in a focusable, labelled region that scrolls sideways', () => {
    const { container } = render(<Prose html={`<p>Plans</p>${wide}<p>and</p>${narrow}`} className="prose--checks" />);
    const regions = container.querySelectorAll('.prose.prose--checks > .table-scroll');
    expect(regions).toHaveLength(2);
    for (const r of Array.from(regions)) {
      expect(r.getAttribute('role')).toBe('region');
      expect(r.getAttribute('tabindex')).toBe('0');
      expect(r.getAttribute('aria-label')).toMatch(/scrolls sideways/);
      expect(r.children).toHaveLength(1);
      expect(r.firstElementChild!.tagName).toBe('TABLE');
    }
    expect(container.querySelector('table')!.querySelectorAll('th')).toHaveLength(5);
  });

  it('says that a wide table swipes, and not a narrow one', () => {
    const { container } = render(<Prose html={`${wide}${narrow}`} />);
    const hints = container.querySelectorAll('.table-hint');
    expect(hints).toHaveLength(1);
    expect(hints[0].nextElementSibling!.querySelector('th')!.textContent).toBe('Plan');
    expect(hints[0].getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves HTML without tables as it is', () => {
    const html = '<p>No &lt;table&gt; here</p><pre><code>&lt;table&gt;</code></pre>';
    expect(wrapTables(html)).toBe(html);
  });
});
