import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Carousel } from './Carousel';
import carousel, { optionsOf } from './carousel';

describe('optionsOf', () => {
  const root = (attrs: string) => {
    document.body.innerHTML = `<div ${attrs}></div>`;
    return document.body.firstElementChild as HTMLElement;
  };
  it('asks Embla for a loop and a view of slides a step as the markup says', () => {
    expect(optionsOf(root(''))).toMatchObject({ loop: false, slidesToScroll: 1, align: 'start' });
    expect(optionsOf(root('data-loop'))).toMatchObject({ loop: true, slidesToScroll: 1 });
    expect(optionsOf(root('data-paged'))).toMatchObject({ loop: false, slidesToScroll: 'auto' });
  });
});

// jsdom has no layout: each slide is given a box, and the row scrolls as scrollTo asks.
function mount(props: Partial<Parameters<typeof Carousel>[0]>, slideWidth: number, view: number) {
  const slides = Array.from({ length: 6 }, (_, i) => <p key={i}>Slide {i + 1}</p>);
  document.body.innerHTML = renderToStaticMarkup(<Carousel label="Test" slides={slides} {...props} />);
  const root = document.querySelector<HTMLElement>('.carousel')!;
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport')!;
  const row = root.querySelector<HTMLElement>('.carousel__container')!;
  const box = (el: HTMLElement, left: number, width: number) => {
    for (const [k, v] of Object.entries({ offsetLeft: left, offsetWidth: width, offsetTop: 0, offsetHeight: 100, offsetParent: document.body })) {
      Object.defineProperty(el, k, { value: v, configurable: true });
    }
  };
  box(viewport, 0, view);
  box(row, 0, view);
  root.querySelectorAll<HTMLElement>('.carousel__slide').forEach((s, i) => box(s, i * slideWidth, slideWidth));
  const button = (name: string) => Array.from(root.querySelectorAll('button')).find((b) => b.textContent === name)!;
  const active = () => root.querySelector('.carousel__dot.is-active')?.textContent;
  return { root, viewport, button, active };
}

describe('carousel', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    stop?.();
    stop = undefined;
    vi.useRealTimers();
  });

  it('shows its controls, one dot a snap point, once it runs', () => {
    const { root, viewport } = mount({}, 100, 100);
    const controls = root.querySelector('.carousel__controls')!;
    expect(controls.classList.contains('is-pending')).toBe(true);
    expect(root.querySelectorAll('.carousel__dot')).toHaveLength(0);
    stop = carousel(root);
    expect(controls.classList.contains('is-pending')).toBe(false);
    expect(viewport.classList.contains('is-ready')).toBe(true);
    expect(root.querySelectorAll('.carousel__dot')).toHaveLength(6);
  });

  it('moves with the arrows and dots and stops at the ends unless it loops', () => {
    const { root, viewport, button, active } = mount({ paged: true }, 100, 300);
    stop = carousel(root);
    expect(root.querySelectorAll('.carousel__dot')).toHaveLength(2);
    expect(active()).toBe('Go to slide 1');
    expect(button('Previous').disabled).toBe(true);
    button('Next').click();
    expect(active()).toBe('Go to slide 2');
    expect(button('Next').disabled).toBe(true);
    (root.querySelectorAll<HTMLButtonElement>('.carousel__dot')[0]).click();
    expect(active()).toBe('Go to slide 1');
    expect(viewport.classList.contains('is-ready')).toBe(true);
    expect(root.querySelector('.carousel__dot.is-active')?.getAttribute('aria-current')).toBe('true');
  });

  it('hands the row to Embla (no native scroll, no tab stop of its own) and gives it back when stopped', () => {
    const { root, viewport } = mount({}, 100, 100);
    expect(viewport.getAttribute('tabindex')).toBe('0');
    stop = carousel(root);
    expect(viewport.classList.contains('is-ready')).toBe(true);
    expect(viewport.hasAttribute('tabindex')).toBe(false);
    stop();
    stop = undefined;
    expect(viewport.classList.contains('is-ready')).toBe(false);
    expect(viewport.getAttribute('tabindex')).toBe('0');
  });

  it("stops the autoplay for good when a keyboard visitor focuses a slide's content", () => {
    const { root, viewport, button, active } = mount({ autoplayMs: 4000, loop: true }, 100, 100);
    stop = carousel(root);
    viewport.querySelector('p')!.setAttribute('tabindex', '-1');
    viewport.querySelector<HTMLElement>('p')!.focus();
    expect(button('Play slideshow')).toBeTruthy();
    vi.advanceTimersByTime(10000);
    expect(active()).toBe('Go to slide 1');
  });

  it('advances by itself every autoplayMs, wraps when it loops, and stops for good at an arrow', () => {
    const { root, viewport, button, active } = mount({ autoplayMs: 4000, loop: true }, 100, 100);
    stop = carousel(root);
    expect(button('Pause slideshow')).toBeTruthy();
    vi.advanceTimersByTime(3999);
    expect(active()).toBe('Go to slide 1');
    vi.advanceTimersByTime(1);
    expect(active()).toBe('Go to slide 2');
    vi.advanceTimersByTime(4 * 4000);
    expect(active()).toBe('Go to slide 6');
    vi.advanceTimersByTime(4000);
    expect(active()).toBe('Go to slide 1');
    button('Previous').click();
    expect(active()).toBe('Go to slide 6');
    expect(button('Play slideshow')).toBeTruthy();
    vi.advanceTimersByTime(20000);
    expect(active()).toBe('Go to slide 6');
    button('Play slideshow').click();
    vi.advanceTimersByTime(4000);
    expect(active()).toBe('Go to slide 1');
  });

  it('does not play by itself for a visitor who prefers less motion', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...matchMedia(q), matches: q.includes('reduce') })) as typeof window.matchMedia;
    try {
      const { root, button, active } = mount({ autoplayMs: 4000, loop: true }, 100, 100);
      stop = carousel(root);
      expect(button('Play slideshow')).toBeTruthy();
      vi.advanceTimersByTime(10000);
      expect(active()).toBe('Go to slide 1');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
