import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Pencil, Rocket, Trash2 } from 'lucide-react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/format';
import { announcePublished } from '../../../lib/publish';
import { useLoad } from '../../../lib/use-load';
import { Form } from '../../../components/Form';
import { ImageInput } from '../../../components/ImageInput';
import { LiveNotice } from '../../../components/LiveNotice';
import { PageHeader } from '../../../components/PageHeader';
import { PreviewFrame } from '../../../components/PreviewFrame';
import { Spinner } from '../../../components/Spinner';
import { getItem, publishPreview, renderPreview, savedItem, updatePreview } from '../api/content';
import { draftOf, IMAGE_REMOVE_FAILED, type ContentItem, type ContentKind } from '../kind';
import { useDraft } from '../use-draft';
import { ContentFields } from './ContentFields';

/** /admin/preview-blog/{slug}, /admin/preview-services/{slug}: the draft as visitors will see it; edit, update, publish. */
export function PreviewContentPage({ kind }: { kind: ContentKind }) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: item, error, loading, setData } = useLoad(() => getItem(kind, 'preview', slug), [slug]);
  const [editing, setEditing] = useState(false);
  const draft = useDraft(kind);
  const [draftImage, setDraftImage] = useState('');
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'' | 'update' | 'image' | 'publish'>('');
  const [renderVersion, setRenderVersion] = useState(0);
  const [liveHref, setLiveHref] = useState('');
  const [publishError, setPublishError] = useState('');

  if (loading && !item) return <Spinner />;
  if (error || !item) {
    return (
      <>
        <PageHeader title={`Preview ${kind.noun}`} />
        <p className="card form-error" role="alert">
          {kind.messages.notFound}
        </p>
      </>
    );
  }

  const startEdit = () => {
    draft.reset(draftOf(kind, item));
    setDraftImage(item.image);
    setImageFile(null);
    setEditing(true);
  };

  const saved = (next: ContentItem | undefined) => {
    if (!next) return;
    setData(next);
    setRenderVersion((n) => n + 1);
    if (next.slug && next.slug !== slug) navigate(`${kind.routes.preview}/${encodeURIComponent(next.slug)}`, { replace: true });
  };

  const onUpdate = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!draft.values || !draft.check(e.currentTarget, { body: true })) return;
    setBusy('update');
    try {
      const res = await updatePreview(kind, slug, draft.values, imageFile ?? draftImage);
      toast.success(res.message || kind.messages.updated);
      setEditing(false);
      saved(savedItem(kind, res));
    } catch (err) {
      if (!isSessionError(err)) toast.error(kind.messages.previewUpdateFailed(err instanceof ApiError ? err.message : ''));
    } finally {
      setBusy('');
    }
  };

  const onRemoveImage = async () => {
    setBusy('image');
    try {
      const res = await updatePreview(kind, slug, draftOf(kind, item), '');
      toast.success('Image removed.');
      setDraftImage('');
      saved(savedItem(kind, res));
    } catch (err) {
      if (!isSessionError(err)) toast.error(IMAGE_REMOVE_FAILED);
    } finally {
      setBusy('');
    }
  };

  const onPublish = async () => {
    setPublishError('');
    const values = editing && draft.values ? draft.values : draftOf(kind, item);
    if (!values.title.trim() || !values.body.trim()) {
      setPublishError(kind.messages.publishNeeds);
      toast.error(kind.messages.publishNeeds);
      return;
    }
    setBusy('publish');
    try {
      const image = editing ? (imageFile ?? draftImage) : item.image;
      const answer = await publishPreview(kind, item, { ...values, category: values.category.trim() || 'Uncategorized' }, image);
      if (answer && answer.live === false) throw new ApiError(answer.message || 'The site build failed.', 500, answer);
      setLiveHref(await announcePublished(answer, kind.site.list));
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
  const removeImage = kind.image.removableInPreview ? () => void onRemoveImage() : undefined;

  return (
    <>
      <PageHeader
        title={editing ? `Edit preview ${kind.noun}` : `Preview ${kind.noun}`}
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
      {liveHref && <LiveNotice href={liveHref} listLabel={kind.site.listName} />}
      {publishError && (
        <p className="form-error card" role="alert">
          {publishError}
        </p>
      )}

      {editing && draft.values ? (
        <Form onSubmit={onUpdate}>
          <ContentFields
            kind={kind}
            values={draft.values}
            errors={draft.errors}
            bodyRequired
            meta={kind.form.previewMetaDisabled ? 'disabled' : 'edit'}
            onChange={draft.change}
          />
          <ImageInput
            label={kind.image.label}
            current={draftImage}
            file={imageFile}
            onFile={setImageFile}
            onRemove={removeImage}
            removing={busy === 'image'}
            hint={removeImage ? undefined : 'Choose a file to replace the picture.'}
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
        </Form>
      ) : (
        <>
          <section className="card" aria-labelledby="fields-heading">
            <h2 id="fields-heading">Details</h2>
            <dl className="details">
              <dt>Title</dt>
              <dd>{item.title}</dd>
              <dt>Address</dt>
              <dd>
                <code>{kind.site.page(item.slug)}</code>
              </dd>
              <dt>Category</dt>
              <dd>{item.category || 'Uncategorized'}</dd>
              <dt>Meta title</dt>
              <dd>{item.metaTitle || <span className="muted">Same as the title</span>}</dd>
              <dt>Meta description</dt>
              <dd>{item.metaDescription || <span className="muted">Not set</span>}</dd>
              <dt>Focus keyword</dt>
              <dd>{item.focusKeyword || <span className="muted">Not set</span>}</dd>
              <dt>Saved</dt>
              <dd>{formatDateTime(item.updatedAt || item.createdAt)}</dd>
              <dt>{kind.image.label}</dt>
              <dd>
                {item.image ? (
                  <span className="inline-image">
                    <img src={item.image} alt={kind.image.label} className="thumb-small" />
                    {removeImage && (
                      <button type="button" className="btn btn-secondary btn-small" onClick={removeImage} disabled={busy !== ''}>
                        <Trash2 size={16} aria-hidden="true" /> {busy === 'image' ? 'Removing...' : 'Remove image'}
                      </button>
                    )}
                  </span>
                ) : (
                  <span className="muted">None (the site's default picture is used)</span>
                )}
              </dd>
            </dl>
          </section>
          <PreviewFrame key={slug} load={() => renderPreview(kind, slug)} version={renderVersion} title={item.title} />
        </>
      )}
    </>
  );
}
