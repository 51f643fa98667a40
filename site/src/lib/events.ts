/** Window event that opens the Contact Us popup (dispatched by the header's button). */
export const OPEN_POPUP_EVENT = 'contact-popup:open';

// The header wakes as the page loads, the popup when the browser is next idle (islands/loaders.ts):
// a click on the header's button in between would dispatch the event to nobody and be lost. The
// request is kept until the popup takes it as it wakes.
let requested = false;

/** Asks the popup to open: now if it is awake, else as soon as it wakes. */
export function requestPopup(): void {
  requested = true;
  window.dispatchEvent(new CustomEvent(OPEN_POPUP_EVENT));
}

/** Whether the popup was asked to open (by requestPopup) and has not yet taken the request. */
export function takePopupRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
