import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { slugify } from '../../../lib/slugify';
import { toast } from '../../../lib/toast';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { Field } from '../../../components/Field';
import { Form, FormActions, SubmitButton } from '../../../components/Form';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { createPreview, savedItem } from '../api/content';
import { EMPTY_DRAFT, SLUG_REQUIRED, type ContentKind } from '../kind';
import { useDraft } from '../use-draft';
import { readUnsavedCopy, useUnsavedCopy } from '../use-unsaved-copy';
import { formatDateTime } from '../../../lib/format';
import { ContentFields } from './ContentFields';

/** The server's reason when it gave one worth reading (409 slug taken, 413, 415), else "". */
function reasonOf(err: unknown): string {
  const message = errorMessage(err, '');
  return /^Request failed|internal error/i.test(message) ? '' : message;
}

function AddContentForm({ kind }: { kind: ContentKind }) {
  const navigate = useNavigate();
  const [kept] = useState(() => readUnsavedCopy(kind));
  const draft = useDraft(kind, kept?.values ?? EMPTY_DRAFT);
  const values = draft.values ?? EMPTY_DRAFT;
  const [adding, setAdding] = useState(false);
  const unsaved = useUnsavedCopy(kind, values, !adding);
  const [restoredNote, setRestoredNote] = useState(Boolean(kept));
  const [image, setImage] = useState<File | null>(null);
  const [picked, setPicked] = useState(''); // a library image's URL, instead of a file
  const [failure, setFailure] = useState('');
  const slug = kind.form.showSlug ? slugify(values.title) : '';

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure('');
    const more: { slug?: string; image?: string } = {};
    if (kind.form.showSlug && !slug) more.slug = SLUG_REQUIRED;
    if (kind.image.required && !image && !picked) more.image = 'Please choose an image.';
    if (!draft.check(e.currentTarget, { body: true }, more)) return;
    setAdding(true);
    try {
      const res = await createPreview(kind, values, { slug: slug || undefined, image: image ?? undefined, uploaded: image ? undefined : picked || undefined });
      unsaved.saved();
      toast.success(kind.messages.saved);
      navigate(`${kind.routes.preview}/${encodeURIComponent(savedItem(kind, res)?.slug || slug)}`);
    } catch (err) {
      setAdding(false);
      if (isSessionError(err)) return;
      const reason = reasonOf(err);
      setFailure(reason ? `${kind.messages.saveFailed} ${reason}` : kind.messages.saveFailed);
    }
  };

  return (
    <>
      <PageHeader title={`Add ${kind.Noun}`} intro={`A new ${kind.noun} is saved as a preview first. Publish it from its preview page.`} />
      {restoredNote && kept && (
        <div className="notice notice-info" role="status">
          <p>
            What you were writing on {formatDateTime(kept.at)} was not saved yet: it is back in the form below.{' '}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => {
                draft.reset(EMPTY_DRAFT);
                unsaved.saved();
                setRestoredNote(false);
              }}
            >
              Discard it
            </button>
          </p>
        </div>
      )}
      <Form onSubmit={onSubmit} failure={failure}>
        <ContentFields
          kind={kind}
          values={values}
          errors={draft.errors}
          onChange={(patch) => {
            draft.change(patch);
            if (patch.title !== undefined && (!kind.form.showSlug || slugify(patch.title))) draft.clearError('slug');
          }}
          afterTitle={
            kind.form.showSlug && (
              <Field label="Slug (web address)" error={draft.errors.slug} hint={`Made from the title. The page will be at ${kind.site.page(slug || '…')}`}>
                {({ id, describedBy, invalid }) => (
                  <input id={id} name="slug" readOnly value={slug} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
                )}
              </Field>
            )
          }
        />
        <ImageInput
          label={kind.image.required ? kind.image.label : `${kind.image.label} (optional)`}
          required={kind.image.required}
          current={picked || undefined}
          file={image}
          onFile={(file) => {
            setPicked('');
            setImage(file);
            if (file) draft.clearError('image');
          }}
          onPick={(url) => {
            setImage(null);
            setPicked(url);
            draft.clearError('image');
          }}
          error={draft.errors.image}
        />
        <FormActions>
          <SubmitButton busy={adding} label={`Add ${kind.Noun}`} busyLabel="Adding..." />
        </FormActions>
      </Form>
    </>
  );
}

/** /admin/add-blog, /admin/add-service: inside the error boundary the spec asks for. */
export function AddContentPage({ kind }: { kind: ContentKind }) {
  return (
    <ErrorBoundary>
      <AddContentForm kind={kind} />
    </ErrorBoundary>
  );
}
