// What a StudentScroller (./StudentScroller.tsx) does once in view: its arrows scroll the row by
// SCROLL_STEP_PX (SPEC: 1050 px a click).
import { prefersReducedMotion } from '../lib/motion';

export const SCROLL_STEP_PX = 1050;

/** Runs the scroller under root; returns what stops it (for tests). */
export default function scroller(root: HTMLElement): () => void {
  const track = root.querySelector<HTMLElement>('.scroller__track')!;
  const controls = root.querySelector<HTMLElement>('.scroller__controls')!;
  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-scroll]') : null;
    if (!button) return;
    track.scrollBy({ left: Number(button.dataset.scroll) * SCROLL_STEP_PX, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };
  controls.addEventListener('click', onClick);
  controls.classList.remove('is-pending');
  return () => controls.removeEventListener('click', onClick);
}
