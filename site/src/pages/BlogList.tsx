import { ArrowLeft, ArrowRight, Newspaper } from '../lib/lucide';
import type { BlogListProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { BlogCardView } from '../components/Cards';

export default function BlogList({ props }: PageArgs<BlogListProps>) {
  const posts = props.posts ?? [];
  const pg = props.pagination;
  const archive = pg?.heading;
  return (
    <>
      <PageHero
        title={archive || 'Blog'}
        intro="Ideas, guides and news on SEO, social media, ads, design and the web."
        crumbs={archive ? [{ label: 'Blog', href: '/blog/' }, { label: archive }] : [{ label: 'Blog' }]}
      />
      <section className="section" aria-label="Articles">
        <div className="container">
          {posts.length > 0 ? (
            <ul className="grid grid--3 plain-list">
              {posts.map((p) => <li key={p.slug}><BlogCardView post={p} level={2} /></li>)}
            </ul>
          ) : (
            <div className="empty-state">
              <Newspaper aria-hidden="true" size={40} />
              <p className="empty-state__title">No articles yet</p>
              <p>Our first posts are being written. Meanwhile, have a look at what we do.</p>
              <a href="/OurServices/" className="btn btn--primary">Explore our services</a>
            </div>
          )}
          {pg && (pg.newerHref || pg.olderHref) && (
            <nav className="pager" aria-label="More articles">
              {pg.newerHref && (
                <a href={pg.newerHref} rel="prev" className="btn btn--ghost pager__newer">
                  <ArrowLeft aria-hidden="true" size={18} /> Newer posts
                </a>
              )}
              {pg.olderHref && (
                <a href={pg.olderHref} rel="next" className="btn btn--ghost pager__older">
                  Older posts <ArrowRight aria-hidden="true" size={18} />
                </a>
              )}
            </nav>
          )}
        </div>
      </section>
    </>
  );
}
