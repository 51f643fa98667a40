import { describe, expect, it } from 'vitest';
import { previewDocument } from './PreviewFrame';

describe('previewDocument', () => {
  it('drops scripts and adds a base for root-relative addresses', () => {
    const out = previewDocument(
      '<!doctype html><html><head><link rel="stylesheet" href="/assets/site.css"><link rel="modulepreload" href="/assets/a.js"></head>' +
        '<body><h1>Hello</h1><script type="module" src="/assets/hydrate.js"></script><script>window.x=1</script></body></html>',
    );
    expect(out).not.toMatch(/<script/);
    expect(out).not.toMatch(/modulepreload/);
    expect(out).toMatch(/<base href="\/">/);
    expect(out).toMatch(/<link rel="stylesheet" href="\/assets\/site.css">/);
    expect(out).toMatch(/<h1>Hello<\/h1>/);
  });

  it('keeps a base the page already has', () => {
    const out = previewDocument('<html><head><base href="https://example.com/"></head><body></body></html>');
    expect(out.match(/<base /g)).toHaveLength(1);
  });
});
