import { afterEach, describe, expect, it, vi } from 'vitest';
import { attributionFields, capture, keptVisit, privacySignal, resetCapture, sendPageView, STARTED_KEY, tapOf, VISIT_KEY, watchTaps } from './attribution';

/** A page at url, arrived at from referrer, as capture() reads it. */
function visitPage(url: string, referrer = '') {
  resetCapture();
  window.history.replaceState(null, '', url);
  return capture(window.location, referrer);
}

afterEach(() => {
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

describe('attribution', () => {
  it('keeps a tagged landing through the pages of the visit and sends it with the form page', () => {
    const first = visitPage('/seo-services-in-delhi/?utm_source=google&utm_medium=cpc&utm_campaign=Diwali%20Sale&gclid=Cj0KCQ_abc', 'https://www.google.com/');
    expect(first.entry).toBe(true);
    expect(keptVisit()).toEqual({ landing: '/seo-services-in-delhi/', referrer: 'www.google.com', utm_source: 'google',
      utm_medium: 'cpc', utm_campaign: 'Diwali Sale', gclid: 'Cj0KCQ_abc' });
    expect(visitPage('/blog/', 'http://localhost:3000/seo-services-in-delhi/').entry).toBe(false);
    visitPage('/contactus/', 'http://localhost:3000/blog/');
    expect(attributionFields('notice')).toEqual({ page: '/contactus/', landing: '/seo-services-in-delhi/', referrer: 'www.google.com',
      utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'Diwali Sale', gclid: 'Cj0KCQ_abc' });
  });

  it('keeps nothing for a direct visit, and a later direct visit in the tab leaves the campaign its enquiry carries', () => {
    visitPage('/', '');
    expect(window.sessionStorage.getItem(VISIT_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(STARTED_KEY)).toBe('1');
    expect(attributionFields('notice')).toEqual({ page: '/' });
    visitPage('/?utm_source=newsletter&utm_medium=email&utm_campaign=smo-dec', '');
    expect(keptVisit()?.utm_medium).toBe('email');
    const direct = visitPage('/blog/', ''); // typed in: a new visit, counted as direct...
    expect(direct.entry).toBe(true);
    expect(direct.visit).toBeNull();
    // ...whose enquiry is the campaign's, the last visit that was not direct (as GA4 credits).
    expect(attributionFields('notice')).toEqual({ page: '/blog/', landing: '/', utm_source: 'newsletter', utm_medium: 'email',
      utm_campaign: 'smo-dec' });
    visitPage('/about/', 'https://www.facebook.com/'); // another site: replaces it
    expect(keptVisit()).toEqual({ landing: '/about/', referrer: 'www.facebook.com' });
  });

  it('takes a visit from another site as a new one, and leaves the full referring address out', () => {
    visitPage('/?utm_campaign=old', 'https://www.facebook.com/some/post?id=1');
    const v = visitPage('/blog/x/', 'https://news.example.org/article/42');
    expect(v.entry).toBe(true);
    expect(keptVisit()).toEqual({ landing: '/blog/x/', referrer: 'news.example.org' });
  });

  it('sends click ids only as the setting allows', () => {
    visitPage('/?gclid=abc&fbclid=def&utm_source=google', 'https://www.google.com/');
    expect(attributionFields('off')).toEqual({});
    expect(attributionFields('consent')).toEqual({ page: '/', landing: '/', referrer: 'www.google.com', utm_source: 'google' });
    expect(attributionFields('consent', true)).toMatchObject({ gclid: 'abc', fbclid: 'def', adConsent: 'true' });
    expect(attributionFields('notice').adConsent).toBeUndefined();
  });

  it('keeps and sends nothing when the browser asks not to be tracked', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    expect(privacySignal()).toBe(true);
    resetCapture();
    window.history.replaceState(null, '', '/?gclid=abc');
    expect(attributionFields('notice')).toEqual({});
    expect(window.sessionStorage.length).toBe(0);
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    expect(privacySignal()).toBe(true);
  });

  it('drops what the server would refuse anyway, and survives storage that throws', () => {
    const long = 'x'.repeat(300);
    visitPage(`/?utm_campaign=${long}&gclid=${long}`, '');
    expect(keptVisit()?.utm_campaign).toHaveLength(100);
    expect(keptVisit()?.gclid).toBeUndefined();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => visitPage('/?utm_source=x', 'https://a.example/')).not.toThrow();
  });

  it('sends one beacon a page: the path, and where the visit came from on its first page only, never a click id', () => {
    const sent: [string, string][] = [];
    Object.defineProperty(navigator, 'sendBeacon', { value: (url: string, body: URLSearchParams) => sent.push([url, String(body)]), configurable: true });
    document.body.innerHTML = '<div class="site" data-beacon="/beacon"></div>';
    visitPage('/seo/?utm_source=google&utm_medium=cpc&utm_campaign=Diwali%20Sale&gclid=abc&fbclid=def', 'https://www.google.com/');
    sendPageView();
    sendPageView(); // a second form on the page asks again
    expect(sent).toEqual([['/beacon', 'p=%2Fseo%2F&e=1&r=www.google.com&s=google&m=cpc&c=Diwali+Sale&a=1&f=1']]);
    document.body.innerHTML = '';
  });

  it('counts a tap on a call or WhatsApp link, wherever on the page, and no other link', () => {
    const sent: [string, string][] = [];
    Object.defineProperty(navigator, 'sendBeacon', { value: (url: string, body: URLSearchParams) => sent.push([url, String(body)]), configurable: true });
    document.body.innerHTML = '<div class="site" data-beacon="/beacon"><a id="call" href="tel:+919811045672"><svg><path id="icon"/></svg></a>' +
      '<a id="chat" href="https://wa.me/919811045672?text=Hi" target="_blank">WhatsApp</a><a id="other" href="/blog/">Blog</a></div>';
    history.replaceState(null, '', '/seo-services-in-delhi/');
    watchTaps();
    watchTaps(); // asked again: still one beacon a tap
    const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.getElementById('chat')!.addEventListener('click', (e) => e.preventDefault()); // no new tab in the test
    document.getElementById('other')!.addEventListener('click', (e) => e.preventDefault());
    click('icon'); // the icon inside the floating call button
    click('chat');
    click('other');
    expect(sent).toEqual([['/beacon', 'p=%2Fseo-services-in-delhi%2F&t=call'], ['/beacon', 'p=%2Fseo-services-in-delhi%2F&t=chat']]);
    expect(tapOf(document.getElementById('other')!)).toBe('');
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    click('call');
    expect(sent).toHaveLength(2); // the browser asks not to be tracked
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: undefined, configurable: true });
    document.body.innerHTML = '';
  });
});
