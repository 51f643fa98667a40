import { siteLink, useSiteUrl } from '../../../lib/publish';
import { useIsAdmin } from '../../../lib/session';
import { useLoad } from '../../../lib/use-load';
import { LiveNotice } from '../../../components/LiveNotice';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { getItem } from '../api/content';
import type { ContentKind } from '../kind';

/**
 * A preview address whose draft is gone. When it went live (the screen reloaded after a
 * publish, or a link kept from before), the screen says so and leads to the live page and its
 * edit screen; otherwise it says the draft is not found.
 */
export function PreviewMissing({ kind, slug }: { kind: ContentKind; slug: string }) {
  const admin = useIsAdmin();
  const published = useLoad(() => getItem(kind, 'published', slug).catch(() => null), [slug]);
  const siteUrl = useSiteUrl();

  if (published.loading || (published.data && siteUrl === null)) return <Spinner />;
  if (!published.data) {
    return (
      <>
        <PageHeader title={`Preview ${kind.noun}`} />
        <p className="card form-error" role="alert">
          {kind.messages.notFound}
        </p>
      </>
    );
  }
  const item = published.data;
  return (
    <>
      <PageHeader title={`${kind.Noun} published`} intro={`This draft is now the live ${kind.noun}${admin ? '; change it from its Edit screen' : ''}.`} />
      <LiveNotice
        pageHref={siteLink(siteUrl ?? '', kind.site.page(item.slug))}
        listHref={siteLink(siteUrl ?? '', kind.site.list)}
        listName={kind.site.listName}
        pending={false}
        lead={`“${item.title}” is published. The page is live at `}
        editTo={admin ? `${kind.routes.edit}/${encodeURIComponent(item.slug)}` : undefined}
        editLabel={`Edit the live ${kind.noun}`}
      />
    </>
  );
}
