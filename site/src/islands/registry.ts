// Every island by name, for the server (static imports). The client's lazy table is loaders.ts;
// a test checks that both list the same names.
import Header from '../components/Header';
import ContactPopup from '../components/ContactPopup';
import ContactForm from '../components/ContactForm';
import HeroSlider from '../home/HeroSlider';
import TestimonialsCarousel from '../home/TestimonialsCarousel';
import BlogCarousel from '../home/BlogCarousel';
import StudentScroller from '../pages/StudentScroller';
import SearchPage from '../search/SearchPage';

export const islands = {
  Header,
  ContactPopup,
  ContactForm,
  HeroSlider,
  TestimonialsCarousel,
  BlogCarousel,
  StudentScroller,
  SearchPage,
};

export type IslandName = keyof typeof islands;
