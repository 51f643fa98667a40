import { Clock, Mail, MapPin, MessageCircle, Phone } from '../lib/lucide';
import type { ContactProps } from '../types';
import type { AttributionMode } from '../lib/attribution';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { Island } from '../islands/Island';
import { contactOf } from '../lib/contact';

export default function Contact({ props, site }: PageArgs<ContactProps>) {
  return (
    <>
      <PageHero title={props.title} intro={props.intro} crumbs={[{ label: 'Contact Us' }]} />
      <section className="section" aria-labelledby="contact-form-heading">
        <div className="container contact-grid">
          <div className="contact-card">
            <h2 id="contact-form-heading" className="section-title section-title--sm">Send us a message</h2>
            <Island name="ContactForm" props={{ formEndpoint: site.formEndpoint, turnstileSiteKey: site.turnstileSiteKey,
              defaultCountry: site.defaultCountry, contact: contactOf(site), attribution: site.attribution as AttributionMode }} />
          </div>
          <aside className="contact-details" aria-labelledby="contact-details-heading">
            <h2 id="contact-details-heading" className="section-title section-title--sm">Reach us directly</h2>
            <ul className="contact-list">
              <li>
                <span className="contact-list__icon"><Phone aria-hidden="true" size={20} /></span>
                <span><strong>Phone</strong><a href={`tel:${site.phone}`}>{site.phoneDisplay || site.phone}</a></span>
              </li>
              {site.chatUrl && (
                <li>
                  <span className="contact-list__icon"><MessageCircle aria-hidden="true" size={20} /></span>
                  <span><strong>Chat</strong><a href={site.chatUrl} target="_blank" rel="noopener noreferrer">Chat with us</a></span>
                </li>
              )}
              <li>
                <span className="contact-list__icon"><Mail aria-hidden="true" size={20} /></span>
                <span><strong>Email</strong><a href={`mailto:${site.email}`}>{site.email}</a></span>
              </li>
              <li>
                <span className="contact-list__icon"><Clock aria-hidden="true" size={20} /></span>
                <span><strong>Opening hours</strong>{site.hours}</span>
              </li>
              {(site.addresses ?? []).map((a) => (
                <li key={a.label}>
                  <span className="contact-list__icon"><MapPin aria-hidden="true" size={20} /></span>
                  <span>
                    <strong>{a.label}</strong>
                    <address>{a.lines.map((l) => <span key={l}>{l}</span>)}</address>
                    {a.mapUrl && <a href={a.mapUrl} target="_blank" rel="noopener noreferrer">Get directions</a>}
                  </span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>
      {site.mapEmbedUrl && (
        <section className="map-section" aria-label="Map">
          <iframe
            className="map-frame"
            src={site.mapEmbedUrl}
            title={`Map showing the location of ${site.name}`}
            width={1200}
            height={420}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
        </section>
      )}
    </>
  );
}
