import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Quill from 'quill';
import { RichTextEditor, sanitizeLink } from './RichTextEditor';

describe('sanitizeLink', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http://example.com', 'http://example.com'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
    ['tel:+919999999999', 'tel:+919999999999'],
    ['/contactus', '/contactus'],
    ['javascript:alert(1)', 'about:blank'],
    ['JavaScript:alert(1)', 'about:blank'],
    ['java\tscript:alert(1)', 'about:blank'],
    ['data:text/html,<b>x</b>', 'about:blank'],
    ['sms:12345', 'about:blank'],
    ['ftp://example.com', 'about:blank'],
  ])('%j → %j', (url, want) => {
    expect(sanitizeLink(url)).toBe(want);
  });
});

describe('RichTextEditor', () => {
  it('reports semantic HTML with ordinary spaces, and "" when empty', () => {
    const changes: string[] = [];
    render(<RichTextEditor label="Content" value="<p>one two</p><ul><li>a b</li></ul>" onChange={(h) => changes.push(h)} />);
    const box = screen.getByRole('textbox', { name: 'Content' });
    expect(box.innerHTML).toContain('one two');
    const quill = Quill.find(box.parentElement!) as Quill;
    quill.insertText(0, 'Hi ', 'user');
    expect(changes.at(-1)).toBe('<p>Hi one two</p><ul><li>a b</li></ul>');
    quill.setText('', 'user');
    expect(changes.at(-1)).toBe('');
  });

  it('names every control of its toolbar, the drop-downs and their choices too', () => {
    render(<RichTextEditor label="Content" value="" onChange={() => {}} />);
    const controls = [...document.querySelectorAll('.ql-toolbar button, .ql-toolbar [role="button"]')];
    expect(controls.length).toBeGreaterThan(20);
    const unnamed = controls.filter((c) => !(c.getAttribute('aria-label') || c.textContent?.trim()));
    expect(unnamed.map((c) => c.outerHTML.slice(0, 80))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Text style' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heading 2', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Normal text', hidden: true })).toBeInTheDocument();
  });
});
