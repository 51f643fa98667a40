import { CalendarDays, Tag } from '../lib/lucide';
import type { BlogPostProps } from '../types';
import type { PageArgs } from './types';
import { Img } from '../components/Img';
import { BlogCardView } from '../components/Cards';
import { PreviewRibbon } from '../components/PreviewRibbon';
import { Prose } from '../components/Prose';

export default function BlogPost({ props }: PageArgs<BlogPostProps>) {
  const { post, related = [], preview } = props;
  return (
    <>
      {preview && <PreviewRibbon />}
      <article className="post">
        <header className="post__header">
          <div className="container container--narrow">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li><a href="/">Home</a></li>
                <li><a href="/blog/">Blog</a></li>
                <li><span aria-current="page">{post.title}</span></li>
              </ol>
            </nav>
            <p className="tag"><Tag aria-hidden="true" size={14} /> {post.category || 'Uncategorized'}</p>
            <h1 className="post__title">{post.title}</h1>
            <p className="post__date">
              <CalendarDays aria-hidden="true" size={16} />
              <span>Published on <time dateTime={post.date}>{post.dateDisplay}</time></span>
            </p>
          </div>
        </header>
        <div className="container container--narrow">
          {post.image?.src && (
            <figure className="post__image">
              <Img image={post.image} eager />
            </figure>
          )}
          <Prose html={post.html} className="post__content" />
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section--tint" aria-labelledby="related-heading">
          <div className="container">
            <h2 id="related-heading" className="section-title">Related Posts</h2>
            <ul className="grid grid--3 plain-list">
              {related.map((p) => <li key={p.slug}><BlogCardView post={p} /></li>)}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
