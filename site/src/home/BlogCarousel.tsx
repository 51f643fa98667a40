import type { BlogCard } from '../types';
import { BlogCardView } from '../components/Cards';
import { Carousel } from './Carousel';

export interface BlogCarouselProps {
  posts: BlogCard[];
  label: string;
}

export const BLOG_ROTATE_MS = 5000;

/** Newest posts, three visible, advancing one card every 5 s and wrapping around. */
export function BlogCarousel({ posts, label }: BlogCarouselProps) {
  return (
    <Carousel
      label={label}
      className="carousel--cards"
      loop
      autoplayMs={BLOG_ROTATE_MS}
      dots={false}
      slides={posts.map((p) => <BlogCardView post={p} key={p.slug} />)}
    />
  );
}
