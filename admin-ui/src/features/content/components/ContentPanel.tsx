import { Link } from 'react-router-dom';
import { ArchiveRestore, CalendarClock, Eye, ExternalLink, History, Pencil, Trash2 } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { contentChanged, useContentVersion } from '../../../lib/changes';
import { excerpt, formatDate, formatDateTime } from '../../../lib/format';
import { siteLink } from '../../../lib/publish';
import { toast } from '../../../lib/toast';
import { useDelete } from '../../../lib/use-delete';
import { useLoad } from '../../../lib/use-load';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useIsAdmin } from '../../../lib/session';
import { ItemList } from '../../../components/ItemList';
import { deleteItem, listItems, unpublishItem, type Schedule, type Stage } from '../api/content';
import { bodyOf, type ContentItem, type ContentKind } from '../kind';
import '../content.css';
import { unpublishQuestion } from '../use-unpublish';

function meta(kind: ContentKind, item: ContentItem, scheduled: Schedule[]) {
  const text = excerpt(bodyOf(kind, item));
  return (
    <>
      {item.review && <span className="badge badge-review">Awaiting review</span>}
      {!item.review && item.handedBack && (
        <span className="badge badge-handed-back" title={item.handedBack.note || undefined}>Handed back by {item.handedBack.by}</span>
      )}
      <span>{item.category || 'Uncategorized'}</span>
      {item.createdAt && <span> · {formatDate(item.createdAt)}</span>}
      {scheduled.map((s) => (
        <span key={s.id} className={`schedule-tag${s.status === 'failed' ? ' failed' : ''}`}>
          <CalendarClock size={14} aria-hidden="true" /> {s.action === 'publish' ? 'Goes live' : 'Comes down'} {formatDateTime(s.at)}
          {s.status !== 'scheduled' && ` (${s.status})`}
        </span>
      ))}
      {text && <span className="item-excerpt">{text}</span>}
    </>
  );
}

interface Props {
  kind: ContentKind;
  stage: Stage;
  /** The public site's base URL, for the View links of published items. */
  siteUrl?: string;
  /** Schedules of every kind; the items of this list show theirs. */
  schedules?: Schedule[];
}

/** A dashboard card of one kind's drafts (Preview, Delete) or published items (View, Edit, History, Unpublish, Delete). */
export function ContentPanel({ kind, stage, siteUrl = window.location.origin, schedules = [] }: Props) {
  const version = useContentVersion();
  const { data, error, loading, setData } = useLoad(() => listItems(kind, stage), [kind, stage, version]);
  const del = useDelete();
  const confirm = useConfirm();
  const preview = stage === 'preview';
  const admin = useIsAdmin();
  const remove = async (item: ContentItem) => {
    const note = preview
      ? 'It moves to the trash, where you can restore it for 30 days.'
      : 'It leaves the website and moves to the trash, where you can restore it for 30 days.';
    if (await del(kind.messages.deleteQuestion, item.title, kind.messages.deleted, () => deleteItem(kind, stage, item.slug), note)) {
      setData((list) => (list ?? []).filter((x) => x.slug !== item.slug)); // useDelete told the Builds panel
    }
  };
  const unpublish = async (item: ContentItem) => {
    if (!(await confirm(unpublishQuestion(kind, item)))) return;
    try {
      const res = await unpublishItem(kind, item.slug);
      toast.success(res.message || `${kind.Noun} unpublished.`);
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, `Failed to unpublish the ${kind.noun}.`));
    }
  };
  const mine = (item: ContentItem) => schedules.filter((s) => s.kind === kind.key && s.slug === item.slug);
  const enc = encodeURIComponent;
  return (
    <ItemList
      id={`${stage}-${kind.key}`}
      title={preview ? `${kind.Noun} drafts` : `Published ${kind.plural}`}
      badge={preview ? 'Preview' : 'Live'}
      loading={loading}
      error={error ? kind.messages.listFailed : undefined}
      emptyText={preview ? `No drafts. Add a ${kind.noun} to start one.` : 'Nothing published yet.'}
      note={!preview && !admin && (data?.length ?? 0) > 0
        ? `Only an admin can change or unpublish what is on the website: to have a live ${kind.noun} changed, ask an admin. History shows its earlier versions.`
        : undefined}
      items={data?.map((item) => ({
        key: item._id || item.slug,
        title: item.title,
        image: item.image,
        meta: meta(kind, item, mine(item)),
        actions: (
          <>
            {preview ? (
              <Link className="btn btn-secondary btn-small" to={`${kind.routes.preview}/${enc(item.slug)}`} aria-label={`Preview ${item.title}`}>
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
                {admin && (
                  <Link className="btn btn-secondary btn-small" to={`${kind.routes.edit}/${enc(item.slug)}`} aria-label={`Edit ${item.title}`}>
                    <Pencil size={16} aria-hidden="true" /> Edit
                  </Link>
                )}
                <Link className="btn btn-secondary btn-small" to={`${kind.routes.edit}/${enc(item.slug)}/history`} aria-label={`History of ${item.title}`}>
                  <History size={16} aria-hidden="true" /> History
                </Link>
                {admin && (
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void unpublish(item)} aria-label={`Unpublish ${item.title}`}>
                    <ArchiveRestore size={16} aria-hidden="true" /> Unpublish
                  </button>
                )}
              </>
            )}
            {(preview || admin) && (
              <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(item)} aria-label={`Delete ${item.title}`}>
                <Trash2 size={16} aria-hidden="true" /> Delete
              </button>
            )}
          </>
        ),
      }))}
    />
  );
}
