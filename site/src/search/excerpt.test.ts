import { describe, expect, it } from 'vitest';
import { excerpt, highlight, matcher } from './excerpt';

const marked = (segs: { text: string; mark: boolean }[] | null) =>
  (segs ?? []).map((s) => (s.mark ? `[${s.text}]` : s.text)).join('');

describe('highlight', () => {
  it('marks words by stem and by prefix, not inside other words', () => {
    const m = matcher([['servic'], ['googl*']]);
    expect(marked(highlight('SEO Services and Google Ads; a server, googly goose.', m)))
      .toBe('SEO [Services] and [Google] Ads; a server, [googly] goose.');
  });
});

describe('excerpt', () => {
  const text = 'Clinics need reviews. ' + 'Filler words about nothing much at all. '.repeat(10) +
    'Local SEO for clinics starts with the Google Business Profile. ' + 'More filler text here. '.repeat(10);

  it('shows the window with the most query words, from the start of its sentence', () => {
    const got = marked(excerpt(text, matcher([['local'], ['seo'], ['clinic']]), 120));
    expect(got.startsWith('…[Local] [SEO] for [clinics]')).toBe(true);
    expect(got.endsWith('…')).toBe(true);
    expect(got.length).toBeLessThanOrEqual(130);
  });

  it('has no leading ellipsis at the start of the text', () => {
    expect(marked(excerpt(text, matcher([['review']]), 60)).startsWith('Clinics need [reviews].')).toBe(true);
  });

  it('is null when nothing matches', () => {
    expect(excerpt(text, matcher([['zebra']]), 100)).toBeNull();
  });
});

describe('typingQuery', () => {
  it('leaves out a partial last word of one to three letters', async () => {
    const { typingQuery } = await import('./results');
    expect(typingQuery('local se')).toBe('local ');
    expect(typingQuery('local s')).toBe('local ');
    expect(typingQuery('local seo')).toBe('local ');
    expect(typingQuery('local seo ')).toBe('local seo ');
    expect(typingQuery('local seo c')).toBe('local seo ');
    expect(typingQuery('local seo chec')).toBe('local seo chec');
    expect(typingQuery('google ads')).toBe('google ');
    expect(typingQuery('google adsense')).toBe('google adsense');
    expect(typingQuery('se')).toBe('');
    expect(typingQuery('seo')).toBe('');
    expect(typingQuery('seo ')).toBe('seo ');
    expect(typingQuery('loca')).toBe('loca');
    expect(typingQuery('डिजि')).toBe('डिजि');
  });
});
