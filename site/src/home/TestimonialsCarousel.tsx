import type { Testimonial } from '../types';
import { TestimonialCard } from '../components/Cards';
import { Carousel } from './Carousel';

export interface TestimonialsCarouselProps {
  testimonials: Testimonial[];
  label: string;
}

/** Three testimonials at a time (fewer on small screens) with arrows and dots; no autoplay. */
export function TestimonialsCarousel({ testimonials, label }: TestimonialsCarouselProps) {
  return (
    <Carousel
      label={label}
      className="carousel--cards"
      paged
      slides={testimonials.map((t, i) => <TestimonialCard t={t} key={i} />)}
    />
  );
}
