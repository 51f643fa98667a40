import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAPTOP_WIDTH, PreviewFrame, previewDocument } from './PreviewFrame';

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

describe('PreviewFrame', () => {
  it('lays the Laptop preview out at a laptop width (scaled to fit), the Phone one at a phone width', async () => {
    render(<PreviewFrame load={() => Promise.resolve('<html><body><h1>Page</h1></body></html>')} version={0} title="Post" />);
    const frame = await screen.findByTitle('Preview of Post');
    expect(frame.style.width).toBe(`${LAPTOP_WIDTH}px`);
    expect(frame.style.transform).toMatch(/^scale\(/);
    fireEvent.click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByTitle('Preview of Post').style.width).toBe('');
    expect(screen.getByTitle('Preview of Post').closest('.preview-frame-wrap')).toHaveClass('phone');
  });

  it('keeps toasts off its width buttons (they are marked for the toasts to avoid)', async () => {
    render(<PreviewFrame load={() => Promise.resolve('<html><body></body></html>')} version={0} title="Post" />);
    expect(screen.getByRole('group', { name: 'Preview width' })).toHaveAttribute('data-toast-avoid');
  });
});
