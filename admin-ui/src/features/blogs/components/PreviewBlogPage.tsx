import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Pencil, Rocket, Trash2 } from 'lucide-react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/format';
import { announcePublished } from '../../../lib/publish';
import { uploadImage } from '../../../lib/upload';
import { useLoad } from '../../../lib/use-load';
import { ImageInput } from '../../../components/ImageInput';
import { LiveNotice } from '../../../components/LiveNotice';
import { PageHeader } from '../../../components/PageHeader';
import { PreviewFrame } from '../../../components/PreviewFrame';
import { Spinner } from '../../../components/Spinner';
import { getPreviewBlog, publishPreviewBlog, renderPreviewBlog, updatePreviewBlog, type Blog, type BlogFields } from '../api/blogs';
import { BlogFieldsForm, validateBlog, type BlogDraft, type BlogErrors } from './BlogFieldsForm';

export const BLOG_NOT_FOUND = 'Blog not found or failed to fetch.';
export const PUBLISH_NEEDS = 'Please enter both title and content before publishing.';

function fieldsOf(blog: Blog): BlogFields {
  return {
    title: blog.title,
    content: blog.content,
    category: blog.category,
    image: blog.image,
    metaTitle: blog.metaTitle,
    metaDescription: blog.metaDescription,
    focusKeyword: blog.focusKeyword,
  };
}

export function PreviewBlogPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: blog, error, loading, setData } = useLoad(() => getPreviewBlog(slug), [slug]);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<BlogDraft | null>(null);
  const [draftImage, setDraftImage] = useState('');
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<BlogErrors>({});
  const [busy, setBusy] = useState<'' | 'update' | 'image' | 'publish'>('');
  const [renderVersion, setRenderVersion] = useState(0);
  const [liveHref, setLiveHref] = useState('');
  const [publishError, setPublishError] = useState('');

  if (loading && !blog) return <Spinner />;
  if (error || !blog) {
    return (
      <>
        <PageHeader title="Preview blog" />
        <p className="card form-error" role="alert">
          {BLOG_NOT_FOUND}
        </p>
      </>
    );
  }

  const startEdit = () => {
    setDraft({
      title: blog.title,
      category: blog.category,
      content: blog.content,
      metaTitle: blog.metaTitle,
      metaDescription: blog.metaDescription,
      focusKeyword: blog.focusKeyword,
    });
    setDraftImage(blog.image);
    setCoverFile(null);
    setErrors({});
    setEditing(true);
  };

  const saved = (next: Blog) => {
    setData(next);
    setRenderVersion((n) => n + 1);
    if (next.slug && next.slug !== slug) navigate(`/admin/preview-blog/${encodeURIComponent(next.slug)}`, { replace: true });
  };

  const onUpdate = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const found = validateBlog(draft, { content: true });
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setBusy('update');
    try {
      const image = coverFile ? await uploadImage(coverFile) : draftImage;
      const res = await updatePreviewBlog(slug, { ...draft, image });
      toast.success(res.message || 'Blog updated successfully.');
      setEditing(false);
      saved(res.blog);
    } catch (err) {
      if (!isSessionError(err)) toast.error(`Failed to update blog. ${errorMessage(err, '')}`.trim());
    } finally {
      setBusy('');
    }
  };

  const onRemoveImage = async () => {
    setBusy('image');
    try {
      const res = await updatePreviewBlog(slug, { ...fieldsOf(blog), image: '' });
      toast.success('Image removed.');
      setDraftImage('');
      saved(res.blog);
    } catch (err) {
      if (!isSessionError(err)) toast.error('Failed to remove image.');
    } finally {
      setBusy('');
    }
  };

  const onPublish = async () => {
    setPublishError('');
    const fields: BlogFields = editing && draft ? { ...draft, image: draftImage } : fieldsOf(blog);
    if (!fields.title.trim() || !fields.content.trim()) {
      setPublishError(PUBLISH_NEEDS);
      toast.error(PUBLISH_NEEDS);
      return;
    }
    setBusy('publish');
    try {
      if (editing && coverFile) fields.image = await uploadImage(coverFile);
      const answer = await publishPreviewBlog(slug, { ...fields, category: fields.category.trim() || 'Uncategorized' });
      if (answer && answer.live === false) throw new ApiError(answer.message || 'The site build failed.', 500, answer);
      setLiveHref(await announcePublished(answer, '/blog/'));
    } catch (err) {
      setBusy('');
      if (isSessionError(err)) return;
      const message = errorMessage(err, 'Failed to publish. Please try again.');
      setPublishError(message);
      toast.error(message);
    }
  };

  const publishButton = (
    <button type="button" className="btn btn-success" onClick={() => void onPublish()} disabled={busy !== '' || Boolean(liveHref)}>
      <Rocket size={18} aria-hidden="true" /> {busy === 'publish' ? 'Publishing...' : 'Publish'}
    </button>
  );

  return (
    <>
      <PageHeader
        title={editing ? 'Edit preview blog' : 'Preview blog'}
        intro="Drafts stay private until you publish them."
        actions={
          !editing && (
            <>
              <button type="button" className="btn btn-secondary" onClick={startEdit} disabled={busy !== ''}>
                <Pencil size={18} aria-hidden="true" /> Edit
              </button>
              {publishButton}
            </>
          )
        }
      />
      {liveHref && <LiveNotice href={liveHref} listLabel="the blog" />}
      {publishError && (
        <p className="form-error card" role="alert">
          {publishError}
        </p>
      )}

      {editing && draft ? (
        <form className="card form" onSubmit={onUpdate} noValidate>
          <BlogFieldsForm values={draft} errors={errors} contentRequired onChange={(patch) => setDraft((d) => (d ? { ...d, ...patch } : d))} />
          <ImageInput
            label="Cover image"
            current={draftImage}
            file={coverFile}
            onFile={setCoverFile}
            onRemove={() => void onRemoveImage()}
            removing={busy === 'image'}
          />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy !== ''}>
              {busy === 'update' ? 'Submitting...' : 'Update'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)} disabled={busy !== ''}>
              Cancel
            </button>
            {publishButton}
          </div>
        </form>
      ) : (
        <>
          <section className="card" aria-labelledby="fields-heading">
            <h2 id="fields-heading">Details</h2>
            <dl className="details">
              <dt>Title</dt>
              <dd>{blog.title}</dd>
              <dt>Address</dt>
              <dd>
                <code>/blog/{blog.slug}/</code>
              </dd>
              <dt>Category</dt>
              <dd>{blog.category || 'Uncategorized'}</dd>
              <dt>Meta title</dt>
              <dd>{blog.metaTitle || <span className="muted">Same as the title</span>}</dd>
              <dt>Meta description</dt>
              <dd>{blog.metaDescription || <span className="muted">Not set</span>}</dd>
              <dt>Focus keyword</dt>
              <dd>{blog.focusKeyword || <span className="muted">Not set</span>}</dd>
              <dt>Saved</dt>
              <dd>{formatDateTime(blog.updatedAt || blog.createdAt)}</dd>
              <dt>Cover image</dt>
              <dd>
                {blog.image ? (
                  <span className="inline-image">
                    <img src={blog.image} alt="Cover" className="thumb-small" />
                    <button type="button" className="btn btn-secondary btn-small" onClick={() => void onRemoveImage()} disabled={busy !== ''}>
                      <Trash2 size={16} aria-hidden="true" /> {busy === 'image' ? 'Removing...' : 'Remove image'}
                    </button>
                  </span>
                ) : (
                  <span className="muted">None (the site's default picture is used)</span>
                )}
              </dd>
            </dl>
          </section>
          <PreviewFrame key={slug} load={() => renderPreviewBlog(slug)} version={renderVersion} title={blog.title} />
        </>
      )}
    </>
  );
}
