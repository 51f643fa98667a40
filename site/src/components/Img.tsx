import type { Image } from '../types';

/** An image with its intrinsic size (no layout shift); lazy unless it is the page's first image. */
export function Img({ image, eager = false, className, alt }: { image: Image; eager?: boolean; className?: string; alt?: string }) {
  if (!image || !image.src) return null;
  return (
    <img
      src={image.src}
      alt={alt ?? image.alt ?? ''}
      width={image.width || undefined}
      height={image.height || undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'auto' : 'async'}
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
}
