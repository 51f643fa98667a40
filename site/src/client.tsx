// The one client script of every page: styles, then the islands that the page contains.
import './fonts/poppins.css';
import './styles.css';
import { hydrateIslands } from './islands/hydrate';

hydrateIslands().catch((err) => console.error('Hydration failed', err));
