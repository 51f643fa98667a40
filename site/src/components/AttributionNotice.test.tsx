import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ContactPopup, { loadPopupForm } from './ContactPopup';
import ContactForm from './ContactForm';
import { NOTICE, PRIVACY_HREF } from './AttributionNotice';
import { OPEN_POPUP_EVENT } from '../lib/events';
import { capture, resetCapture } from '../lib/attribution';

function landFromAnAd() {
  resetCapture();
  window.history.replaceState(null, '', '/seo-services-in-delhi/?utm_source=google&utm_medium=cpc&utm_campaign=Diwali&gclid=abc123');
  capture(window.location, 'https://www.google.com/');
  window.history.replaceState(null, '', '/contactus/'); // two pages later, the form
  resetCapture();
  capture(window.location, 'http://localhost:3000/blog/');
}

/** Lets the forms' visit code arrive: the browser is idle at once, and the import resolves. */
const visitCodeLoaded = () => act(async () => void (await import('../lib/attribution')));

beforeAll(async () => {
  await loadPopupForm(); // the popup's form, fetched ahead as a page does before it opens
});

beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', (run: () => void) => {
    run();
    return 0;
  });
});

function fillAndSend(email = 'Email') {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Verma' } });
  fireEvent.change(screen.getByLabelText(new RegExp(`^${email}`)), { target: { value: 'asha@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '9811045672' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'SEO please' } });
  fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
}

function sentBody(fetchMock: ReturnType<typeof vi.fn>) {
  return JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
}

const ok = () => vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));

describe('the forms and the visit that brought the visitor', () => {
  it('the popup says what is kept beside its button and sends the visit with the enquiry', async () => {
    landFromAnAd();
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} attribution="notice" />);
    act(() => void window.dispatchEvent(new CustomEvent(OPEN_POPUP_EVENT)));
    await visitCodeLoaded();
    const line = screen.getByText(NOTICE.kept, { exact: false });
    expect(line.querySelector('a')?.getAttribute('href')).toBe(PRIVACY_HREF);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ page: '/contactus/', landing: '/seo-services-in-delhi/', referrer: 'www.google.com',
      utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'Diwali', gclid: 'abc123' });
    vi.unstubAllGlobals();
  });

  it('with consent, the contact form sends the click id only once the box is ticked', async () => {
    landFromAnAd();
    let fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" attribution="consent" />);
    await visitCodeLoaded();
    const box = screen.getByRole('checkbox', { name: NOTICE.consent }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ landing: '/seo-services-in-delhi/', utm_campaign: 'Diwali' });
    expect(sentBody(fetchMock).gclid).toBeUndefined();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
    fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(box);
    fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({ gclid: 'abc123', adConsent: 'true' });
    vi.unstubAllGlobals();
  });

  it('with the setting off there is no line and nothing of the visit is sent', async () => {
    landFromAnAd();
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" attribution="off" />);
    expect(screen.queryByText(NOTICE.kept, { exact: false })).toBeNull();
    fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = sentBody(fetchMock);
    expect(body.name).toBe('Asha Verma');
    for (const k of ['page', 'landing', 'referrer', 'utm_source', 'utm_campaign', 'gclid', 'adConsent']) expect(body[k]).toBeUndefined();
    vi.unstubAllGlobals();
  });

  it('a browser sending Global Privacy Control is told nothing is kept, and nothing is sent', async () => {
    landFromAnAd();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    const fetchMock = ok();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" attribution="consent" />);
    await waitFor(() => expect(screen.getByText(NOTICE.declined, { exact: false })).toBeTruthy());
    expect(screen.queryByRole('checkbox')).toBeNull();
    fillAndSend();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock).landing).toBeUndefined();
    expect(sentBody(fetchMock).page).toBeUndefined();
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
    vi.unstubAllGlobals();
  });

  it("the popup's island, on every page, sends the page view's beacon once the browser is idle, opened or not", async () => {
    const sent: string[] = [];
    Object.defineProperty(navigator, 'sendBeacon', { value: (url: string) => sent.push(url), configurable: true });
    document.body.innerHTML = '<div class="site" data-beacon="/beacon"></div>';
    landFromAnAd();
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} attribution="notice" />);
    await waitFor(() => expect(sent).toEqual(['/beacon']));
    expect(screen.queryByRole('dialog')).toBeNull();
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
  });
});
