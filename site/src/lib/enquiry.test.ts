// The site's check of a visitor's address against the server's: the fixture holds what
// internal/domain's ValidMailbox answers (written by its TestMailboxContract), so a visitor the
// form lets send is never refused by the server, and one the server takes is never stopped here.
import { describe, expect, it } from 'vitest';
import cases from './testdata/mailboxes.json';
import { validMailbox } from './enquiry';

describe('validMailbox', () => {
  it('answers as the server does for every address of the fixture', () => {
    expect(cases.length).toBeGreaterThan(40);
    const disagreements = cases
      .filter((c) => validMailbox(c.address) !== c.valid)
      .map((c) => `${JSON.stringify(c.address)}: server ${c.valid ? 'accepts' : 'refuses'}`);
    expect(disagreements).toEqual([]);
  });

  it('refuses what the spec pattern alone lets through', () => {
    for (const a of ['visitor@example.com?bcc=x@evil.example', 'a&b@example.com', 'asha@example.123', 'a%40b@example.com']) {
      expect(validMailbox(a)).toBe(false);
    }
  });
});
