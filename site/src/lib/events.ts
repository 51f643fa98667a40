/** Window event that opens the Contact Us popup (dispatched by the header's button). */
export const OPEN_POPUP_EVENT = 'contact-popup:open';
