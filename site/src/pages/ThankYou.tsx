import { CircleCheck } from '../lib/lucide';
import type { ThankYouProps } from '../types';
import type { PageArgs } from './types';

export default function ThankYou({ props }: PageArgs<ThankYouProps>) {
  return (
    <section className="message-page">
      <div className="container container--narrow message-page__inner">
        <CircleCheck aria-hidden="true" size={56} className="message-page__icon message-page__icon--ok" />
        <h1 className="message-page__title">{props.title || 'Thank you!'}</h1>
        <p className="message-page__text">{props.text}</p>
        <p className="message-page__actions">
          <a href="/" className="btn btn--primary">Back to Home</a>
          <a href="/blog/" className="btn btn--ghost">Read our Blog</a>
        </p>
      </div>
    </section>
  );
}
