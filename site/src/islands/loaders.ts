import type { ComponentType } from 'react';
import type { IslandName } from './registry';

type Loader = () => Promise<{ default: ComponentType<any> }>;

// One dynamic import per island: a page downloads only the code of the islands it contains.
export const loaders: Record<IslandName, Loader> = {
  Header: () => import('../components/Header'),
  ContactPopup: () => import('../components/ContactPopup'),
  ContactForm: () => import('../components/ContactForm'),
  SearchPage: () => import('../search/SearchPage'),
};

/**
 * When each island wakes up, once the page has loaded (see boot.ts): 'load' at once, 'idle' after
 * those, 'visible' when it comes near the screen; 'loaded' at once too, but never before the load
 * event, even on a page whose load takes longer than boot's LATEST_START_MS (when the others
 * wake without it). Nothing wakes before the page has loaded, so the first paint waits for no
 * script. The contact form wakes at once: a visitor may start typing in it straight away, and
 * until it wakes it is the plain form that posts without a script. It is 'loaded': its code holds
 * what the leads work adds (the phone field's country, the attribution line and the visit's
 * door), which issue 26.2 wants fetched after the page's load, on every page.
 */
export type Wake = 'load' | 'loaded' | 'idle' | 'visible';
export const wake: Record<IslandName, Wake> = {
  Header: 'load',
  SearchPage: 'load',
  ContactForm: 'loaded',
  ContactPopup: 'idle',
};

type Enhancer = () => Promise<{ default: (root: HTMLElement) => () => void }>;

/** Plain HTML that a few lines of script bring to life ([data-enhance=NAME]), when it comes into view. */
export const enhancers: Record<string, Enhancer> = {
  carousel: () => import('../home/carousel'),
  scroller: () => import('../pages/scroller'),
};
