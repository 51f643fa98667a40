import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Carousel } from './Carousel';
import carousel, { snapPoints } from './carousel';

describe('snapPoints', () => {
  const row = (n: number, width: number, first = 0) => Array.from({ length: n }, (_, i) => ({ left: first + i * width, width }));

  it('puts a point at each slide, clamped to the scroll range, and merges the ones that fall together', () => {
    // Six cards of 100 px, three in a 300 px view: the last three start past the end of the range.
    expect(snapPoints(row(6, 100), 300, 300, false)).toEqual([0, 100, 200, 300]);
  });

  it('puts a point at each view of slides when paged', () => {
    expect(snapPoints(row(7, 100), 300, 400, true)).toEqual([0, 300, 400]);
  });

  it('clamps a first slide pulled left by its gutter to the start', () => {
    expect(snapPoints(row(4, 110, -10), 320, 120, true)).toEqual([0, 120]);
  });

  it('takes the end of the range for a last step of no more than a gutter', () => {
    // Six cards three a view behind a 24 px gutter (a 1136 px row): two views, not a third a
    // gutter further on; one card a step ends at the range's end too.
    const cards = row(6, 1160 / 3, -24);
    expect(snapPoints(cards, 1136, 1160, true)).toEqual([0, 1160]);
    expect(snapPoints(cards, 1136, 1160, false).map(Math.round)).toEqual([0, 363, 749, 1160]);
  });

  it('has one point when everything fits', () => {
    expect(snapPoints(row(2, 100), 300, 0, false)).toEqual([0]);
    expect(snapPoints([], 300, 0, false)).toEqual([0]);
  });
});

// jsdom has no layout: each slide is given a box, and the row scrolls as scrollTo asks.
function mount(props: Partial<Parameters<typeof Carousel>[0]>, slideWidth: number, view: number) {
  const slides = Array.from({ length: 6 }, (_, i) => <p key={i}>Slide {i + 1}</p>);
  document.body.innerHTML = renderToStaticMarkup(<Carousel label="Test" slides={slides} {...props} />);
  const root = document.querySelector<HTMLElement>('.carousel')!;
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport')!;
  root.querySelectorAll<HTMLElement>('.carousel__slide').forEach((s, i) => {
    Object.defineProperty(s, 'offsetLeft', { value: i * slideWidth });
    Object.defineProperty(s, 'offsetWidth', { value: slideWidth });
  });
  Object.defineProperty(viewport, 'clientWidth', { value: view });
  Object.defineProperty(viewport, 'scrollWidth', { value: 6 * slideWidth });
  viewport.scrollTo = ((opts: ScrollToOptions) => { viewport.scrollLeft = opts.left ?? 0; }) as typeof viewport.scrollTo;
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
    expect(viewport.scrollLeft).toBe(300);
    expect(active()).toBe('Go to slide 2');
    expect(button('Next').disabled).toBe(true);
    (root.querySelectorAll<HTMLButtonElement>('.carousel__dot')[0]).click();
    expect(viewport.scrollLeft).toBe(0);
    expect(root.querySelector('.carousel__dot.is-active')?.getAttribute('aria-current')).toBe('true');
  });

  it('follows the visitor scrolling the row by hand once it rests', () => {
    const { root, viewport, active } = mount({}, 100, 100);
    stop = carousel(root);
    viewport.scrollLeft = 290;
    viewport.dispatchEvent(new Event('scroll'));
    expect(active()).toBe('Go to slide 1');
    vi.advanceTimersByTime(200);
    expect(active()).toBe('Go to slide 4');
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
    expect(viewport.scrollLeft).toBe(0);
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
