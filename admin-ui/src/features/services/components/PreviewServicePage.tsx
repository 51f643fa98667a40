import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Pencil, Rocket } from 'lucide-react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { formatDateTime } from '../../../lib/format';
import { announcePublished } from '../../../lib/publish';
import { useLoad } from '../../../lib/use-load';
import { ImageInput } from '../../../components/ImageInput';
import { LiveNotice } from '../../../components/LiveNotice';
import { PageHeader } from '../../../components/PageHeader';
import { PreviewFrame } from '../../../components/PreviewFrame';
import { Spinner } from '../../../components/Spinner';
import { getPreviewService, publishPreviewService, renderPreviewService, updatePreviewService, type Service } from '../api/services';
import { ServiceFieldsForm, serviceForm, validateService, type ServiceDraft, type ServiceErrors } from './ServiceFieldsForm';

export const SERVICE_NOT_FOUND = 'Service not found.';
export const SERVICE_UPDATE_FAILED = 'Failed to update service. Please try again.';
export const SERVICE_PUBLISH_NEEDS = 'Please enter both title and description before publishing.';

function draftOf(s: Service): ServiceDraft {
  return {
    title: s.title,
    category: s.category,
    description: s.description,
    metaTitle: s.metaTitle,
    metaDescription: s.metaDescription,
    focusKeyword: s.focusKeyword,
  };
}

export function PreviewServicePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: service, error, loading, setData } = useLoad(() => getPreviewService(slug), [slug]);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ServiceDraft | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ServiceErrors>({});
  const [busy, setBusy] = useState<'' | 'update' | 'publish'>('');
  const [renderVersion, setRenderVersion] = useState(0);
  const [liveHref, setLiveHref] = useState('');
  const [publishError, setPublishError] = useState('');

  if (loading && !service) return <Spinner />;
  if (error || !service) {
    return (
      <>
        <PageHeader title="Preview service" />
        <p className="card form-error" role="alert">
          {SERVICE_NOT_FOUND}
        </p>
      </>
    );
  }

  const startEdit = () => {
    setDraft(draftOf(service));
    setImage(null);
    setErrors({});
    setEditing(true);
  };

  const onUpdate = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const found = validateService(draft, { description: true });
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setBusy('update');
    try {
      const res = await updatePreviewService(slug, serviceForm(draft, { image }));
      toast.success(res.message || 'Service updated successfully!');
      setEditing(false);
      setData(res.service);
      setRenderVersion((n) => n + 1);
      if (res.service.slug && res.service.slug !== slug) navigate(`/admin/preview-services/${encodeURIComponent(res.service.slug)}`, { replace: true });
    } catch (err) {
      if (isSessionError(err)) return;
      toast.error(err instanceof ApiError ? `Update failed: ${err.message}` : SERVICE_UPDATE_FAILED);
    } finally {
      setBusy('');
    }
  };

  const onPublish = async () => {
    setPublishError('');
    const values = editing && draft ? draft : draftOf(service);
    if (!values.title.trim() || !values.description.trim()) {
      setPublishError(SERVICE_PUBLISH_NEEDS);
      toast.error(SERVICE_PUBLISH_NEEDS);
      return;
    }
    setBusy('publish');
    try {
      const form = serviceForm(values, { slug: service.slug, createdAt: service.createdAt, image: editing ? image : null });
      const answer = await publishPreviewService(slug, form);
      if (answer && answer.live === false) throw new ApiError(answer.message || 'The site build failed.', 500, answer);
      setLiveHref(await announcePublished(answer, '/OurServices/'));
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
        title={editing ? 'Edit preview service' : 'Preview service'}
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
      {liveHref && <LiveNotice href={liveHref} listLabel="the services page" />}
      {publishError && (
        <p className="form-error card" role="alert">
          {publishError}
        </p>
      )}

      {editing && draft ? (
        <form className="card form" onSubmit={onUpdate} noValidate>
          <ServiceFieldsForm
            values={draft}
            errors={errors}
            descriptionRequired
            metaDisabled
            onChange={(patch) => setDraft((d) => (d ? { ...d, ...patch } : d))}
          />
          <ImageInput label="Image" current={service.image} file={image} onFile={setImage} hint="Choose a file to replace the picture." />
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
              <dd>{service.title}</dd>
              <dt>Address</dt>
              <dd>
                <code>/{service.slug}/</code>
              </dd>
              <dt>Category</dt>
              <dd>{service.category}</dd>
              <dt>Meta title</dt>
              <dd>{service.metaTitle || <span className="muted">Same as the title</span>}</dd>
              <dt>Meta description</dt>
              <dd>{service.metaDescription || <span className="muted">Not set</span>}</dd>
              <dt>Focus keyword</dt>
              <dd>{service.focusKeyword || <span className="muted">Not set</span>}</dd>
              <dt>Saved</dt>
              <dd>{formatDateTime(service.updatedAt || service.createdAt)}</dd>
              <dt>Image</dt>
              <dd>{service.image ? <img src={service.image} alt="Service" className="thumb-small" /> : <span className="muted">None</span>}</dd>
            </dl>
          </section>
          <PreviewFrame key={slug} load={() => renderPreviewService(slug)} version={renderVersion} title={service.title} />
        </>
      )}
    </>
  );
}
