import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import Header, { SITE_MENU_PAGE } from './Header';
import { OPEN_POPUP_EVENT } from '../lib/events';
import { site } from '../test/fixture';

const props = { siteName: site.name, servicesMenu: site.servicesMenu, route: '/' };

describe('Header', () => {
  it('has the main links and the six Services links', () => {
    render(<Header {...props} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [['Home', '/'], ['Blog', '/blog/'], ['Contact Us', '/contactus/'], ['About Us', '/about/']]) {
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }
    expect(nav.querySelectorAll('#services-menu a')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('toggles the mobile menu with aria-expanded', () => {
    render(<Header {...props} />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('site-menu');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('Close menu');
    expect(document.getElementById('site-menu')?.className).toContain('is-open');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu and scrolls to the top when a link is clicked', () => {
    render(<Header {...props} />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    const link = screen.getByRole('link', { name: 'Blog' });
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom does not navigate
    fireEvent.click(link);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('opens the Services dropdown with its button', () => {
    render(<Header {...props} />);
    const services = screen.getByRole('button', { name: 'Services' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(services);
    expect(services.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape gives the focus back to the button that opened the dropdown or the menu', () => {
    render(<Header {...props} />);
    const services = screen.getByRole('button', { name: 'Services' });
    fireEvent.click(services);
    const link = document.querySelector<HTMLAnchorElement>('#services-menu a')!;
    link.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(services.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(services);

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    screen.getByRole('link', { name: 'Blog' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('takes the scrolled style after 50px', () => {
    render(<Header {...props} />);
    const header = screen.getByRole('banner');
    expect(header.className).not.toContain('is-scrolled');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.className).not.toContain('is-scrolled');
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.className).toContain('is-scrolled');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('asks for the popup with the Contact with Us button', () => {
    const heard = vi.fn();
    window.addEventListener(OPEN_POPUP_EVENT, heard);
    render(<Header {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact with Us' }));
    expect(heard).toHaveBeenCalledTimes(1);
    window.removeEventListener(OPEN_POPUP_EVENT, heard);
  });

  it('works as plain links until it is hydrated (and with scripts off)', () => {
    const doc = new DOMParser().parseFromString(renderToString(<Header {...props} />), 'text/html');
    const toggle = doc.querySelector('.menu-toggle')!;
    expect(toggle.tagName).toBe('A');
    expect(toggle.getAttribute('href')).toBe(SITE_MENU_PAGE);
    expect(toggle.textContent).toBe('Menu');
    const cta = doc.querySelector('.site-nav__cta')!;
    expect(cta.tagName).toBe('A');
    expect(cta.getAttribute('href')).toBe('/contactus/');
    expect(doc.querySelector('.site-header')!.classList.contains('is-live')).toBe(false);

    render(<Header {...props} />); // mounted: effects have run
    expect(screen.getByRole('button', { name: 'Open menu' }).className).toBe('menu-toggle');
    expect(screen.getByRole('button', { name: 'Contact with Us' }).className).toContain('site-nav__cta');
    expect(screen.getByRole('banner').classList.contains('is-live')).toBe(true);
  });
});
