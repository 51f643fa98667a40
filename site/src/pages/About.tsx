import type { AboutProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { Img } from '../components/Img';
import { ContactQuery, IndustriesSection, SectionHeader } from '../home/sections';
import { Prose } from '../components/Prose';

export default function About({ props, site }: PageArgs<AboutProps>) {
  return (
    <>
      <PageHero title={props.title} intro={props.intro} crumbs={[{ label: 'About Us' }]} />
      {(props.sections ?? []).map((s, i) => (
        <section className={'section' + (i % 2 ? ' section--tint' : '')} aria-labelledby={`about-${s.id}`} key={s.id}>
          <div className="container container--narrow">
            <h2 id={`about-${s.id}`} className="section-title">{s.heading}</h2>
            <Prose html={s.html} />
          </div>
        </section>
      ))}
      {props.values?.length > 0 && (
        <section className="section block block--dark" aria-labelledby="values-heading">
          <div className="container">
            <SectionHeader id="values-heading" eyebrow="What we stand for" title="Our Values" />
            <ul className="grid grid--3 feature-list">
              {props.values.map((v) => (
                <li className="feature" key={v.title}>
                  <h3 className="feature__title">{v.title}</h3>
                  <p className="feature__text">{v.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {props.team?.length > 0 && (
        <section className="section" aria-labelledby="team-heading">
          <div className="container">
            <SectionHeader id="team-heading" eyebrow="The people" title="Our Team" />
            <ul className="grid grid--4 team-list">
              {props.team.map((m) => (
                <li className="team-member" key={m.name}>
                  <Img image={m.image} alt={m.image?.alt || m.name} className="team-member__photo" />
                  <h3 className="team-member__name">{m.name}</h3>
                  <p className="team-member__role">{m.role}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {props.industries?.length > 0 && <IndustriesSection industries={props.industries} />}
      <ContactQuery site={site} />
    </>
  );
}
