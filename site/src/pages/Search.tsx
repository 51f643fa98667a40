import type { SearchProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { Island } from '../islands/Island';
import { BROWSE_ID } from '../search/SearchPage';

/** /search/: the search form and its results (an island), then every page of the site by kind. */
export default function Search({ props }: PageArgs<SearchProps>) {
  return (
    <>
      <PageHero title="Search" intro="Find a service, a course or an article." crumbs={[{ label: 'Search' }]} />
      <section className="section section--search">
        <div className="container container--narrow">
          <Island name="SearchPage" props={{}} />
          <noscript>
            <p className="search-page__status">Search works in your browser with JavaScript, which is off. Every page of the site is listed below.</p>
          </noscript>
          <div id={BROWSE_ID} className="search-browse">
            <h2 className="section-title section-title--sm">Browse the site</h2>
            {props.groups.map((g) => (
              <section key={g.title} className="search-browse__group" aria-label={g.title}>
                <h3>{g.title}</h3>
                <ul className="search-browse__list">
                  {g.links.map((l) => <li key={l.href}><a href={l.href}>{l.label}</a></li>)}
                </ul>
                {g.more && <p className="search-browse__more"><a href={g.more.href}>{g.more.label}</a></p>}
              </section>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
