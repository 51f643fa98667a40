import { Link } from 'react-router-dom';
import { Eye, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { excerpt, formatDate } from '../../../lib/format';
import { siteLink } from '../../../lib/publish';
import { useDelete } from '../../../lib/use-delete';
import { useLoad } from '../../../lib/use-load';
import { ItemList } from '../../../components/ItemList';
import { deletePreviewService, deletePublishedService, listPreviewServices, listPublishedServices, type Service } from '../api/services';

export const DELETE_SERVICE_QUESTION = 'Are you sure you want to delete this service?';
export const SERVICE_DELETED = 'Service deleted successfully.';

function meta(s: Service) {
  const text = excerpt(s.description);
  return (
    <>
      <span>{s.category || 'Uncategorized'}</span>
      {s.createdAt && <span> · {formatDate(s.createdAt)}</span>}
      {text && <span className="item-excerpt">{text}</span>}
    </>
  );
}

export function PreviewServicesPanel() {
  const { data, error, loading, setData } = useLoad(listPreviewServices, []);
  const del = useDelete();
  const remove = async (s: Service) => {
    if (await del(DELETE_SERVICE_QUESTION, SERVICE_DELETED, () => deletePreviewService(s.slug))) {
      setData((list) => (list ?? []).filter((x) => x.slug !== s.slug));
    }
  };
  return (
    <ItemList
      id="preview-services"
      title="Service drafts"
      badge="Preview"
      loading={loading}
      error={error ? 'Failed to load services. Please try again later.' : undefined}
      emptyText="No drafts. Add a service to start one."
      items={data?.map((s) => ({
        key: s._id || s.slug,
        title: s.title,
        image: s.image,
        meta: meta(s),
        actions: (
          <>
            <Link className="btn btn-secondary btn-small" to={`/admin/preview-services/${encodeURIComponent(s.slug)}`} aria-label={`Preview ${s.title}`}>
              <Eye size={16} aria-hidden="true" /> Preview
            </Link>
            <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(s)} aria-label={`Delete ${s.title}`}>
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          </>
        ),
      }))}
    />
  );
}

export function PublishedServicesPanel({ siteUrl }: { siteUrl: string }) {
  const { data, error, loading, setData } = useLoad(listPublishedServices, []);
  const del = useDelete();
  const remove = async (s: Service) => {
    if (await del(DELETE_SERVICE_QUESTION, SERVICE_DELETED, () => deletePublishedService(s.slug))) {
      setData((list) => (list ?? []).filter((x) => x.slug !== s.slug));
    }
  };
  return (
    <ItemList
      id="published-services"
      title="Published services"
      badge="Live"
      loading={loading}
      error={error ? 'Failed to load services. Please try again later.' : undefined}
      emptyText="Nothing published yet."
      items={data?.map((s) => ({
        key: s._id || s.slug,
        title: s.title,
        image: s.image,
        meta: meta(s),
        actions: (
          <>
            <a
              className="btn btn-secondary btn-small"
              href={siteLink(siteUrl, `/${s.slug}/`)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${s.title} on the website`}
            >
              <ExternalLink size={16} aria-hidden="true" /> View
            </a>
            <Link className="btn btn-secondary btn-small" to={`/admin/edit-service/${encodeURIComponent(s.slug)}`} aria-label={`Edit ${s.title}`}>
              <Pencil size={16} aria-hidden="true" /> Edit
            </Link>
            <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(s)} aria-label={`Delete ${s.title}`}>
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          </>
        ),
      }))}
    />
  );
}
