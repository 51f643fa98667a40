// The one client script of every page: styles, then the islands that the page contains.
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/poppins/latin-700.css';
import './styles.css';
import { hydrateIslands } from './islands/hydrate';

hydrateIslands().catch((err) => console.error('Hydration failed', err));
