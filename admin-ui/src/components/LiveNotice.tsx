import { CheckCircle2 } from 'lucide-react';

/** The inline "it is live" message shown after a publish, before the redirect. */
export function LiveNotice({ href, listLabel }: { href: string; listLabel: string }) {
  return (
    <div className="notice notice-success" role="status">
      <CheckCircle2 size={20} aria-hidden="true" />
      <p>
        The page is live:{' '}
        <a href={href} target="_blank" rel="noopener noreferrer">
          {href}
        </a>
        . Taking you to {listLabel} on the website…
      </p>
    </div>
  );
}
