import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import Quill from 'quill';
import { isExternalLink, RichTextEditor, sanitizeLink } from './RichTextEditor';

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

describe('isExternalLink', () => {
  const site = ['admin.example.com', 'www.digitalreeviver.com'];
  it.each([
    ['https://support.google.com/business', true],
    ['http://example.org/x', true],
    ['//cdn.example.org/x', true],
    ['https://digitalreeviver.com/blog/', false],
    ['https://WWW.DigitalReeviver.com/contactus/', false],
    ['https://admin.example.com/admin/', false],
    ['/contactus/', false],
    ['#faq', false],
    ['mailto:hello@example.com', false],
    ['tel:+919999999999', false],
  ])('%j → %j', (href, want) => {
    expect(isExternalLink(href, site)).toBe(want);
  });
});

// jsdom lays nothing out: Quill's selection asks a range where it is.
Range.prototype.getBoundingClientRect ??= () => DOMRect.fromRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;

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
    // By the names a person knows them by, not Quill's format names ("list: ordered").
    for (const name of ['Bold', 'Strikethrough', 'Numbered list', 'Bulleted list', 'Quote', 'Decrease indent', 'Insert an image']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Text colour red', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Highlight pale yellow', hidden: true })).toBeInTheDocument();
  });

  it('lets Tab and Shift+Tab move the focus out of the text, not write a tab into it', () => {
    const changes: string[] = [];
    render(<RichTextEditor label="Content" value="<p>Hello</p><ul><li>item</li></ul>" onChange={(h) => changes.push(h)} />);
    const box = screen.getByRole('textbox', { name: 'Content' });
    const quill = Quill.find(box.parentElement!) as Quill;
    for (const [index, shiftKey] of [[0, false], [7, false], [7, true]] as const) {
      quill.setSelection(index, 0);
      const tab = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      box.dispatchEvent(tab);
      expect(tab.defaultPrevented).toBe(false); // the browser moves the focus
    }
    expect(changes).toEqual([]);
    expect(quill.getText()).toBe('Hello\nitem\n');
  });

  it("keeps a paste's structure and table but not its colours, fonts or sizes; the toolbar's colours stay", () => {
    const changes: string[] = [];
    render(<RichTextEditor label="Content" value='<p><span style="color: rgb(230, 0, 0);">ours</span></p><p><br></p>' onChange={(h) => changes.push(h)} />);
    const box = screen.getByRole('textbox', { name: 'Content' });
    const quill = Quill.find(box.parentElement!) as Quill;
    quill.setSelection(quill.getLength() - 1, 0);
    const html = '<h2 style="color:#1f3864;font-family:Calibri">Prices</h2><p><span style="color:rgb(31,56,100);background-color:yellow;font-size:18pt"><b>Bold</b> words</span></p>' +
      '<table><tbody><tr><td>Starter</td><td>₹15,000</td></tr></tbody></table>';
    const paste = Object.assign(new Event('paste', { bubbles: true, cancelable: true }), {
      clipboardData: { getData: (type: string) => (type === 'text/html' ? html : 'Prices Bold words'), files: [], items: [], types: ['text/html', 'text/plain'] },
    });
    box.dispatchEvent(paste);
    const out = changes.at(-1) ?? '';
    expect(out).toMatch(/<h2>(<span style="color: rgb\(230, 0, 0\);">ours<\/span>)?Prices<\/h2>/); // where jsdom puts the caret
    expect(out).toContain('<strong>Bold</strong> words');
    expect(out).toMatch(/<table[^>]*>.*Starter.*₹15,000.*<\/table>/); // its border and row ids the server drops
    expect(out).not.toMatch(/31, 56, 100|#1f3864|yellow|18pt|Calibri/);
    expect(out).toContain('<span style="color: rgb(230, 0, 0);">ours</span>'); // set with the toolbar before: kept
  });

  it('opens a new tab only for a link that leaves the site', () => {
    render(<RichTextEditor label="Content" value="" onChange={() => {}} />);
    const quill = Quill.find(screen.getByRole('textbox', { name: 'Content' }).parentElement!) as Quill;
    quill.insertText(0, 'ours theirs', 'user');
    quill.formatText(0, 4, 'link', '/contactus/', 'user');
    quill.formatText(5, 6, 'link', 'https://support.google.com/', 'user');
    const [ours, theirs] = [...quill.root.querySelectorAll('a')];
    expect(ours.getAttribute('target')).toBeNull();
    expect(ours.getAttribute('rel')).toBeNull();
    expect(theirs.getAttribute('target')).toBe('_blank');
    expect(theirs.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
