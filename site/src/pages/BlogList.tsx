import { Newspaper } from '../lib/lucide';
import type { BlogListProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { BlogCardView } from '../components/Cards';

export default function BlogList({ props }: PageArgs<BlogListProps>) {
  const posts = props.posts ?? [];
  return (
    <>
      <PageHero title="Blog" intro="Ideas, guides and news on SEO, social media, ads, design and the web." crumbs={[{ label: 'Blog' }]} />
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
        </div>
      </section>
    </>
  );
}
