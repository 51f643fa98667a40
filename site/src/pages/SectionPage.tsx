import type { ReactNode } from 'react';
import { MessageCircle, Phone } from '../lib/lucide';
import type { Block, SectionPageProps, SiteInfo } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { Island } from '../islands/Island';
import {
  AboutBlock, BlockSection, BlogTeaser, ContactQuery, CourseCards, IndustriesSection, ServiceTiles, StatsBand,
  TestimonialsSection, SectionHeader,
} from '../home/sections';

function need(block: Block | undefined, key: string): Block {
  if (!block) throw new Error(`section page: home.blocks.${key} is missing`);
  return block;
}

function SiteNavigation({ site }: { site: SiteInfo }) {
  const main = [
    { href: '/', label: 'Home' }, { href: '/blog/', label: 'Blog' }, { href: '/contactus/', label: 'Contact Us' },
    { href: '/about/', label: 'About Us' }, { href: '/courses/', label: 'Courses' },
  ];
  return (
    <section className="section" aria-labelledby="sitenav-heading">
      <div className="container">
        <SectionHeader id="sitenav-heading" title="Find Your Way Around" />
        <div className="grid grid--2">
          <nav className="link-panel" aria-labelledby="sitenav-main">
            <h3 id="sitenav-main">Pages</h3>
            <ul>{main.map((l) => <li key={l.href}><a href={l.href}>{l.label}</a></li>)}</ul>
          </nav>
          <nav className="link-panel" aria-labelledby="sitenav-services">
            <h3 id="sitenav-services">Services</h3>
            <ul>{(site.servicesMenu ?? []).map((l) => <li key={l.href}><a href={l.href}>{l.label}</a></li>)}</ul>
          </nav>
        </div>
      </div>
    </section>
  );
}

function QuickContact({ site }: { site: SiteInfo }) {
  return (
    <section className="section" aria-labelledby="quick-contact-heading">
      <div className="container">
        <SectionHeader id="quick-contact-heading" title="Talk to Us Instantly" text="Chat with us or call us, whichever suits you." />
        <p className="message-page__actions">
          {site.chatUrl && (
            <a href={site.chatUrl} className="btn btn--chat btn--lg" target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" size={20} /> Chat with us
            </a>
          )}
          <a href={`tel:${site.phone}`} className="btn btn--primary btn--lg">
            <Phone aria-hidden="true" size={20} /> Call {site.phoneDisplay || site.phone}
          </a>
        </p>
      </div>
    </section>
  );
}

/** The section routes (/cards, /vision, …): one piece of the home page as a page of its own. */
export function sectionContent(section: string, props: SectionPageProps, site: SiteInfo): ReactNode {
  const home = props.home;
  const blocks = home?.blocks ?? {};
  switch (section) {
    case 'cards':
      return <CourseCards courses={props.courses?.courses ?? []} />;
    case 'contactquery':
      return (
        <>
          <ContactQuery site={site} />
          <section className="section" aria-labelledby="query-form-heading">
            <div className="container container--narrow contact-card">
              <h2 id="query-form-heading" className="section-title section-title--sm">Send us your query</h2>
              <Island name="ContactForm" props={{ formEndpoint: site.formEndpoint, turnstileSiteKey: site.turnstileSiteKey }} />
            </div>
          </section>
        </>
      );
    case 'vision':
      return <BlockSection id="vision" block={need(blocks.vision, 'vision')} variant="split" eyebrow="Our vision" />;
    case 'dedicated':
      return <BlockSection id="dedicated" block={need(blocks.dedicated, 'dedicated')} variant="split" eyebrow="Dedicated team" />;
    case 'chooseus':
      return <BlockSection id="choose-us" block={need(blocks.chooseUs, 'chooseUs')} variant="dark" eyebrow="Why choose us" />;
    case 'testimonials':
      return <TestimonialsSection testimonials={home.testimonials ?? []} slider={false} />;
    case 'services':
      return <ServiceTiles services={home.services ?? []} />;
    case 'whychooseservices':
      return <BlockSection id="why-services" block={need(blocks.whyServices, 'whyServices')} eyebrow="Why our services" />;
    case 'testimonialsslider':
      return <TestimonialsSection testimonials={home.testimonials ?? []} />;
    case 'blogslider':
      return <BlogTeaser posts={home.posts ?? []} />;
    case 'whydigitalreeviver':
      return <BlockSection id="why-us" block={need(blocks.whyUs, 'whyUs')} eyebrow={`Why ${site.name}`} />;
    case 'servicesection':
      return (
        <>
          {home.about && <AboutBlock about={home.about} tabs={home.tabs} />}
          {home.industries?.length > 0 && <IndustriesSection industries={home.industries} />}
        </>
      );
    case 'provesuccess':
      return (
        <>
          <StatsBand site={site} stats={home.stats} />
          <BlockSection id="proof" block={need(blocks.proof, 'proof')} variant="steps" eyebrow="Proven success" />
        </>
      );
    case 'navbar':
      return <SiteNavigation site={site} />;
    case 'floating':
      return <QuickContact site={site} />;
    default:
      throw new Error(`section page: unknown section "${section}"`);
  }
}

export const SECTION_NAMES = [
  'cards', 'contactquery', 'vision', 'dedicated', 'chooseus', 'testimonials', 'services', 'whychooseservices',
  'testimonialsslider', 'blogslider', 'whydigitalreeviver', 'servicesection', 'provesuccess', 'navbar', 'floating',
] as const;

export default function SectionPage({ props, site }: PageArgs<SectionPageProps>) {
  const content = sectionContent(props.section, props, site);
  return (
    <>
      <PageHero title={props.title} crumbs={[{ label: props.title }]} className="page-hero--compact" />
      {content}
    </>
  );
}
