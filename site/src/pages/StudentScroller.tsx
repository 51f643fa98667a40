import { ChevronLeft, ChevronRight } from '../lib/lucide';
import type { Testimonial } from '../types';
import { TestimonialCard } from '../components/Cards';

export interface StudentScrollerProps {
  testimonials: Testimonial[];
  label: string;
}

/**
 * Student testimonials in a horizontal scroller as plain HTML; ./scroller.ts makes the arrows move it
 * 1050 px a click once it is in view (their box is there from the start, invisible until then).
 */
export function StudentScroller({ testimonials, label }: StudentScrollerProps) {
  return (
    <div className="scroller" role="region" aria-label={label} data-enhance="scroller">
      <ul className="scroller__track" tabIndex={0}>
        {testimonials.map((t, i) => (
          <li className="scroller__item" key={i}>
            <TestimonialCard t={t} />
          </li>
        ))}
      </ul>
      <div className="scroller__controls is-pending">
        <button type="button" className="carousel__btn" data-scroll="-1">
          <ChevronLeft aria-hidden="true" size={20} />
          <span className="visually-hidden">Scroll back</span>
        </button>
        <button type="button" className="carousel__btn" data-scroll="1">
          <ChevronRight aria-hidden="true" size={20} />
          <span className="visually-hidden">Scroll forward</span>
        </button>
      </div>
    </div>
  );
}
