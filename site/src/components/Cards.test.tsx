import { describe, expect, it } from 'vitest';
import { excerptText } from './Cards';

describe('excerptText', () => {
  it('ends a cut excerpt after its last whole word', () => {
    expect(excerptText('If you run Google Ads or publish content without tracking conversions, you are judging your marketin…'))
      .toBe('If you run Google Ads or publish content without tracking conversions, you are judging your…');
    expect(excerptText('Newsletters people open, and lists that grow with every campaign, automated journeys for new leads, eve…'))
      .toBe('Newsletters people open, and lists that grow with every campaign, automated journeys for new leads…');
  });

  it('marks a text cut without a mark, and leaves whole sentences alone', () => {
    const cut = 'Search, Performance Max, Shopping and YouTube campaigns managed by certified specialists with every le';
    expect(excerptText(cut)).toBe('Search, Performance Max, Shopping and YouTube campaigns managed by certified specialists with every…');
    expect(excerptText('Logos and brand identities.')).toBe('Logos and brand identities.');
    expect(excerptText('Supercalifragilistic…')).toBe('Supercalifragilistic…');
  });
});
