import type { Image } from '../types';

/** How wide an image is shown, for the browser to pick a variant before it knows the layout. */
export const SIZES = {
  /** A card in the grids and carousels: one, two or three a row. */
  card: '(min-width: 1024px) 360px, (min-width: 640px) 50vw, calc(100vw - 2rem)',
  /** The cover of a post or a service page: the narrow container's width. */
  article: '(min-width: 860px) 796px, calc(100vw - 2rem)',
};

/**
 * An image with its intrinsic size (no layout shift); lazy unless it is the page's first image.
 * An upload with responsive variants becomes a <picture>: AVIF and WebP sources by width, the
 * original's format as the fallback.
 */
export function Img({ image, eager = false, className, alt, sizes = SIZES.article }: {
  image: Image; eager?: boolean; className?: string; alt?: string; sizes?: string;
}) {
  if (!image || !image.src) return null;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      alt={alt ?? image.alt ?? ''}
      width={image.width || undefined}
      height={image.height || undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />)}
      {img}
    </picture>
  );
}
