import type { ReactNode } from 'react';
import type { SiteInfo } from '../types';
import type { AttributionMode } from '../lib/attribution';
import { Island } from '../islands/Island';
import { contactOf } from '../lib/contact';
import { Footer } from './Footer';
import { FloatingWidget } from './FloatingWidget';
import { FontPreloads } from './Fonts';

export const HOME_POPUP_DELAY_MS = 6000;

const norm = (s: string) => (s.replace(/\/+$/, '') || '/').toLowerCase();

/**
 * The header only needs to know which of its links is the current page. Handing it that link (or
 * "-" for none) instead of the route makes the frame of every page that is not in the menu the same,
 * so the server renders it once (see entry-server.tsx).
 */
export function currentNavHref(site: SiteInfo, route: string): string {
  const r = norm(route || '/');
  const links = ['/', '/blog/', '/contactus/', '/about/', ...(site.servicesMenu ?? []).map((l) => l.href)];
  return links.find((href) => norm(href) === r) ?? '-';
}

/** The shared frame of every page: skip link, header, main, footer, floating widget, popup. */
export function Layout({ site, route, children }: { site: SiteInfo; route: string; children: ReactNode }) {
  const isHome = route === '/' || route === '';
  return (
    <div className="site" data-beacon={site.beacon || undefined}>
      <FontPreloads />
      <a href="#main" className="skip-link">Skip to content</a>
      <Island name="Header" props={{ siteName: site.name, servicesMenu: site.servicesMenu ?? [], route: currentNavHref(site, route) }} />
      <main id="main" tabIndex={-1}>{children}</main>
      <Footer site={site} />
      <FloatingWidget site={site} />
      <Island name="ContactPopup" props={{ formEndpoint: site.formEndpoint, turnstileSiteKey: site.turnstileSiteKey,
        autoOpenMs: isHome ? HOME_POPUP_DELAY_MS : 0, defaultCountry: site.defaultCountry, contact: contactOf(site), attribution: site.attribution as AttributionMode }} />
    </div>
  );
}

export interface Crumb { href?: string; label: string }

/** Title band of the inner pages, holding the page's one h1. */
export function PageHero({ title, intro, crumbs, children, className = '' }: { title: string; intro?: string; crumbs?: Crumb[]; children?: ReactNode; className?: string }) {
  return (
    <section className={'page-hero ' + className}>
      <div className="container">
        {crumbs && crumbs.length > 0 && (
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li><a href="/">Home</a></li>
              {crumbs.map((c) => (
                <li key={c.label}>{c.href ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
              ))}
            </ol>
          </nav>
        )}
        <h1 className="page-hero__title">{title}</h1>
        {intro && <p className="page-hero__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
