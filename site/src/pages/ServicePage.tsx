import type { ServicePageProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { Img } from '../components/Img';
import { PreviewRibbon } from '../components/PreviewRibbon';
import { ContactQuery } from '../home/sections';
import { Prose } from '../components/Prose';

export default function ServicePage({ props, site }: PageArgs<ServicePageProps>) {
  const { service, preview } = props;
  return (
    <>
      {preview && <PreviewRibbon />}
      <PageHero
        title={service.title}
        crumbs={[{ href: '/OurServices', label: 'Services' }, { label: service.title }]}
      >
        {service.category && <p className="tag tag--light">{service.category}</p>}
      </PageHero>
      <section className="section">
        <div className="container container--narrow">
          {service.image?.src && (
            <figure className="post__image">
              <Img image={service.image} eager />
            </figure>
          )}
          <Prose html={service.html} />
          <p className="section-more section-more--start">
            <a href="/contactus/" className="btn btn--primary btn--lg">Get Started</a>
          </p>
        </div>
      </section>
      <ContactQuery site={site} />
    </>
  );
}
