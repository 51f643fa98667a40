// Every island by name, for the server (static imports). The client's lazy table is loaders.ts;
// a test checks that both list the same names. Parts that need only a few lines of script and no
// framework (the carousels, the student scroller) are not islands: see enhancers in loaders.ts.
import Header from '../components/Header';
import ContactPopup from '../components/ContactPopup';
import ContactForm from '../components/ContactForm';
import SearchPage from '../search/SearchPage';

export const islands = {
  Header,
  ContactPopup,
  ContactForm,
  SearchPage,
};

export type IslandName = keyof typeof islands;
