import { describe, expect, it } from 'vitest';
import { currentZoneName } from './format';

describe('currentZoneName', () => {
  it("names India's zone as it is named today, whatever the browser says", () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Europe/London')).toBe('Europe/London');
  });
});
