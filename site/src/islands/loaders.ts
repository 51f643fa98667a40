import type { ComponentType } from 'react';
import type { IslandName } from './registry';

type Loader = () => Promise<{ default: ComponentType<any> }>;

// One dynamic import per island: a page downloads only the code of the islands it contains
// (embla only where there is a carousel).
export const loaders: Record<IslandName, Loader> = {
  Header: () => import('../components/Header'),
  ContactPopup: () => import('../components/ContactPopup'),
  ContactForm: () => import('../components/ContactForm'),
  HeroSlider: () => import('../home/HeroSlider'),
  TestimonialsCarousel: () => import('../home/TestimonialsCarousel'),
  BlogCarousel: () => import('../home/BlogCarousel'),
  StudentScroller: () => import('../pages/StudentScroller'),
  SearchPage: () => import('../search/SearchPage'),
};
