import { describe, expect, it } from 'vitest';
import { siteCountry, visitorCountry } from './country';

describe('visitorCountry', () => {
  it("takes the time zone first: an Indian browser that says en-US is in India", () => {
    expect(visitorCountry('US', { zone: 'Asia/Calcutta', languages: ['en-US'] })).toBe('in');
    expect(visitorCountry('US', { zone: 'Asia/Kolkata', languages: [] })).toBe('in');
    expect(visitorCountry('IN', { zone: 'Australia/Sydney', languages: ['en-IN'] })).toBe('au');
    expect(visitorCountry('IN', { zone: 'America/Toronto', languages: ['en-US'] })).toBe('ca');
  });

  it('then the region of the preferred languages, then the site default', () => {
    expect(visitorCountry('IN', { zone: 'UTC', languages: ['fr', 'en-GB'] })).toBe('gb');
    expect(visitorCountry('IN', { zone: 'Europe/Paris', languages: ['fr-FR', 'fr'] })).toBe('in');
    expect(visitorCountry('AE', { zone: '', languages: [] })).toBe('ae');
    expect(visitorCountry(undefined, { zone: '', languages: [] })).toBe('in');
  });

  it("reads the site's default in any case, and one not listed as India", () => {
    expect(siteCountry('GB')).toBe('gb');
    expect(siteCountry('ZZ')).toBe('in');
  });
});
