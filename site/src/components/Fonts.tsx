import { preload } from 'react-dom';
import poppins400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url';
import poppins500 from '@fontsource/poppins/files/poppins-latin-500-normal.woff2?url';
import poppins600 from '@fontsource/poppins/files/poppins-latin-600-normal.woff2?url';
import poppins700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url';

/** The woff2 files of src/fonts/poppins.css; both builds hash them alike, so these are the client's URLs. */
export const FONT_FILES = [poppins400, poppins500, poppins600, poppins700];

/**
 * Asks for the page's fonts at the start of the load instead of after the CSS is parsed: React puts
 * the <link rel="preload"> hints in front of the markup and the render server hands them to the head.
 * With font-display: optional, a font that is there by the first paint is used and one that is not
 * never swaps in, so text never reflows under the reader.
 */
export function FontPreloads() {
  for (const href of FONT_FILES) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return null;
}
