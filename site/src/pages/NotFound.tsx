import { Compass } from '../lib/lucide';
import type { NotFoundProps } from '../types';
import type { PageArgs } from './types';

export default function NotFound(_: PageArgs<NotFoundProps>) {
  return (
    <section className="message-page">
      <div className="container container--narrow message-page__inner">
        <Compass aria-hidden="true" size={56} className="message-page__icon" />
        <p className="message-page__code">404</p>
        <h1 className="message-page__title">Page not found</h1>
        <p className="message-page__text">
          The page you are looking for may have moved or no longer exists. These might help:
        </p>
        <p className="message-page__actions">
          <a href="/" className="btn btn--primary">Go to Home</a>
          <a href="/blog/" className="btn btn--ghost">Read the Blog</a>
          <a href="/OurServices/" className="btn btn--ghost">See our Services</a>
        </p>
      </div>
    </section>
  );
}
