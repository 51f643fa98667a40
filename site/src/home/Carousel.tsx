import { useEffect, useRef, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { EmblaOptionsType } from 'embla-carousel';
import { ChevronLeft, ChevronRight, Pause, Play } from '../lib/lucide';
import { prefersReducedMotion } from '../lib/motion';

export interface CarouselProps {
  label: string;
  slides: ReactNode[];
  options?: EmblaOptionsType;
  /** Advances by itself every autoplayMs (0: never). Off when the visitor prefers reduced motion. */
  autoplayMs?: number;
  dots?: boolean;
  className?: string;
}

/**
 * An accessible embla carousel. Server markup is a plain row that scrolls sideways (a wrapped grid of
 * cards when scripts are off, see styles.css); once embla is running the viewport gets is-ready and
 * the controls, whose box was kept from the start, become visible.
 */
export function Carousel({ label, slides, options, autoplayMs = 0, dots = true, className = '' }: CarouselProps) {
  const plugins = useRef(
    autoplayMs > 0
      ? [Autoplay({ delay: autoplayMs, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: true })]
      : [],
  );
  const [viewportRef, api] = useEmblaCarousel(options, plugins.current);
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [canPrev, setCanPrev] = useState(true);
  const [canNext, setCanNext] = useState(true);
  const [playing, setPlaying] = useState(autoplayMs > 0);
  const jump = useRef(false);

  useEffect(() => {
    if (!api) return;
    jump.current = prefersReducedMotion();
    api.rootNode().scrollLeft = 0; // a visitor may have scrolled the plain row before hydration
    const update = () => {
      setSelected(api.selectedScrollSnap());
      setSnaps(api.scrollSnapList());
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    update();
    setReady(true);
    api.on('select', update).on('reInit', update).on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    const autoplay = api.plugins().autoplay;
    if (autoplay && !jump.current && api.scrollSnapList().length > 1) autoplay.play();
    else setPlaying(false);
    return () => {
      api.off('select', update).off('reInit', update).off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [api]);

  const togglePlay = () => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  };
  const stopAutoplay = () => api?.plugins().autoplay?.stop();

  return (
    <div className={'carousel ' + className} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className={'carousel__viewport' + (ready ? ' is-ready' : '')} ref={viewportRef}>
        <div className="carousel__container">
          {slides.map((slide, i) => (
            <div className="carousel__slide" role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`} key={i}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      {/* Rendered from the start, invisible until embla knows the snaps, so that the row of buttons
          appearing does not push the rest of the page down (styles.css decides by the number of
          slides whether a carousel will have controls at all). */}
      <div className={'carousel__controls' + (ready ? '' : ' is-pending')} hidden={ready && snaps.length < 2}>
        {autoplayMs > 0 && (
          <button type="button" className="carousel__btn carousel__btn--play" onClick={togglePlay}>
            {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
            <span className="visually-hidden">{playing ? 'Pause slideshow' : 'Play slideshow'}</span>
          </button>
        )}
        <button
          type="button"
          className="carousel__btn"
          disabled={!canPrev}
          onClick={() => { stopAutoplay(); api?.scrollPrev(jump.current); }}
        >
          <ChevronLeft aria-hidden="true" size={20} />
          <span className="visually-hidden">Previous</span>
        </button>
        {dots && (
          <div className="carousel__dots">
            {snaps.map((_, i) => (
              <button
                type="button"
                key={i}
                className={'carousel__dot' + (i === selected ? ' is-active' : '')}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => { stopAutoplay(); api?.scrollTo(i, jump.current); }}
              >
                <span className="visually-hidden">Go to slide {i + 1}</span>
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          className="carousel__btn"
          disabled={!canNext}
          onClick={() => { stopAutoplay(); api?.scrollNext(jump.current); }}
        >
          <ChevronRight aria-hidden="true" size={20} />
          <span className="visually-hidden">Next</span>
        </button>
      </div>
    </div>
  );
}
