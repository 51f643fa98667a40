import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight } from '../lib/lucide';
import type { Testimonial } from '../types';
import { TestimonialCard } from '../components/Cards';
import { prefersReducedMotion } from '../lib/motion';

export interface StudentScrollerProps {
  testimonials: Testimonial[];
  label: string;
}

export const SCROLL_STEP_PX = 1050;

/** Student testimonials in a horizontal scroller; the arrows move it 1050 px per click. */
export default function StudentScroller({ testimonials, label }: StudentScrollerProps) {
  const track = useRef<HTMLUListElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const scroll = (dir: 1 | -1) => {
    track.current?.scrollBy({ left: dir * SCROLL_STEP_PX, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <div className="scroller" role="region" aria-label={label}>
      <ul className="scroller__track" ref={track} tabIndex={0}>
        {testimonials.map((t, i) => (
          <li className="scroller__item" key={i}>
            <TestimonialCard t={t} />
          </li>
        ))}
      </ul>
      <div className={'scroller__controls' + (ready ? '' : ' is-pending')}>
        <button type="button" className="carousel__btn" onClick={() => scroll(-1)}>
          <ChevronLeft aria-hidden="true" size={20} />
          <span className="visually-hidden">Scroll back</span>
        </button>
        <button type="button" className="carousel__btn" onClick={() => scroll(1)}>
          <ChevronRight aria-hidden="true" size={20} />
          <span className="visually-hidden">Scroll forward</span>
        </button>
      </div>
    </div>
  );
}
