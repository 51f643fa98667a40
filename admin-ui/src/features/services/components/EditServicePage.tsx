import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isSessionError } from '../../../lib/api-client';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { getPublishedService, removePublishedServiceImage, updatePublishedService } from '../api/services';
import { ServiceFieldsForm, serviceForm, validateService, type ServiceDraft, type ServiceErrors } from './ServiceFieldsForm';

export const SERVICE_LOAD_FAILED = 'Failed to load service details.';
export const SERVICE_EDIT_FAILED = 'Failed to update service.';
export const SERVICE_UPDATED = 'Service updated successfully!';
export const IMAGE_REMOVE_FAILED = 'Failed to remove image.';
export const EDIT_SERVICE_REDIRECT_MS = 2000;

/** Edits a published service. After a save it returns to the dashboard (the spec's /services is a public page). */
export function EditServicePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: service, error, loading, setData } = useLoad(() => getPublishedService(slug), [slug]);
  const [draft, setDraft] = useState<ServiceDraft | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ServiceErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (service && !draft) {
      setDraft({
        title: service.title,
        category: service.category,
        description: service.description,
        metaTitle: service.metaTitle,
        metaDescription: service.metaDescription,
        focusKeyword: service.focusKeyword,
      });
    }
  }, [service, draft]);

  if (loading && !service) return <Spinner />;
  if (error || !service || !draft) {
    return (
      <>
        <PageHeader title="Edit service" />
        {error ? (
          <p className="card form-error" role="alert">
            {SERVICE_LOAD_FAILED}
          </p>
        ) : (
          <Spinner />
        )}
      </>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateService(draft, { description: true });
    setErrors(found);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setSubmitting(true);
    try {
      await updatePublishedService(slug, serviceForm(draft, { image }, { meta: false }));
      toast.success(SERVICE_UPDATED);
      setDone(true);
      timer.current = setTimeout(() => navigate('/admin/dashboard'), EDIT_SERVICE_REDIRECT_MS);
    } catch (err) {
      setSubmitting(false);
      if (!isSessionError(err)) toast.error(SERVICE_EDIT_FAILED);
    }
  };

  const onRemoveImage = async () => {
    setRemoving(true);
    try {
      const res = await removePublishedServiceImage(slug);
      toast.success(res.message || 'Image removed.');
      setData(res.service ?? { ...service, image: '' });
    } catch (err) {
      if (!isSessionError(err)) toast.error(IMAGE_REMOVE_FAILED);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <PageHeader title="Edit service" intro="Changes go live on the website as soon as you update." />
      {done && (
        <p className="notice notice-success" role="status">
          {SERVICE_UPDATED} Returning to the dashboard…
        </p>
      )}
      <form className="card form" onSubmit={onSubmit} noValidate>
        <ServiceFieldsForm values={draft} errors={errors} descriptionRequired showMeta={false} onChange={(patch) => setDraft((d) => (d ? { ...d, ...patch } : d))} />
        <ImageInput
          label="Image"
          current={service.image}
          file={image}
          onFile={setImage}
          onRemove={() => void onRemoveImage()}
          removing={removing}
          hint="Choose a file to replace the picture."
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={submitting || done}>
            {submitting ? 'Submitting...' : 'Update service'}
          </button>
        </div>
      </form>
    </>
  );
}
