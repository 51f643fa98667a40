import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown, Menu, X } from '../lib/lucide';
import type { Link } from '../types';
import { requestPopup } from '../lib/events';
import SearchBox from '../search/SearchBox';

export interface HeaderProps {
  siteName: string;
  servicesMenu: Link[];
  route: string;
}

export const SCROLLED_AFTER_PX = 50;

/** The page that lists every link of the menu: where the menu button leads while scripts are off. */
export const SITE_MENU_PAGE = '/navbar/';

/** The header's own links around the Services dropdown (SPEC §2), in their order. */
const LINKS_BEFORE_SERVICES = [{ href: '/', label: 'Home' }, { href: '/blog/', label: 'Blog' }];
const LINKS_AFTER_SERVICES = [{ href: '/contactus/', label: 'Contact Us' }, { href: '/about/', label: 'About Us' }];

function isCurrent(route: string, href: string): boolean {
  const norm = (s: string) => (s.replace(/\/+$/, '') || '/').toLowerCase();
  return norm(route) === norm(href);
}

/**
 * Site header island: mobile menu toggle, Services dropdown, scrolled style, popup button.
 *
 * Until it is hydrated (and for good when scripts are off) the two controls that need a script are
 * links: the menu button leads to the page of every link (SITE_MENU_PAGE) and Contact with Us to the
 * contact page. Hydration swaps in the buttons; both kinds share their classes, so nothing moves.
 * The search box sits between the brand and the menu; the nav ends with an actions group (the
 * popup button), stacked in the phone menu.
 */
export default function Header({ siteName, servicesMenu, route }: HeaderProps) {
  const [live, setLive] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const dropdownRef = useRef<HTMLLIElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const servicesToggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setLive(true), []);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLLED_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Escape is heard from the render that opened the menu on (a layout effect: under Preact, as
  // the browser runs it, an effect waits for the next frame, and a key pressed at once was lost).
  useLayoutEffect(() => {
    if (!servicesOpen && !menuOpen) return;
    // Focus inside what closes goes back to the button that opened it: hidden, the link that
    // held it would drop it to the page, and the next Tab would start from the top.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const within = (el: HTMLElement | null) => !!el && el.contains(document.activeElement);
      if (servicesOpen) {
        if (within(dropdownRef.current)) servicesToggleRef.current?.focus();
        setServicesOpen(false);
      } else {
        if (within(navRef.current)) menuToggleRef.current?.focus();
        setMenuOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [servicesOpen, menuOpen]);

  // A click elsewhere closes the dropdown (after the frame: never the click that opened it).
  useEffect(() => {
    if (!servicesOpen) return;
    const onClick = (e: MouseEvent) => {
      if (dropdownRef.current && !dropdownRef.current.contains(e.target as Node)) setServicesOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [servicesOpen]);

  // Any link closes the mobile menu and goes back to the top (SPEC §2).
  const onLinkClick = () => {
    setMenuOpen(false);
    setServicesOpen(false);
    window.scrollTo({ top: 0, left: 0 });
  };

  const openPopup = () => {
    setMenuOpen(false);
    requestPopup();
  };

  const navLink = (href: string, label: string) => (
    <a href={href} className="nav-link" aria-current={isCurrent(route, href) ? 'page' : undefined} onClick={onLinkClick}>
      {label}
    </a>
  );
  const inServices = servicesMenu.some((l) => isCurrent(route, l.href));

  return (
    <header className={'site-header' + (live ? ' is-live' : '') + (scrolled ? ' is-scrolled' : '') + (menuOpen ? ' menu-open' : '')}>
      <div className="container site-header__inner">
        <a href="/" className="brand" onClick={onLinkClick}>
          <img src="/images/logo.svg" alt="" width={40} height={40} className="brand__mark" />
          <span className="brand__name">{siteName}</span>
        </a>
        <SearchBox />
        {live ? (
          <button
            ref={menuToggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden="true" size={24} /> : <Menu aria-hidden="true" size={24} />}
            <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        ) : (
          <a href={SITE_MENU_PAGE} className="menu-toggle">
            <Menu aria-hidden="true" size={24} />
            <span className="visually-hidden">Menu</span>
          </a>
        )}
        <nav ref={navRef} id="site-menu" className={'site-nav' + (menuOpen ? ' is-open' : '')} aria-label="Main">
          <ul className="nav-list">
            {LINKS_BEFORE_SERVICES.map((l) => <li key={l.href}>{navLink(l.href, l.label)}</li>)}
            <li ref={dropdownRef} className={'nav-dropdown' + (servicesOpen ? ' is-open' : '')}>
              <button
                ref={servicesToggleRef}
                type="button"
                className={'nav-link nav-dropdown__toggle' + (inServices ? ' is-current' : '')}
                aria-expanded={servicesOpen}
                aria-controls="services-menu"
                onClick={() => setServicesOpen((o) => !o)}
              >
                Services <ChevronDown aria-hidden="true" size={16} className="nav-dropdown__chevron" />
              </button>
              <ul id="services-menu" className="nav-dropdown__menu">
                {servicesMenu.map((l) => (
                  <li key={l.href}>{navLink(l.href, l.label)}</li>
                ))}
              </ul>
            </li>
            {LINKS_AFTER_SERVICES.map((l) => <li key={l.href}>{navLink(l.href, l.label)}</li>)}
          </ul>
          <div className="site-nav__actions">
            {live ? (
              <button type="button" className="btn btn--accent site-nav__cta" aria-haspopup="dialog" onClick={openPopup}>
                Contact with Us
              </button>
            ) : (
              <a href="/contactus/" className="btn btn--accent site-nav__cta">Contact with Us</a>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
