import { Link } from 'react-router-dom';
import { Eye, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { excerpt, formatDate } from '../../../lib/format';
import { siteLink } from '../../../lib/publish';
import { useDelete } from '../../../lib/use-delete';
import { useLoad } from '../../../lib/use-load';
import { ItemList } from '../../../components/ItemList';
import { deletePreviewBlog, deletePublishedBlog, listPreviewBlogs, listPublishedBlogs, type Blog } from '../api/blogs';

export const DELETE_BLOG_QUESTION = 'Are you sure you want to delete this blog?';
export const BLOG_DELETED = 'Blog deleted successfully.';

function meta(b: Blog) {
  const text = excerpt(b.content);
  return (
    <>
      <span>{b.category || 'Uncategorized'}</span>
      {b.createdAt && <span> · {formatDate(b.createdAt)}</span>}
      {text && <span className="item-excerpt">{text}</span>}
    </>
  );
}

export function PreviewBlogsPanel() {
  const { data, error, loading, setData } = useLoad(listPreviewBlogs, []);
  const del = useDelete();
  const remove = async (b: Blog) => {
    if (await del(DELETE_BLOG_QUESTION, BLOG_DELETED, () => deletePreviewBlog(b.slug))) {
      setData((list) => (list ?? []).filter((x) => x.slug !== b.slug));
    }
  };
  return (
    <ItemList
      id="preview-blogs"
      title="Blog drafts"
      badge="Preview"
      loading={loading}
      error={error ? 'Failed to load blogs. Please try again later.' : undefined}
      emptyText="No drafts. Add a blog to start one."
      items={data?.map((b) => ({
        key: b._id || b.slug,
        title: b.title,
        image: b.image,
        meta: meta(b),
        actions: (
          <>
            <Link className="btn btn-secondary btn-small" to={`/admin/preview-blog/${encodeURIComponent(b.slug)}`} aria-label={`Preview ${b.title}`}>
              <Eye size={16} aria-hidden="true" /> Preview
            </Link>
            <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(b)} aria-label={`Delete ${b.title}`}>
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          </>
        ),
      }))}
    />
  );
}

export function PublishedBlogsPanel({ siteUrl }: { siteUrl: string }) {
  const { data, error, loading, setData } = useLoad(listPublishedBlogs, []);
  const del = useDelete();
  const remove = async (b: Blog) => {
    if (await del(DELETE_BLOG_QUESTION, BLOG_DELETED, () => deletePublishedBlog(b.slug))) {
      setData((list) => (list ?? []).filter((x) => x.slug !== b.slug));
    }
  };
  return (
    <ItemList
      id="published-blogs"
      title="Published blogs"
      badge="Live"
      loading={loading}
      error={error ? 'Failed to load blogs. Please try again later.' : undefined}
      emptyText="Nothing published yet."
      items={data?.map((b) => ({
        key: b._id || b.slug,
        title: b.title,
        image: b.image,
        meta: meta(b),
        actions: (
          <>
            <a
              className="btn btn-secondary btn-small"
              href={siteLink(siteUrl, `/blog/${b.slug}/`)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${b.title} on the website`}
            >
              <ExternalLink size={16} aria-hidden="true" /> View
            </a>
            <Link className="btn btn-secondary btn-small" to={`/admin/edit-blog/${encodeURIComponent(b.slug)}`} aria-label={`Edit ${b.title}`}>
              <Pencil size={16} aria-hidden="true" /> Edit
            </Link>
            <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(b)} aria-label={`Delete ${b.title}`}>
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          </>
        ),
      }))}
    />
  );
}
