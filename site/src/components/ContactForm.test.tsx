import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ContactForm from './ContactForm';

function fill() {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Verma' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+91 98110 45672' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'A new website, please.' } });
}

afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('ContactForm', () => {
  it('works without JavaScript: method, action, required fields, honeypot and startedAt', () => {
    const { container } = render(<ContactForm formEndpoint="/popup" />);
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/popup');
    for (const label of ['Name', 'Email', 'Phone', 'Message']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required).toBe(true);
    }
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Phone').getAttribute('type')).toBe('tel');
    expect(form.querySelector('input[name="website"]')).toBeTruthy();
    const startedAt = form.querySelector('input[type="hidden"][name="startedAt"]') as HTMLInputElement;
    expect(Number(startedAt.value)).toBeGreaterThan(0);
  });

  it('sends JSON, shows the server message in view and clears the fields', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const shown = vi.fn();
    Element.prototype.scrollIntoView = shown; // jsdom lays out nothing and has none
    render(<ContactForm formEndpoint="/popup" />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(screen.getByRole('button', { name: /Sending\.\.\./ }).getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
    // On a phone the answer was under the screen's edge, below the emptied form. It is brought
    // into view by an effect, which runs after the answer is on the page.
    await waitFor(() => expect(shown.mock.contexts).toContain(screen.getByRole('status')));
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    // With the site's attribution setting (notice by default) the page the form is on goes too,
    // however soon after the page's load it is sent (the visit's code is awaited).
    expect(Object.keys(body).sort()).toEqual(['country', 'email', 'id', 'message', 'name', 'page', 'phone', 'source', 'startedAt', 'website']);
    expect(body.source).toBe('contact');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    vi.unstubAllGlobals();
  });

  it('keeps what the visitor typed while it was sending: the answer empties only the fields as they were sent', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((r) => { answer = r; }));
    vi.stubGlobal('fetch', fetchMock);
    Element.prototype.scrollIntoView = vi.fn();
    render(<ContactForm formEndpoint="/popup" />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'And the price of a logo?' } });
    answer(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('And the price of a logo?');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    vi.unstubAllGlobals();
  });

  it("shows the server's message for a 400, keeping the values", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{"error":"Phone number must be valid."}', { status: 400 }))));
    render(<ContactForm formEndpoint="/popup" />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Phone number must be valid.'));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('A new website, please.');
    vi.unstubAllGlobals();
  });

  it('answers the check of a phone number by sending it again: the number goes back as checked, a changed one is asked about afresh', async () => {
    const asked = 'Please check your phone number: it does not look like a phone number in India. If it is right, send it again.';
    const answers = [
      new Response(JSON.stringify({ error: asked, confirm: 'phoneChecked' }), { status: 400 }),
      new Response(JSON.stringify({ error: asked, confirm: 'phoneChecked' }), { status: 400 }),
      new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 }),
    ];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift()!));
    vi.stubGlobal('fetch', fetchMock);
    Element.prototype.scrollIntoView = vi.fn();
    render(<ContactForm formEndpoint="/popup" />);
    fill();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+91 99999 888' } });
    const send = () => fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    const bodies = () => (fetchMock.mock.calls as unknown as [string, RequestInit][]).map((c) => JSON.parse(String(c[1].body)));
    send();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(asked));
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+91 99999 8888' } }); // corrected, still a digit short
    send();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: /Send Message/ }).getAttribute('aria-disabled')).toBeNull());
    send(); // "it is right"
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
    const [first, second, third] = bodies();
    expect(first.phoneChecked).toBeUndefined();
    expect(second.phoneChecked).toBeUndefined(); // another number than the one asked about
    expect(third.phoneChecked).toBe('+91 99999 8888');
    expect(third.phone).toBe('+91 99999 8888');
    expect(new Set([first.id, second.id, third.id]).size).toBe(1); // one enquiry throughout
    vi.unstubAllGlobals();
  });

  it('has the country choice of the popup, posted with the form without JavaScript', () => {
    const { container } = render(<ContactForm formEndpoint="/popup" defaultCountry="IN" />);
    const select = container.querySelector('select[name="country"]') as HTMLSelectElement;
    expect(select).toBeTruthy();
    expect(screen.getByLabelText('Country code')).toBe(select);
  });

  it("holds the e-mail to the server's rule and says so with the spec's message, sending nothing", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Thanks!' }), { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm formEndpoint="/popup" />);
    fill();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    // The browser's own type="email" check lets these through; the server refuses them.
    fireEvent.change(email, { target: { value: 'a&b@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('contact-email-error');
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(email, { target: { value: 'visitor@example.com' } });
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Send Message/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thanks!'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
