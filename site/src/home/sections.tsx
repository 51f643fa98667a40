// The home page's sections. Each is also a page of its own on the section routes (/vision, /cards, …),
// see pages/SectionPage.tsx. Everything here is static HTML; the carousels get their behaviour from
// ./carousel.ts once in view.
import { ArrowRight, CalendarCheck, Clock, Mail, MessageCircle, Phone, Star, Users } from '../lib/lucide';
import type { Block, BlogCard, Course, HomeProps, Industry, Link, ServiceTile, SiteInfo, Testimonial } from '../types';
import { BlogCarousel } from './BlogCarousel';
import { TestimonialsCarousel } from './TestimonialsCarousel';
import { Img } from '../components/Img';
import { ServiceTileView, TestimonialCard } from '../components/Cards';
import { Icon } from '../lib/icons';
import { Prose } from '../components/Prose';

export function SectionHeader({ id, eyebrow, title, text, center = true }: { id: string; eyebrow?: string; title: string; text?: string; center?: boolean }) {
  return (
    <div className={'section-header' + (center ? ' section-header--center' : '')}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="section-title">{title}</h2>
      {text && <p className="section-lead">{text}</p>}
    </div>
  );
}

const DEFAULT_TABS: Link[] = [
  { href: '/OurServices/', label: 'Our Services' },
  { href: '/about/', label: 'Our Growth' },
  { href: '/blog/', label: 'Our Vision' },
];

export function AboutBlock({ about, tabs }: { about: HomeProps['about']; tabs: Link[] }) {
  const links = tabs?.length ? tabs : DEFAULT_TABS;
  return (
    <section className="section about-block" aria-labelledby="about-heading">
      <div className="container about-block__grid">
        <div className="about-block__media">
          <Img image={about.image} />
        </div>
        <div className="about-block__text">
          <p className="eyebrow">About Us</p>
          <h2 id="about-heading" className="section-title">{about.heading}</h2>
          <nav className="tabs" aria-label="About us">
            <ul>
              {links.map((t) => (
                <li key={t.href + t.label}><a href={t.href} className="tabs__link">{t.label}</a></li>
              ))}
            </ul>
          </nav>
          <Prose html={about.html} />
          <a href="/about/" className="btn btn--primary">
            Know More<span className="visually-hidden"> about us</span> <ArrowRight aria-hidden="true" size={18} />
          </a>
        </div>
      </div>
    </section>
  );
}

export function StatsBand({ site, stats }: { site: SiteInfo; stats: HomeProps['stats'] }) {
  const base = [
    { icon: <Star aria-hidden="true" size={28} />, value: `${site.rating}/${site.ratingOutOf}`, label: 'Client rating' },
    { icon: <CalendarCheck aria-hidden="true" size={28} />, value: String(site.founded), label: 'Founded' },
    { icon: <Users aria-hidden="true" size={28} />, value: `${site.clients}+`, label: 'Happy clients' },
  ];
  // home.stats may repeat the three facts above ("4.9 / 5", "150+", "2019"): show each value once.
  const norm = (v: string) => v.replace(/\s+/g, '').toLowerCase();
  const seen = new Set(base.map((s) => norm(s.value)));
  const extra = (stats ?? []).filter((s) => !seen.has(norm(s.value)));
  return (
    <section className="stats-band" aria-labelledby="stats-heading">
      <div className="container">
        <h2 id="stats-heading" className="visually-hidden">{site.name} in numbers</h2>
        <ul className="stats">
          {base.map((s) => (
            <li className="stat" key={s.label}>
              <span className="stat__icon">{s.icon}</span>
              <span className="stat__value">{s.value}</span>
              <span className="stat__label">{s.label}</span>
            </li>
          ))}
          {extra.map((s) => (
            <li className="stat" key={s.label}>
              <span className="stat__icon"><Icon name="trending-up" size={28} /></span>
              <span className="stat__value">{s.value}</span>
              <span className="stat__label">{s.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ServiceTiles({ services }: { services: ServiceTile[] }) {
  return (
    <section className="section section--tint" aria-labelledby="services-heading">
      <div className="container">
        <SectionHeader id="services-heading" eyebrow="What we do" title="Our Services" />
        <div className={`grid ${colsFor(services.length)} grid--balanced`}>
          {services.map((s) => <ServiceTileView tile={s} key={s.href + s.title} />)}
        </div>
        <p className="section-more">
          <a href="/OurServices/" className="btn btn--ghost">All services <ArrowRight aria-hidden="true" size={18} /></a>
        </p>
      </div>
    </section>
  );
}

export function IndustriesSection({ industries, id = 'industries-heading', tint = false }: { industries: Industry[]; id?: string; tint?: boolean }) {
  return (
    <section className={'section' + (tint ? ' section--tint' : '')} aria-labelledby={id}>
      <div className="container">
        <SectionHeader id={id} eyebrow="Who we help" title="Industries We Serve" />
        <ul className={`grid ${colsFor(industries.length)} feature-list`}>
          {industries.map((ind) => (
            <li className="feature" key={ind.name}>
              <span className="feature__icon"><Icon name={ind.icon} /></span>
              <h3 className="feature__title">{ind.name}</h3>
              <p className="feature__text">{ind.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export type BlockVariant = 'grid' | 'dark' | 'split' | 'steps';

/** Grid columns for n cards: 4 across for 4 or 8, else 3 (a short last row is centred). */
export function colsFor(n: number): string {
  return n % 4 === 0 && n % 3 !== 0 ? 'grid--4' : 'grid--3';
}

export function BlockSection({ id, block, variant = 'grid', eyebrow, tint = false }: { id: string; block: Block; variant?: BlockVariant; eyebrow?: string; tint?: boolean }) {
  const headingId = `${id}-heading`;
  const items = block.items ?? [];
  return (
    <section className={`section block block--${variant}` + (tint ? ' section--tint' : '')} aria-labelledby={headingId} id={id}>
      <div className={'container' + (variant === 'split' ? ' block__split' : '')}>
        <SectionHeader id={headingId} eyebrow={eyebrow} title={block.heading} text={block.text} center={variant !== 'split'} />
        <ul className={variant === 'split' ? 'block__list' : `grid ${colsFor(items.length)} feature-list`}>
          {items.map((item, i) => (
            <li className="feature" key={item.title}>
              <span className="feature__icon">
                {variant === 'steps' ? <span className="feature__num">{String(i + 1).padStart(2, '0')}</span> : <Icon name={item.icon} />}
              </span>
              <h3 className="feature__title">{item.title}</h3>
              <p className="feature__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TestimonialsSection({ testimonials, slider = true }: { testimonials: Testimonial[]; slider?: boolean }) {
  return (
    <section className="section section--tint" aria-labelledby="testimonials-heading">
      <div className="container">
        <SectionHeader id="testimonials-heading" eyebrow="Testimonials" title="What Our Clients Say" />
        {slider ? (
          <TestimonialsCarousel testimonials={testimonials} label="Client testimonials" />
        ) : (
          <ul className="grid grid--3 plain-list">
            {testimonials.map((t, i) => <li key={i}><TestimonialCard t={t} /></li>)}
          </ul>
        )}
      </div>
    </section>
  );
}

export function BlogTeaser({ posts, tint = false }: { posts: BlogCard[]; tint?: boolean }) {
  return (
    <section className={'section' + (tint ? ' section--tint' : '')} aria-labelledby="blog-teaser-heading">
      <div className="container">
        <SectionHeader id="blog-teaser-heading" eyebrow="Insights" title="Latest from Our Blog" />
        {posts.length > 0 ? (
          <BlogCarousel posts={posts} label="Latest blog posts" />
        ) : (
          <p className="empty-note">New articles are on their way. Check back soon.</p>
        )}
        <p className="section-more">
          <a href="/blog/" className="btn btn--ghost">View all posts <ArrowRight aria-hidden="true" size={18} /></a>
        </p>
      </div>
    </section>
  );
}

export function ContactQuery({ site }: { site: SiteInfo }) {
  return (
    <section className="cta-band" aria-labelledby="contact-query-heading">
      <div className="container cta-band__inner">
        <div>
          <h2 id="contact-query-heading" className="cta-band__title">Have a project or a question?</h2>
          <p className="cta-band__text">Talk to our team today and get a plan that fits your business.</p>
          <p className="cta-band__contacts">
            <a href={`tel:${site.phone}`}><Phone aria-hidden="true" size={18} /> {site.phoneDisplay || site.phone}</a>
            <a href={`mailto:${site.email}`}><Mail aria-hidden="true" size={18} /> {site.email}</a>
            {site.chatUrl && (
              <a href={site.chatUrl} target="_blank" rel="noopener noreferrer"><MessageCircle aria-hidden="true" size={18} /> Chat with us</a>
            )}
          </p>
        </div>
        <a href="/contactus/" className="btn btn--accent btn--lg" data-open-popup="">
          Send an Enquiry <ArrowRight aria-hidden="true" size={18} />
        </a>
      </div>
    </section>
  );
}

export function CourseCards({ courses, id = 'courses-heading', title = 'Our Courses' }: { courses: Course[]; id?: string; title?: string }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container">
        <SectionHeader id={id} eyebrow="Learn with us" title={title} />
        <div className="grid grid--3">
          {courses.map((c) => (
            <article className="card card--course" key={c.name}>
              <div className="card__media"><Img image={c.image} alt="" /></div>
              <div className="card__body">
                <p className="tag">{c.level}</p>
                <h3 className="card__title">{c.name}</h3>
                {c.duration && <p className="card__duration"><Clock aria-hidden="true" size={16} /> {c.duration}</p>}
                <p className="card__text">{c.description}</p>
                {c.modules?.length > 0 && (
                  <ul className="check-list">
                    {c.modules.map((m) => <li key={m}>{m}</li>)}
                  </ul>
                )}
                <a href={c.href} className="btn btn--primary card__cta">
                  Enquire Now<span className="visually-hidden"> about {c.name}</span>
                </a>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
