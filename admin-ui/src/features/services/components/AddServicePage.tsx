import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { slugify } from '../../../lib/slugify';
import { focusFirstInvalid } from '../../../lib/focus';
import { toast } from '../../../lib/toast';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { Field } from '../../../components/Field';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { createPreviewService } from '../api/services';
import { EMPTY_SERVICE, ServiceFieldsForm, serviceForm, validateService, type ServiceDraft, type ServiceErrors } from './ServiceFieldsForm';

export const SLUG_REQUIRED = 'Slug is required. Please enter a title.';
export const SERVICE_SAVED = 'Service saved! Check it in the preview section.';
export const SERVICE_SAVE_FAILED = 'Failed to add service.';

export function AddServiceForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<ServiceDraft>(EMPTY_SERVICE);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ServiceErrors>({});
  const [failure, setFailure] = useState('');
  const [adding, setAdding] = useState(false);
  const slug = slugify(values.title);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const found = validateService(values);
    if (!slug) found.slug = SLUG_REQUIRED;
    if (!image) found.image = 'Please choose an image.';
    setErrors(found);
    if (found.slug) toast.error(SLUG_REQUIRED);
    if (Object.keys(found).length) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
    setAdding(true);
    try {
      const res = await createPreviewService(serviceForm(values, { slug, image }));
      toast.success(SERVICE_SAVED);
      navigate(`/admin/preview-services/${encodeURIComponent(res.service?.slug || slug)}`);
    } catch (err) {
      setAdding(false);
      if (isSessionError(err)) return;
      const message = errorMessage(err, SERVICE_SAVE_FAILED);
      const shown = /^Request failed|internal error/i.test(message) ? SERVICE_SAVE_FAILED : message;
      setFailure(shown);
      toast.error(shown);
    }
  };

  return (
    <>
      <PageHeader title="Add Service" intro="A new service is saved as a preview first. Publish it from its preview page." />
      <form className="card form" onSubmit={onSubmit} noValidate>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <ServiceFieldsForm
          values={values}
          errors={errors}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          afterTitle={
            <Field label="Slug (web address)" error={errors.slug} hint={`Made from the title. The page will be at /${slug || '…'}/`}>
              {({ id, describedBy, invalid }) => (
                <input id={id} name="slug" readOnly value={slug} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
              )}
            </Field>
          }
        />
        <ImageInput label="Image" required file={image} onFile={setImage} error={errors.image} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={adding}>
            {adding ? 'Adding...' : 'Add Service'}
          </button>
        </div>
      </form>
    </>
  );
}

/** /admin/add-service, inside the error boundary the spec asks for. */
export function AddServicePage() {
  return (
    <ErrorBoundary>
      <AddServiceForm />
    </ErrorBoundary>
  );
}
