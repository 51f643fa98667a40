import { ArrowRight } from '../lib/lucide';
import type { Slide } from '../types';
import { Img } from '../components/Img';
import { Carousel } from './Carousel';

export interface HeroSliderProps {
  slides: Slide[];
  label: string;
}

export const HERO_ROTATE_MS = 4000;

/** Home hero: the six slides, one at a time, rotating every 4 s, each with a Read More link. */
export function HeroSlider({ slides, label }: HeroSliderProps) {
  return (
    <Carousel
      label={label}
      className="hero-slider"
      loop
      autoplayMs={HERO_ROTATE_MS}
      slides={slides.map((s, i) => (
        <div className="hero-slide" key={s.href + i}>
          <div className="container hero-slide__inner">
            <div className="hero-slide__text">
              <h2 className="hero-slide__title">{s.title}</h2>
              <p className="hero-slide__lead">{s.text}</p>
              <a href={s.href} className="btn btn--accent btn--lg">
                Read More<span className="visually-hidden">: {s.title}</span> <ArrowRight aria-hidden="true" size={18} />
              </a>
            </div>
            <div className="hero-slide__media">
              <Img image={s.image} eager={i === 0} />
            </div>
          </div>
        </div>
      ))}
    />
  );
}
