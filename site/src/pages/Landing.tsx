import { Fragment } from 'react';
import { ArrowRight, MessageCircle, Phone, Plus } from '../lib/lucide';
import type { LandingProps } from '../types';
import type { PageArgs } from './types';
import { Img } from '../components/Img';
import { Prose } from '../components/Prose';

export default function Landing({ props, site }: PageArgs<LandingProps>) {
  const { hero, sections = [], highlights = [], faqs = [], service } = props;
  const cta = hero.cta?.href ? hero.cta : { href: '/contactus/', label: 'Get Started' };
  return (
    <>
      <section className="landing-hero">
        <div className="container landing-hero__grid">
          <div className="landing-hero__text">
            {hero.eyebrow && <p className="eyebrow eyebrow--light">{hero.eyebrow}</p>}
            <h1 className="landing-hero__title">{hero.heading}</h1>
            <p className="landing-hero__lead">{hero.text}</p>
            <p className="landing-hero__actions">
              <a href={cta.href} className="btn btn--accent btn--lg">
                {cta.label || 'Get Started'} <ArrowRight aria-hidden="true" size={18} />
              </a>
              <a href={`tel:${site.phone}`} className="btn btn--outline-light btn--lg">Call {site.phoneDisplay || site.phone}</a>
            </p>
          </div>
          <div className="landing-hero__media">
            <Img image={hero.image} eager />
          </div>
        </div>
      </section>

      {highlights.length > 0 && (
        <section className="highlights" aria-label="Highlights">
          <div className="container">
            <ul className="highlights__list">
              {highlights.map((h) => (
                <li key={h.label} className="highlight">
                  <span className="highlight__value">{h.value}</span>
                  <span className="highlight__label">{h.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {sections.map((s, i) => (
        <Fragment key={s.id}>
          <section className={'section' + (i % 2 ? ' section--tint' : '')} aria-labelledby={`sec-${s.id}`}>
            <div className="container container--narrow">
              <h2 id={`sec-${s.id}`} className="section-title">{s.heading}</h2>
              <Prose html={s.html} className="prose--checks" />
            </div>
          </section>
          {/* A long page asks again halfway: on a phone the hero's buttons are thousands of pixels up. */}
          {i === 1 && sections.length > 2 && (
            <section className="cta-band" aria-labelledby="landing-ask-heading">
              <div className="container cta-band__inner">
                <div>
                  <h2 id="landing-ask-heading" className="cta-band__title">Questions about {hero.eyebrow || 'this service'}?</h2>
                  <p className="cta-band__text">Talk to our team: call, chat on WhatsApp or send an enquiry.</p>
                  <p className="cta-band__contacts">
                    <a href={`tel:${site.phone}`}><Phone aria-hidden="true" size={18} /> {site.phoneDisplay || site.phone}</a>
                    {site.chatUrl && (
                      <a href={site.chatUrl} target="_blank" rel="noopener noreferrer"><MessageCircle aria-hidden="true" size={18} /> Chat on WhatsApp</a>
                    )}
                  </p>
                </div>
                <a href={cta.href} className="btn btn--accent btn--lg">{cta.label || 'Get Started'} <ArrowRight aria-hidden="true" size={18} /></a>
              </div>
            </section>
          )}
        </Fragment>
      ))}

      {service?.html && (
        <section className="section" aria-labelledby="service-details-heading">
          <div className="container container--narrow">
            <h2 id="service-details-heading" className="section-title">{service.title || 'Service details'}</h2>
            <Prose html={service.html} />
          </div>
        </section>
      )}

      {faqs.length > 0 && (
        <section className="section section--tint" aria-labelledby="faq-heading">
          <div className="container container--narrow">
            <p className="eyebrow">FAQ</p>
            <h2 id="faq-heading" className="section-title">Frequently Asked Questions</h2>
            <div className="faq">
              {faqs.map((f) => (
                <details className="faq__item" key={f.question}>
                  <summary className="faq__question">
                    <span>{f.question}</span>
                    <Plus aria-hidden="true" size={20} className="faq__icon" />
                  </summary>
                  <div className="faq__answer"><p>{f.answer}</p></div>
                </details>
              ))}
            </div>
          </div>
        </section>
      )}

      <section className="cta-band" aria-labelledby="landing-cta-heading">
        <div className="container cta-band__inner">
          <div>
            <h2 id="landing-cta-heading" className="cta-band__title">Ready to grow with {site.name}?</h2>
            <p className="cta-band__text">Tell us about your goals and we will suggest the right plan.</p>
          </div>
          <a href={cta.href} className="btn btn--accent btn--lg">{cta.label || 'Get Started'} <ArrowRight aria-hidden="true" size={18} /></a>
        </div>
      </section>
    </>
  );
}
