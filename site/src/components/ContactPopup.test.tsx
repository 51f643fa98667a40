import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ContactPopup, { forgetPopupForm, loadPopupForm } from './ContactPopup';
import { OPEN_POPUP_EVENT, requestPopup } from '../lib/events';
import { POPUP_MEMORY_KEY, QUIET_AFTER_CLOSE_MS, QUIET_AFTER_SEND_MS } from '../lib/popupMemory';

const SERVER_MESSAGE = 'Thank you! Your message has been sent. We will get back to you soon.';
const CONTACT = { phone: '+919811045672', phoneDisplay: '+91 98110 45672', chatUrl: 'https://wa.me/919811045672', email: 'hello@digitalreeviver.com' };

function expectFallbackLinks() {
  expect(screen.getByRole('link', { name: /call \+91 98110 45672/ }).getAttribute('href')).toBe('tel:+919811045672');
  expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919811045672');
  expect(screen.getByRole('link', { name: /hello@digitalreeviver.com/ }).getAttribute('href')).toBe('mailto:hello@digitalreeviver.com');
}

function openPopup() {
  act(() => {
    window.dispatchEvent(new CustomEvent(OPEN_POPUP_EVENT));
  });
  return screen.getByRole('dialog', { name: 'Contact Us' });
}

function fill({ name = 'Asha Verma', email = 'asha@example.com', phone = '9811045672', message = 'Need SEO help' } = {}) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: message } });
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

// The form's code is fetched before the popup opens on a page (lib: loadPopupForm); here it is
// fetched once ahead, so these tests open the popup as a visitor does once it has arrived.
beforeAll(async () => {
  await loadPopupForm();
});

describe('ContactPopup', () => {
  it("opens as it wakes when the header's button was pressed before (the header wakes first)", () => {
    requestPopup(); // nobody listens yet
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    expect(screen.getByRole('dialog', { name: 'Contact Us' })).toBeTruthy();
    cleanup();
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    expect(screen.queryByRole('dialog')).toBeNull(); // the request was taken once
  });

  it("fetches its form's code when first asked, then opens whole with focus on Name", async () => {
    forgetPopupForm(); // a page's first popup: the form's code not yet fetched
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_POPUP_EVENT));
    });
    expect(screen.queryByRole('dialog')).toBeNull(); // no half-drawn dialog while the code comes
    await screen.findByRole('dialog', { name: 'Contact Us' });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await loadPopupForm();
  });

  it('is closed until asked, then is a labelled modal dialog with focus inside', () => {
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = openPopup();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByLabelText(/^Email/).closest('.field')?.textContent).toContain('(optional)');
    // The visitor's country (here the test browser's en-US), not a fixed one.
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('us');
  });

  it('closes with Escape and with the close button', () => {
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from any [data-open-popup] element', () => {
    render(
      <>
        <a href="/contactus" data-open-popup="">Enquire</a>
        <ContactPopup formEndpoint="/popup" autoOpenMs={0} />
      </>,
    );
    fireEvent.click(screen.getByText('Enquire'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('opens by itself after autoOpenMs, and never when it is 0', () => {
    vi.useFakeTimers();
    try {
      const { unmount } = render(<ContactPopup formEndpoint="/popup" autoOpenMs={6000} />);
      act(() => { vi.advanceTimersByTime(5999); });
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => { vi.advanceTimersByTime(1); });
      expect(screen.getByRole('dialog')).toBeTruthy();
      unmount();
      render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
      act(() => { vi.advanceTimersByTime(60000); });
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('validates the email on every change, and the error clears once valid', () => {
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    const email = screen.getByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'asha@' } });
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'asha@example.com' } });
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it("holds the email to the server's rule: what the spec pattern lets through but the server refuses is an error here", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    for (const address of ['visitor@example.com?bcc=x@evil.example', 'a&b@example.com', 'asha@example.123', 'asha@exa_mple.in']) {
      fill({ email: address });
      expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    // Letters of any script, as the server takes them.
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'राज@उदाहरण.भारत' } });
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('sends nothing while any field is invalid', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    fill({ email: 'not-an-email', phone: '12345' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Phone number must be valid.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    vi.unstubAllGlobals();
  });

  it('sends without an e-mail: "(optional)" means optional (a deviation from SPEC §5)', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: SERVER_MESSAGE }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    fill({ email: '' });
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SERVER_MESSAGE));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.email).toBe('');
    vi.unstubAllGlobals();
  });

  it('shows Sending..., posts JSON, then shows the server message and clears the form', async () => {
    const reply = deferred<Response>();
    const fetchMock = vi.fn(() => reply.promise);
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    fill();
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: 'in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    const busy = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(busy.getAttribute('aria-disabled')).toBe('true'); // not disabled: that drops the keyboard focus
    fireEvent.click(busy); // pressed again while sending: nothing more is sent
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1)); // the sending code arrives first
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/popup');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ source: 'popup', name: 'Asha Verma', email: 'asha@example.com', country: 'in', phone: '9811045672',
      message: 'Need SEO help', website: '' });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(typeof body.startedAt).toBe('number');
    expect(body.startedAt).toBeGreaterThan(0);

    await act(async () => {
      reply.resolve(new Response(JSON.stringify({ message: SERVER_MESSAGE }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SERVER_MESSAGE));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send Message' }).getAttribute('aria-disabled')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('on a 500 tries the intake at once, and when that fails too shows "Failed to send message" with our phone, WhatsApp and e-mail, keeping the values', async () => {
    const fetchMock = vi.fn((_url: string) => Promise.resolve(new Response('{"error":"internal error"}', { status: 500 })));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} contact={CONTACT} />);
    openPopup();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Failed to send message'));
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/popup', '/intake.json']);
    expectFallbackLinks();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Asha Verma');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('9811045672');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Need SEO help');
    vi.unstubAllGlobals();
  });

  it('keeps what the visitor typed while it was sending: the answer empties only the fields as they were sent', async () => {
    const reply = deferred<Response>();
    const fetchMock = vi.fn(() => reply.promise);
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    openPopup();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // A second question, started while the first is on its way.
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'And the price of a logo?' } });
    await act(async () => {
      reply.resolve(new Response(JSON.stringify({ message: SERVER_MESSAGE }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SERVER_MESSAGE));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('And the price of a logo?');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('');
    vi.unstubAllGlobals();
  });

  it("shows a 400's own message at once, without retrying", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{"error":"Phone number must be valid."}', { status: 400 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} contact={CONTACT} />);
    openPopup();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Phone number must be valid.'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('retries an unreachable server for about 20 s with one id, then the intake, then says so with our links', async () => {
    vi.useFakeTimers();
    const calls: [string, RequestInit | undefined][] = [];
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return url === '/popup' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('', { status: 404 }));
    }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} contact={CONTACT} />);
      openPopup();
      fill();
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      await act(async () => { await vi.advanceTimersByTimeAsync(10000); }); // midway through the retries
      expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();
      await vi.runAllTimersAsync();
      await act(async () => { await vi.advanceTimersByTimeAsync(1000); });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Failed to send message'));
    expectFallbackLinks();
    const posts = calls.filter(([url]) => url === '/popup');
    expect(posts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(posts.map(([, init]) => JSON.parse(String(init!.body)).id)).size).toBe(1);
    expect(calls.some(([url]) => url === '/intake.json')).toBe(true);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Need SEO help');
    vi.unstubAllGlobals();
  });

  describe('opening by itself again', () => {
    const DAY = 24 * 60 * 60 * 1000;
    // Renders the home page's popup and reports whether it opened by itself after its 6 s.
    function autoOpens(): boolean {
      const { unmount } = render(<ContactPopup formEndpoint="/popup" autoOpenMs={6000} />);
      act(() => { vi.advanceTimersByTime(6000); });
      const opened = screen.queryByRole('dialog') !== null;
      unmount();
      return opened;
    }

    it('stays shut for a week after the visitor closed it, then opens again', () => {
      vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z') });
      try {
        expect(autoOpens()).toBe(true); // a first visit
        render(<ContactPopup formEndpoint="/popup" autoOpenMs={6000} />);
        act(() => { vi.advanceTimersByTime(6000); });
        fireEvent.click(screen.getByRole('button', { name: 'Close' }));
        cleanup();
        const stored = JSON.parse(localStorage.getItem(POPUP_MEMORY_KEY)!);
        expect(stored).toEqual({ reason: 'closed', until: Date.now() + QUIET_AFTER_CLOSE_MS });
        expect(autoOpens()).toBe(false); // the next visit, at once
        vi.setSystemTime(Date.now() + QUIET_AFTER_CLOSE_MS - DAY);
        expect(autoOpens()).toBe(false);
        vi.setSystemTime(Date.now() + DAY + 1);
        expect(autoOpens()).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it('stays shut for a month after an enquiry was sent, even when closed afterwards', async () => {
      vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: SERVER_MESSAGE }), { status: 200 }))));
      render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
      openPopup();
      fill();
      fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SERVER_MESSAGE));
      fireEvent.click(screen.getByRole('button', { name: 'Close' })); // a close must not shorten the quiet time
      cleanup();
      vi.unstubAllGlobals();
      const stored = JSON.parse(localStorage.getItem(POPUP_MEMORY_KEY)!);
      expect(stored.reason).toBe('sent');
      expect(stored.until - Date.now()).toBeGreaterThan(QUIET_AFTER_SEND_MS - 60_000);
      vi.useFakeTimers({ now: Date.now() + QUIET_AFTER_CLOSE_MS + DAY });
      try {
        expect(autoOpens()).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });

    it('still opens from the buttons while it will not open by itself', () => {
      localStorage.setItem(POPUP_MEMORY_KEY, JSON.stringify({ reason: 'closed', until: Date.now() + DAY }));
      render(<ContactPopup formEndpoint="/popup" autoOpenMs={6000} />);
      expect(openPopup()).toBeTruthy();
    });

    it('ignores a stored value it cannot read, and one set by a wrong clock far ahead', () => {
      vi.useFakeTimers();
      try {
        localStorage.setItem(POPUP_MEMORY_KEY, '{not json');
        expect(autoOpens()).toBe(true);
        localStorage.setItem(POPUP_MEMORY_KEY, JSON.stringify({ reason: 'closed', until: Date.now() + 10 * 365 * DAY }));
        expect(autoOpens()).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it('remembers a close within the page when storage is refused', () => {
      vi.useFakeTimers();
      const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => { throw new DOMException('denied', 'SecurityError'); });
      try {
        render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
        openPopup();
        fireEvent.keyDown(document, { key: 'Escape' });
        cleanup();
        expect(setItem).toHaveBeenCalled();
        expect(autoOpens()).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
