import { describe, expect, it } from 'vitest';
import { blogKind } from '../blogs/kind';
import type { ContentItem } from '../content/kind';
import { changesBetween } from './diff';

const base: ContentItem = {
  _id: '1', title: 'Local SEO', slug: 'local-seo', category: 'SEO', image: '/uploads/a.png', metaTitle: '', metaDescription: '',
  focusKeyword: '', createdAt: '2026-01-01T00:00:00Z',
  content: `<h2>Start</h2><p>${'Unchanged words before the change. '.repeat(20)}Prices start at 500 rupees.</p><p>${'And more unchanged text after it. '.repeat(20)}</p>`,
};

describe('changesBetween', () => {
  it('names only the fields that changed, with the words taken out and put in', () => {
    const after = { ...base, title: 'Local SEO in Noida', content: base.content!.replace('500', '700'), image: '/uploads/b.png' };
    const changes = changesBetween(blogKind, base, after);
    expect(changes.map((c) => c.field)).toEqual(['title', 'body', 'image']);
    const title = changes[0].parts!;
    expect(title.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['in Noida']);
    const body = changes[1].parts!;
    expect(body.filter((p) => p.removed).map((p) => p.value)).toEqual(['500']);
    expect(body.filter((p) => p.added).map((p) => p.value)).toEqual(['700']);
    // The long unchanged stretches are cut to the text around the change.
    const shown = body.map((p) => p.value).join('');
    expect(shown.length).toBeLessThan(260);
    expect(shown).toContain('Prices start at');
    expect(changes[2].parts).toBeUndefined();
  });

  it('says when only the formatting of the text changed', () => {
    const after = { ...base, content: base.content!.replace('Prices start', '<strong>Prices</strong> start') };
    const [body] = changesBetween(blogKind, base, after);
    expect(body.parts![0].value).toBe('Formatting changed; the text is the same.');
  });

  it('finds nothing between equal versions', () => {
    expect(changesBetween(blogKind, base, { ...base, updatedAt: 'later' })).toEqual([]);
  });
});
