// Issue 26.2: the visit's code comes once the page has loaded and the browser is idle; an
// enquiry sent before that waits for it and carries the visit. In the islands' project: each
// file has modules of its own, so the visit's code is not here yet.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ContactForm from '../components/ContactForm';

// The visit's code is only ever imported on demand (the forms name its types): this notes when.
const imported: string[] = [];
vi.mock('../lib/attribution', async (importOriginal) => {
  imported.push('attribution');
  return importOriginal();
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a quick send', () => {
  it("an enquiry sent before the visit's code has arrived waits for it and carries the visit", async () => {
    // The browser is never idle here: the visit's code is not fetched ahead.
    vi.stubGlobal('requestIdleCallback', () => 0);
    window.history.replaceState(null, '', '/contactus/?utm_source=google&utm_medium=cpc&utm_campaign=test&gclid=abc');
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" attribution="notice" />);
    expect(imported).toEqual([]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Verma' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '9811045672' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'SEO please' } });
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(screen.getByRole('button', { name: /Sending\.\.\./ })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ name: 'Asha Verma', page: '/contactus/', landing: '/contactus/', utm_source: 'google',
      utm_medium: 'cpc', utm_campaign: 'test', gclid: 'abc' });
    expect(imported).toEqual(['attribution']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
  });
});
