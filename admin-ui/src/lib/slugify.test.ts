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
    ['SEO - The Basics', 'seo-the-basics'],
    ['-Intro-', 'intro'],
    ['a '.repeat(70), 'a-'.repeat(60).slice(0, 119)],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
