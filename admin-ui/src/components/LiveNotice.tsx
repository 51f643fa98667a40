import { Link } from 'react-router-dom';
import { CheckCircle2, ExternalLink, LayoutDashboard, Pencil } from 'lucide-react';

interface Props {
  /** The published page, absolute. */
  pageHref: string;
  /** Where the site lists it, absolute, and how to name that place ("the blog"). */
  listHref: string;
  listName: string;
  /** The admin screen that edits the live item (none for an editor, who may not). */
  editTo?: string;
  editLabel: string;
  /** How the notice begins, before the page's address. */
  lead?: string;
  /** The build was still running when the publish answered. */
  pending: boolean;
}

/**
 * What the preview screen shows after a publish: the page is live (or about to be), with links to
 * it and to the site's list, while the admin stays in the admin.
 */
export function LiveNotice({ pageHref, listHref, listName, editTo, editLabel, pending, lead = 'Published! The page is live at ' }: Props) {
  return (
    <div className="notice notice-success live-notice" role="status">
      <CheckCircle2 size={20} aria-hidden="true" />
      <div>
        <p>
          {pending ? 'Published. The website is still being rebuilt; the page will be live at ' : lead}
          <a href={pageHref} target="_blank" rel="noopener noreferrer">
            {pageHref}
          </a>
          .
        </p>
        <p className="notice-links" data-toast-avoid>
          <a className="btn btn-secondary btn-small" href={pageHref} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" /> View on site
          </a>
          <a className="btn btn-secondary btn-small" href={listHref} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" /> View {listName}
          </a>
          {editTo && (
            <Link className="btn btn-secondary btn-small" to={editTo}>
              <Pencil size={16} aria-hidden="true" /> {editLabel}
            </Link>
          )}
          <Link className="btn btn-secondary btn-small" to="/admin/dashboard">
            <LayoutDashboard size={16} aria-hidden="true" /> Dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}
