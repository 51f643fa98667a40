// What a Carousel (./Carousel.tsx) does once it comes into view: Embla (embla-carousel, the
// project's carousel library) runs the plain row of slides the page already shows, with its
// autoplay plugin, and the arrows, dots and play button the markup keeps ready. The page's first
// paint waits for none of it: boot.ts loads this module only when a carousel comes near the screen,
// and no framework runs it.
import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import Autoplay, { type AutoplayType } from 'embla-carousel-autoplay';
import { prefersReducedMotion } from '../lib/motion';

/** The Embla options a carousel's markup asks for (data-loop, data-paged; Carousel.tsx). */
export function optionsOf(root: HTMLElement): EmblaOptionsType {
  return {
    align: 'start',
    loop: root.hasAttribute('data-loop'),
    // Paged: a step is a whole view of slides (the testimonials); else one slide.
    slidesToScroll: root.hasAttribute('data-paged') ? 'auto' : 1,
    containScroll: 'trimSnaps',
  };
}

/** Runs the carousel under root; returns what stops it (for tests). */
export default function carousel(root: HTMLElement): () => void {
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport')!;
  const controls = root.querySelector<HTMLElement>('.carousel__controls')!;
  const dotsBox = root.querySelector<HTMLElement>('.carousel__dots');
  const prev = root.querySelector<HTMLButtonElement>('[data-carousel="prev"]')!;
  const next = root.querySelector<HTMLButtonElement>('[data-carousel="next"]')!;
  const play = root.querySelector<HTMLButtonElement>('[data-carousel="play"]');
  const autoplayMs = Number(root.dataset.autoplay) || 0;
  const jump = prefersReducedMotion(); // moves without the sliding animation

  // Until now the row was the browser's own scroller (it works without a script); from here Embla
  // moves it, so the native scroll goes back to its start and stops (styles.css: .is-ready).
  viewport.scrollLeft = 0;
  viewport.classList.add('is-ready');
  // The row was a tab stop so a keyboard could scroll it; now the arrows and dots do that.
  const tabIndex = viewport.getAttribute('tabindex');
  viewport.removeAttribute('tabindex');
  const plugins = autoplayMs > 0 ? [Autoplay({ delay: autoplayMs, playOnInit: false, stopOnInteraction: false })] : [];
  const embla: EmblaCarouselType = EmblaCarousel(viewport, optionsOf(root), plugins);
  const autoplay = (): AutoplayType | undefined => embla.plugins().autoplay;

  // The autoplay runs while the visitor wants it (until they touch the row or a control, or press
  // pause), the carousel is on screen and the tab is visible: off screen they would miss slides.
  let wanted = autoplayMs > 0 && !jump;
  let inView = true;
  const syncPlay = () => {
    const a = autoplay();
    if (a) {
      if (wanted && inView && !document.hidden && embla.scrollSnapList().length > 1) a.play();
      else a.stop();
    }
    if (play) {
      play.classList.toggle('is-paused', !wanted);
      play.querySelector('.visually-hidden')!.textContent = wanted ? 'Pause slideshow' : 'Play slideshow';
    }
  };
  const stopForGood = () => {
    if (!wanted) return;
    wanted = false;
    syncPlay();
  };

  let dots: HTMLButtonElement[] = [];
  const makeDot = (i: number) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'carousel__dot';
    const label = document.createElement('span');
    label.className = 'visually-hidden';
    label.textContent = `Go to slide ${i + 1}`;
    b.append(label);
    b.addEventListener('click', () => {
      stopForGood();
      embla.scrollTo(i, jump);
    });
    return b;
  };
  const show = () => {
    const snaps = embla.scrollSnapList();
    if (dotsBox && dots.length !== snaps.length) {
      dots = snaps.map((_, i) => makeDot(i));
      dotsBox.replaceChildren(...dots);
    }
    const selected = embla.selectedScrollSnap();
    dots.forEach((d, i) => {
      d.classList.toggle('is-active', i === selected);
      if (i === selected) d.setAttribute('aria-current', 'true');
      else d.removeAttribute('aria-current');
    });
    prev.disabled = !embla.canScrollPrev();
    next.disabled = !embla.canScrollNext();
    controls.hidden = snaps.length < 2;
  };
  const onReInit = () => {
    show();
    syncPlay();
  };

  const onPrev = () => {
    stopForGood();
    embla.scrollPrev(jump);
  };
  const onNext = () => {
    stopForGood();
    embla.scrollNext(jump);
  };
  const onPlay = () => {
    wanted = !wanted;
    syncPlay();
  };
  embla.on('select', show).on('reInit', onReInit).on('pointerDown', stopForGood);
  // Focusing a slide's link (a keyboard visitor reading it) stops the autoplay too.
  viewport.addEventListener('focusin', stopForGood);
  prev.addEventListener('click', onPrev);
  next.addEventListener('click', onNext);
  play?.addEventListener('click', onPlay);
  document.addEventListener('visibilitychange', syncPlay);
  const seen = new IntersectionObserver((entries) => {
    inView = entries[entries.length - 1].isIntersecting;
    syncPlay();
  });
  seen.observe(root);

  show();
  syncPlay();
  controls.classList.remove('is-pending');

  return () => {
    seen.disconnect();
    viewport.removeEventListener('focusin', stopForGood);
    prev.removeEventListener('click', onPrev);
    next.removeEventListener('click', onNext);
    play?.removeEventListener('click', onPlay);
    document.removeEventListener('visibilitychange', syncPlay);
    embla.destroy();
    viewport.classList.remove('is-ready');
    if (tabIndex !== null) viewport.setAttribute('tabindex', tabIndex);
  };
}
