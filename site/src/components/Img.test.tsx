import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Img, SIZES } from './Img';

const upload = {
  src: '/uploads/0123456789abcdef0123456789abcdef.png', alt: 'A chart', width: 1600, height: 1000,
  srcset: '/assets/media/ab-480.png 480w, /assets/media/ab-1600.png 1600w',
  sources: [
    { type: 'image/avif', srcset: '/assets/media/ab-480.avif 480w, /assets/media/ab-1600.avif 1600w' },
    { type: 'image/webp', srcset: '/assets/media/ab-480.webp 480w, /assets/media/ab-1600.webp 1600w' },
  ],
};

describe('Img', () => {
  it('serves an upload with variants as a picture: AVIF, WebP, then the original format, with sizes', () => {
    const { container } = render(<Img image={upload} sizes={SIZES.card} />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources.every((s) => s.getAttribute('sizes') === SIZES.card)).toBe(true);
    const img = container.querySelector('picture > img')!;
    expect(img.getAttribute('src')).toBe(upload.src);
    expect(img.getAttribute('srcset')).toBe(upload.srcset);
    expect(img.getAttribute('sizes')).toBe(SIZES.card);
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('alt')])
      .toEqual(['1600', '1000', 'lazy', 'A chart']);
  });

  it('keeps an image without variants a plain img, eager when asked', () => {
    const { container } = render(<Img image={{ src: '/images/x.svg', alt: '', width: 10, height: 5 }} eager />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
    expect(img.getAttribute('loading')).toBe('eager');
  });
});
