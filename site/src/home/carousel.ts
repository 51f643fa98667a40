// What a Carousel (./Carousel.tsx) does once it comes into view: autoplay, arrows and dots over the
// row of slides. The row stays the browser's own scroll container with snapping, so a finger, a
// trackpad or the keyboard scroll it as they do without a script; the buttons and the autoplay
// scroll it to a snap point. A few hundred bytes instead of a carousel library and a framework.
import { prefersReducedMotion } from '../lib/motion';

/** How long the row must rest after scrolling before the dots follow a visitor's own scrolling. */
const SETTLE_MS = 120;

/**
 * Snap points of a row: where each slide (each view of slides when paged) starts, as the browser's
 * own snapping places it, clamped to the row's scroll range. Points closer than a quarter of a
 * slide are one, the later kept: the end of the range lies a gutter past the last slide's start,
 * and a step of a gutter's width would show nothing new.
 */
export function snapPoints(slides: { left: number; width: number }[], view: number, max: number, paged: boolean): number[] {
  const snaps: number[] = [];
  const near = Math.min(...slides.map((s) => s.width)) / 4;
  let pageEnd = -Infinity;
  for (const s of slides) {
    if (paged && s.left + s.width <= pageEnd + 1) continue;
    const at = Math.min(Math.max(s.left, 0), max);
    if (snaps.length > 0 && at - snaps[snaps.length - 1] < Math.max(near, 1)) snaps[snaps.length - 1] = at;
    else snaps.push(at);
    pageEnd = at + view;
  }
  return snaps.length > 0 ? snaps : [0];
}

/** Runs the carousel under root; returns what stops it (for tests). */
export default function carousel(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport')!;
  const slides = Array.from(root.querySelectorAll<HTMLElement>('.carousel__slide'));
  const controls = root.querySelector<HTMLElement>('.carousel__controls')!;
  const dotsBox = root.querySelector<HTMLElement>('.carousel__dots');
  const prev = root.querySelector<HTMLButtonElement>('[data-carousel="prev"]')!;
  const next = root.querySelector<HTMLButtonElement>('[data-carousel="next"]')!;
  const play = root.querySelector<HTMLButtonElement>('[data-carousel="play"]');
  const autoplayMs = Number(root.dataset.autoplay) || 0;
  const loop = root.hasAttribute('data-loop');
  const paged = root.hasAttribute('data-paged');
  const instant = prefersReducedMotion();

  let snaps: number[] = [0];
  let selected = 0;
  let dots: HTMLButtonElement[] = [];
  let playing = false; // wanted by the visitor (and not reduced motion)
  let inView = true;
  let timer = 0;
  let settle = 0;

  const nearest = (x: number) => snaps.reduce((best, s, i) => (Math.abs(s - x) < Math.abs(snaps[best] - x) ? i : best), 0);

  const show = () => {
    dots.forEach((d, i) => {
      d.classList.toggle('is-active', i === selected);
      if (i === selected) d.setAttribute('aria-current', 'true');
      else d.removeAttribute('aria-current');
    });
    prev.disabled = !loop && selected === 0;
    next.disabled = !loop && selected === snaps.length - 1;
  };

  const go = (i: number) => {
    const n = snaps.length;
    selected = loop ? (i + n) % n : Math.min(Math.max(i, 0), n - 1);
    viewport.scrollTo({ left: snaps[selected], behavior: instant ? 'auto' : 'smooth' });
    show();
  };

  const schedule = () => {
    window.clearTimeout(timer);
    if (!playing || !inView || document.hidden || snaps.length < 2) return;
    timer = window.setTimeout(() => {
      go(selected + 1 < snaps.length ? selected + 1 : 0);
      schedule();
    }, autoplayMs);
  };

  const setPlaying = (on: boolean) => {
    playing = on;
    if (play) {
      play.classList.toggle('is-paused', !on);
      play.querySelector('.visually-hidden')!.textContent = on ? 'Pause slideshow' : 'Play slideshow';
    }
    schedule();
  };
  const stop = () => {
    if (playing) setPlaying(false);
  };

  const makeDot = (i: number) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'carousel__dot';
    const label = document.createElement('span');
    label.className = 'visually-hidden';
    label.textContent = `Go to slide ${i + 1}`;
    b.append(label);
    b.addEventListener('click', () => {
      stop();
      go(i);
    });
    return b;
  };

  // Layout decides the snap points: measured once here and again when the row's width changes.
  const measure = () => {
    snaps = snapPoints(
      slides.map((s) => ({ left: s.offsetLeft, width: s.offsetWidth })),
      viewport.clientWidth,
      Math.max(0, viewport.scrollWidth - viewport.clientWidth),
      paged,
    );
    if (dotsBox && dots.length !== snaps.length) {
      dots = snaps.map((_, i) => makeDot(i));
      dotsBox.replaceChildren(...dots);
    }
    selected = nearest(viewport.scrollLeft);
    controls.hidden = snaps.length < 2;
    show();
    schedule();
  };

  const onScroll = () => {
    window.clearTimeout(settle);
    settle = window.setTimeout(() => {
      const i = nearest(viewport.scrollLeft);
      if (i !== selected) {
        selected = i;
        show();
      }
    }, SETTLE_MS);
  };
  const onPrev = () => {
    stop();
    go(selected - 1);
  };
  const onNext = () => {
    stop();
    go(selected + 1);
  };
  const onPlay = () => setPlaying(!playing);
  const onVisibility = () => schedule();

  viewport.addEventListener('scroll', onScroll, { passive: true });
  // Touching, wheeling or focusing the slides stops the autoplay for good; the play button restarts it.
  for (const type of ['pointerdown', 'wheel', 'focusin'] as const) viewport.addEventListener(type, stop, { passive: true });
  prev.addEventListener('click', onPrev);
  next.addEventListener('click', onNext);
  play?.addEventListener('click', onPlay);
  document.addEventListener('visibilitychange', onVisibility);
  const resized = new ResizeObserver(() => measure());
  resized.observe(viewport);
  // Off screen it does not move: the visitor would miss the slides it passed.
  const seen = new IntersectionObserver((entries) => {
    inView = entries[entries.length - 1].isIntersecting;
    schedule();
  });
  seen.observe(root);

  measure();
  setPlaying(autoplayMs > 0 && !instant);
  viewport.classList.add('is-ready');
  controls.classList.remove('is-pending');

  return () => {
    window.clearTimeout(timer);
    window.clearTimeout(settle);
    resized.disconnect();
    seen.disconnect();
    viewport.removeEventListener('scroll', onScroll);
    for (const type of ['pointerdown', 'wheel', 'focusin'] as const) viewport.removeEventListener(type, stop);
    prev.removeEventListener('click', onPrev);
    next.removeEventListener('click', onNext);
    play?.removeEventListener('click', onPlay);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
