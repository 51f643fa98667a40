import { Clock, Mail, MapPin, Phone } from '../lib/lucide';
import type { SiteInfo } from '../types';
import { SocialIcon, socialLabel } from './SocialIcon';

export function Footer({ site }: { site: SiteInfo }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-about">
          <h2 id="footer-about" className="visually-hidden">About {site.name}</h2>
          <a href="/" className="brand brand--light">
            <img src="/images/logo.svg" alt="" width={40} height={40} className="brand__mark" loading="lazy" />
            <span className="brand__name">{site.name}</span>
          </a>
          <p className="site-footer__tagline">{site.tagline}</p>
          {site.social?.length > 0 && (
            <ul className="social-list">
              {site.social.map((s) => (
                <li key={s.url}>
                  <a href={s.url} className="social-link" target="_blank" rel="noopener noreferrer">
                    <SocialIcon name={s.name} />
                    <span className="visually-hidden">{socialLabel(s.name)}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <nav className="site-footer__col" aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">Quick Links</h2>
          <ul className="footer-links">
            {(site.footerLinks ?? []).map((l) => (
              <li key={l.href + l.label}><a href={l.href}>{l.label}</a></li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__col" aria-labelledby="footer-services">
          <h2 id="footer-services" className="site-footer__heading">Services</h2>
          <ul className="footer-links">
            {(site.servicesMenu ?? []).map((l) => (
              <li key={l.href}><a href={l.href}>{l.label}</a></li>
            ))}
          </ul>
        </nav>

        <section className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">Get in Touch</h2>
          <ul className="footer-contact">
            {(site.addresses ?? []).map((a) => (
              <li key={a.label}>
                <MapPin aria-hidden="true" size={18} />
                <address>
                  <strong>{a.label}</strong>
                  {a.lines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </li>
            ))}
            <li>
              <Mail aria-hidden="true" size={18} />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <Phone aria-hidden="true" size={18} />
              <a href={`tel:${site.phone}`}>{site.phoneDisplay || site.phone}</a>
            </li>
            <li>
              <Clock aria-hidden="true" size={18} />
              <span><span className="visually-hidden">Opening hours: </span>{site.hours}</span>
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>© {site.year} {site.name}. All rights reserved.</p>
          <ul className="footer-legal">
            <li><a href="/privacy-policy/">Privacy Policy</a></li>
            <li><a href="/terms-conditions/">Terms &amp; Conditions</a></li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
