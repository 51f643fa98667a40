// The forms with and without a Turnstile site key. Cloudflare is never called: jsdom does not
// fetch scripts, and the test stands in for the script's API once its tag is on the page.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ContactPopup, { loadPopupForm } from '../components/ContactPopup';
import ContactForm from '../components/ContactForm';
import { OPEN_POPUP_EVENT } from './events';
import { resetTurnstileLoader, TURNSTILE_SCRIPT, type TurnstileApi, type TurnstileOptions } from './turnstile';

const KEY = '1x00000000000000000000AA';

const turnstileScripts = () => Array.from(document.querySelectorAll('script')).filter((s) => s.src.includes('challenges.cloudflare.com'));

/** Stands in for Cloudflare's script once the form has put its tag on the page. */
function arrive(): { api: TurnstileApi; widgets: TurnstileOptions[]; pass: (token: string) => void } {
  const widgets: TurnstileOptions[] = [];
  const api: TurnstileApi = {
    render: vi.fn((el: HTMLElement, options: TurnstileOptions) => {
      widgets.push(options);
      el.setAttribute('data-widget', String(widgets.length));
      return `w${widgets.length}`;
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  const [script] = turnstileScripts();
  expect(script, 'the Turnstile script tag').toBeTruthy();
  window.turnstile = api;
  act(() => {
    script.dispatchEvent(new Event('load'));
  });
  return { api, widgets, pass: (token) => act(() => widgets[widgets.length - 1].callback(token)) };
}

function sentBody(fetchMock: ReturnType<typeof vi.fn>) {
  return JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
}

function fillPopup() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Verma' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'asha@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '9811045672' } });
}

afterEach(() => {
  delete window.turnstile;
  resetTurnstileLoader();
  for (const s of turnstileScripts()) s.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
});

beforeAll(async () => {
  await loadPopupForm(); // the popup's form, fetched ahead as a page does before it opens
});

describe('Turnstile on the forms', () => {
  it('loads nothing from outside without a site key, and sends no token', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} />);
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_POPUP_EVENT));
    });
    fillPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(turnstileScripts()).toHaveLength(0);
    expect(container.ownerDocument.querySelector('.turnstile')).toBeNull();
    expect(sentBody(fetchMock)).not.toHaveProperty('cf-turnstile-response');
  });

  it('loads the script when the popup opens (not before), renders the widget and sends its token once', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactPopup formEndpoint="/popup" autoOpenMs={0} turnstileSiteKey={KEY} />);
    expect(turnstileScripts()).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_POPUP_EVENT));
    });
    expect(turnstileScripts().map((s) => s.src)).toEqual([TURNSTILE_SCRIPT]);
    const { api, widgets, pass } = arrive();
    await waitFor(() => expect(widgets).toHaveLength(1));
    expect(widgets[0].sitekey).toBe(KEY);
    expect(document.querySelector('.popup form .turnstile')?.getAttribute('data-widget')).toBe('1');

    // Sent before the check has passed: the visitor is asked to complete it, nothing goes out.
    fillPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('status').textContent).toBe('Please complete the security check above, then send again.');
    expect(fetchMock).not.toHaveBeenCalled();

    pass('token-1');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
    expect(sentBody(fetchMock)['cf-turnstile-response']).toBe('token-1');
    // A token is good for one send: the widget is asked for a new one.
    expect(api.reset).toHaveBeenCalledWith('w1');
  });

  it('still sends when the challenge cannot run (the server keeps the enquiry, in its spam folder)', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" turnstileSiteKey={KEY} />);
    const [script] = turnstileScripts();
    await act(async () => {
      script.dispatchEvent(new Event('error')); // the load fails; the form learns it a moment later
    });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Verma' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+91 98110 45672' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A new website, please.' } });
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).not.toHaveProperty('cf-turnstile-response');
  });

  it('renders the contact form widget at once and sends its token', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" turnstileSiteKey={KEY} />);
    const { widgets, pass } = arrive();
    await waitFor(() => expect(widgets).toHaveLength(1));
    pass('token-2');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Verma' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+91 98110 45672' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A new website, please.' } });
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)['cf-turnstile-response']).toBe('token-2');
  });
});
