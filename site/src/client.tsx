// The one client script of every page: styles, then the islands and enhanced parts that the page
// contains, woken once it has loaded (islands/boot.ts). This file and boot.ts are all that a page
// runs before then; the framework and each island's code are fetched when they wake.
import './fonts/poppins.css';
import './styles.css';
import { boot } from './islands/boot';

boot();
