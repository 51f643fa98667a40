import type { HomeProps } from '../types';
import type { PageArgs } from './types';
import { HeroSlider } from '../home/HeroSlider';
import {
  AboutBlock, BlockSection, BlogTeaser, ContactQuery, IndustriesSection, ServiceTiles, StatsBand, TestimonialsSection,
} from '../home/sections';

export default function Home({ props, site }: PageArgs<HomeProps>) {
  const b = props.blocks ?? {};
  return (
    <>
      <h1 className="visually-hidden">{site.name}: {site.tagline}</h1>
      <section className="hero" aria-label="Featured services">
        <HeroSlider slides={props.slides ?? []} label="Featured services" />
      </section>
      {props.about && <AboutBlock about={props.about} tabs={props.tabs} />}
      <StatsBand site={site} stats={props.stats} />
      {props.services?.length > 0 && <ServiceTiles services={props.services} />}
      {b.whyServices && <BlockSection id="why-services" block={b.whyServices} eyebrow="Why our services" />}
      {props.industries?.length > 0 && <IndustriesSection industries={props.industries} tint />}
      {b.chooseUs && <BlockSection id="choose-us" block={b.chooseUs} variant="dark" eyebrow="Why choose us" />}
      {b.dedicated && <BlockSection id="dedicated" block={b.dedicated} variant="split" eyebrow="Dedicated team" />}
      {props.testimonials?.length > 0 && <TestimonialsSection testimonials={props.testimonials} />}
      {b.vision && <BlockSection id="vision" block={b.vision} variant="split" eyebrow="Our vision" />}
      {b.proof && <BlockSection id="proof" block={b.proof} variant="steps" eyebrow="Proven success" tint />}
      {b.whyUs && <BlockSection id="why-us" block={b.whyUs} eyebrow={`Why ${site.name}`} />}
      <BlogTeaser posts={props.posts ?? []} tint />
      <ContactQuery site={site} />
    </>
  );
}
