import { MessageCircle, Phone } from '../lib/lucide';
import type { SiteInfo } from '../types';

/** Chat and call shortcuts, fixed at the bottom right. Plain links: no JavaScript. */
export function FloatingWidget({ site }: { site: SiteInfo }) {
  return (
    <div className="floating-widget">
      {site.chatUrl && (
        <a href={site.chatUrl} className="floating-widget__link floating-widget__link--chat" target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden="true" size={26} />
          <span className="visually-hidden">Chat with us</span>
        </a>
      )}
      <a href={`tel:${site.phone}`} className="floating-widget__link floating-widget__link--call">
        <Phone aria-hidden="true" size={24} />
        <span className="visually-hidden">Call us at {site.phoneDisplay || site.phone}</span>
      </a>
    </div>
  );
}
