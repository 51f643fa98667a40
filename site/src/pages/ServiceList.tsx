import { Briefcase } from '../lib/lucide';
import type { ServiceListProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { ServiceCardView } from '../components/Cards';
import { ContactQuery } from '../home/sections';

export default function ServiceList({ props, site }: PageArgs<ServiceListProps>) {
  const services = props.services ?? [];
  return (
    <>
      <PageHero
        title="Digital Marketing Services"
        intro="Everything a growing business needs online, from the website to search, social and ads."
        crumbs={[{ label: 'Services' }]}
      />
      <section className="section" aria-label="Services">
        <div className="container">
          {services.length > 0 ? (
            <ul className="grid grid--3 plain-list">
              {services.map((s) => <li key={s.slug}><ServiceCardView service={s} level={2} /></li>)}
            </ul>
          ) : (
            <div className="empty-state">
              <Briefcase aria-hidden="true" size={40} />
              <p className="empty-state__title">Services are being updated</p>
              <p>Tell us what you need and we will suggest the right plan.</p>
              <a href="/contactus/" className="btn btn--primary">Contact Us</a>
            </div>
          )}
        </div>
      </section>
      <ContactQuery site={site} />
    </>
  );
}
