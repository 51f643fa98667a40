import { Link } from 'react-router-dom';
import { Eye, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { excerpt, formatDate } from '../../../lib/format';
import { siteLink } from '../../../lib/publish';
import { siteChanged } from '../../../lib/site-events';
import { useDelete } from '../../../lib/use-delete';
import { useLoad } from '../../../lib/use-load';
import { ItemList } from '../../../components/ItemList';
import { deleteItem, listItems, type Stage } from '../api/content';
import { bodyOf, type ContentItem, type ContentKind } from '../kind';

function meta(kind: ContentKind, item: ContentItem) {
  const text = excerpt(bodyOf(kind, item));
  return (
    <>
      <span>{item.category || 'Uncategorized'}</span>
      {item.createdAt && <span> · {formatDate(item.createdAt)}</span>}
      {text && <span className="item-excerpt">{text}</span>}
    </>
  );
}

interface Props {
  kind: ContentKind;
  stage: Stage;
  /** The public site's base URL, for the View links of published items. */
  siteUrl?: string;
}

/** A dashboard card of one kind's drafts (Preview, Delete) or published items (View, Edit, Delete). */
export function ContentPanel({ kind, stage, siteUrl = window.location.origin }: Props) {
  const { data, error, loading, setData } = useLoad(() => listItems(kind, stage), [kind, stage]);
  const del = useDelete();
  const remove = async (item: ContentItem) => {
    if (await del(kind.messages.deleteQuestion, item.title, kind.messages.deleted, () => deleteItem(kind, stage, item.slug))) {
      setData((list) => (list ?? []).filter((x) => x.slug !== item.slug));
      if (stage === 'published') siteChanged();
    }
  };
  const preview = stage === 'preview';
  return (
    <ItemList
      id={`${stage}-${kind.key}`}
      title={preview ? `${kind.Noun} drafts` : `Published ${kind.plural}`}
      badge={preview ? 'Preview' : 'Live'}
      loading={loading}
      error={error ? kind.messages.listFailed : undefined}
      emptyText={preview ? `No drafts. Add a ${kind.noun} to start one.` : 'Nothing published yet.'}
      items={data?.map((item) => ({
        key: item._id || item.slug,
        title: item.title,
        image: item.image,
        meta: meta(kind, item),
        actions: (
          <>
            {preview ? (
              <Link className="btn btn-secondary btn-small" to={`${kind.routes.preview}/${encodeURIComponent(item.slug)}`} aria-label={`Preview ${item.title}`}>
                <Eye size={16} aria-hidden="true" /> Preview
              </Link>
            ) : (
              <>
                <a
                  className="btn btn-secondary btn-small"
                  href={siteLink(siteUrl, kind.site.page(item.slug))}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`View ${item.title} on the website`}
                >
                  <ExternalLink size={16} aria-hidden="true" /> View
                </a>
                <Link className="btn btn-secondary btn-small" to={`${kind.routes.edit}/${encodeURIComponent(item.slug)}`} aria-label={`Edit ${item.title}`}>
                  <Pencil size={16} aria-hidden="true" /> Edit
                </Link>
              </>
            )}
            <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(item)} aria-label={`Delete ${item.title}`}>
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          </>
        ),
      }))}
    />
  );
}
