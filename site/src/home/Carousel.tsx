import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from '../lib/lucide';

export interface CarouselProps {
  label: string;
  slides: ReactNode[];
  /** Advances by itself every autoplayMs (0: never). Off when the visitor prefers reduced motion. */
  autoplayMs?: number;
  /** After the last slide comes the first again (and before the first, the last). */
  loop?: boolean;
  /** A step moves by a whole view of slides instead of one slide. */
  paged?: boolean;
  dots?: boolean;
  className?: string;
}

/**
 * An accessible carousel as plain HTML: a row of slides that scrolls sideways with snapping (a
 * wrapped grid of cards when scripts are off, see styles.css). No framework runs it: ./carousel.ts
 * starts Embla (embla-carousel and its autoplay plugin) over it once the carousel comes into view. The controls' box
 * is there from the first paint, invisible until then, so nothing moves when they appear.
 */
export function Carousel({ label, slides, autoplayMs = 0, loop = false, paged = false, dots = true, className = '' }: CarouselProps) {
  return (
    <div
      className={'carousel ' + className}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-enhance="carousel"
      data-autoplay={autoplayMs > 0 ? autoplayMs : undefined}
      data-loop={loop ? '' : undefined}
      data-paged={paged ? '' : undefined}
    >
      {/* A row that scrolls sideways is a tab stop of its own, so a keyboard can scroll it with the
          arrow keys where its slides hold no link (the testimonials): WCAG 2.1.1, axe's
          scrollable-region-focusable. */}
      <div className="carousel__viewport" tabIndex={0}>
        <div className="carousel__container">
          {slides.map((slide, i) => (
            <div className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`} key={i}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls is-pending">
        {autoplayMs > 0 && (
          <button type="button" className="carousel__btn carousel__btn--play" data-carousel="play">
            <Pause aria-hidden="true" size={18} className="carousel__pause" />
            <Play aria-hidden="true" size={18} className="carousel__play" />
            <span className="visually-hidden">Pause slideshow</span>
          </button>
        )}
        <button type="button" className="carousel__btn" data-carousel="prev">
          <ChevronLeft aria-hidden="true" size={20} />
          <span className="visually-hidden">Previous</span>
        </button>
        {dots && <div className="carousel__dots" />}
        <button type="button" className="carousel__btn" data-carousel="next">
          <ChevronRight aria-hidden="true" size={20} />
          <span className="visually-hidden">Next</span>
        </button>
      </div>
    </div>
  );
}
