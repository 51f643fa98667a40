import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it.each([
    ['SEO Services in Delhi', 'seo-services-in-delhi'],
    ['  Best SEO & PPC  Services! ', 'best-seo-ppc-services'],
    ['Web-Development 2025', 'web-development-2025'],
    ['Café Design', 'caf-design'],
    ['!!!', ''],
    ['   ', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
