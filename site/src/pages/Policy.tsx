import type { PolicyProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { Prose } from '../components/Prose';

export default function Policy({ props }: PageArgs<PolicyProps>) {
  return (
    <>
      <PageHero title={props.title} crumbs={[{ label: props.title }]}>
        {props.updated && <p className="page-hero__meta">Last updated: {props.updated}</p>}
      </PageHero>
      <section className="section">
        <div className="container container--narrow">
          <Prose html={props.html} />
        </div>
      </section>
    </>
  );
}
