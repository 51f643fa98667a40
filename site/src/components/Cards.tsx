import { ArrowRight } from '../lib/lucide';
import type { BlogCard, ServiceCard, ServiceTile, Testimonial } from '../types';
import { Img, SIZES } from './Img';

type Level = 2 | 3;

/**
 * Excerpts are cut at 100 characters by the generator, often inside a word ("your marketin…"):
 * show the cut as one, after the last whole word.
 */
export function excerptText(text: string): string {
  const t = (text || '').trim();
  if (t.endsWith('…')) {
    const head = t.slice(0, -1);
    return /\s/.test(head) ? `${head.replace(/\s+\S*$/, '').replace(/[\s,;:–—-]+$/, '')}…` : t;
  }
  return t.length >= 100 && !/[.!?]$/.test(t) ? `${t.replace(/\s+\S*$/, '')}…` : t;
}
const H = ({ level, className, children }: { level: Level; className?: string; children: React.ReactNode }) =>
  level === 2 ? <h2 className={className}>{children}</h2> : <h3 className={className}>{children}</h3>;

export function BlogCardView({ post, level = 3 }: { post: BlogCard; level?: Level }) {
  return (
    <article className="card card--blog">
      <div className="card__media">
        <Img image={post.image} alt="" sizes={SIZES.card} />
      </div>
      <div className="card__body">
        <p className="tag">{post.category || 'Uncategorized'}</p>
        <H level={level} className="card__title">
          <a href={post.href} className="card__link">{post.title}</a>
        </H>
        {post.excerpt && <p className="card__text">{excerptText(post.excerpt)}</p>}
        <p className="card__meta">
          <time dateTime={post.date}>{post.dateDisplay}</time>
          <span className="card__more" aria-hidden="true">Read more <ArrowRight size={16} /></span>
        </p>
      </div>
    </article>
  );
}

export function ServiceCardView({ service, level = 3 }: { service: ServiceCard; level?: Level }) {
  return (
    <article className="card card--service">
      <div className="card__media">
        <Img image={service.image} alt="" sizes={SIZES.card} />
      </div>
      <div className="card__body">
        {service.category && <p className="tag">{service.category}</p>}
        <H level={level} className="card__title">
          <a href={service.href} className="card__link">{service.title}</a>
        </H>
        {service.excerpt && <p className="card__text">{excerptText(service.excerpt)}</p>}
        <p className="card__meta">
          <span className="card__more" aria-hidden="true">Learn more <ArrowRight size={16} /></span>
        </p>
      </div>
    </article>
  );
}

export function ServiceTileView({ tile }: { tile: ServiceTile }) {
  return (
    <article className="card card--tile">
      <div className="card__media card__media--tile">
        <Img image={tile.image} alt="" />
      </div>
      <div className="card__body">
        {tile.tag && <p className="tag">{tile.tag}</p>}
        <h3 className="card__title">
          <a href={tile.href} className="card__link">{tile.title}</a>
        </h3>
        <p className="card__text">{excerptText(tile.description)}</p>
        <p className="card__meta">
          <span className="card__more" aria-hidden="true">Explore <ArrowRight size={16} /></span>
        </p>
      </div>
    </article>
  );
}

/**
 * A rating out of five as one row of stars drawn by the stylesheet (.stars--N), not five icons:
 * they were a twentieth of home's HTML. The words say it to a screen reader.
 */
export function Stars({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  const full = Math.min(5, Math.max(0, Math.round((rating / outOf) * 5)));
  return (
    <p className={`stars stars--${full}`}>
      <span className="visually-hidden">Rated {rating} out of {outOf}</span>
    </p>
  );
}

export function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <figure className="testimonial">
      {typeof t.rating === 'number' && t.rating > 0 && <Stars rating={t.rating} />}
      <blockquote className="testimonial__text">
        <p>{t.text}</p>
      </blockquote>
      <figcaption className="testimonial__author">
        {t.image?.src && <Img image={t.image} alt="" className="testimonial__avatar" />}
        <span>
          <strong>{t.author}</strong>
          {t.role && <span className="testimonial__role">{t.role}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
