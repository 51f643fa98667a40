import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { getSiteInfo, siteLink } from '../../../lib/publish';
import { siteChanged } from '../../../lib/site-events';
import { useLoad } from '../../../lib/use-load';
import { Form, FormActions, SubmitButton } from '../../../components/Form';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { getItem, removePublishedImage, savedItem, updatePublished } from '../api/content';
import { draftOf, IMAGE_REMOVE_FAILED, type ContentItem, type ContentKind } from '../kind';
import { useDraft } from '../use-draft';
import { useClashCheck } from '../use-published';
import { useVersionGuard } from '../use-version-guard';
import { ContentFields } from './ContentFields';

/** /admin/edit-blog/{slug}, /admin/edit-service/{slug}: edits a published item; the server rebuilds its pages on save. */
export function EditContentPage({ kind }: { kind: ContentKind }) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: item, error, loading, setData } = useLoad(() => getItem(kind, 'published', slug), [slug]);
  const draft = useDraft(kind);
  const guard = useVersionGuard(kind);
  const [image, setImage] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [done, setDone] = useState(false);
  const [liveUrl, setLiveUrl] = useState('');
  const [failure, setFailure] = useState('');
  const clashCheck = useClashCheck(kind);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const loadedSlug = item?.slug;
  useEffect(() => {
    if (!item) return;
    draft.reset(draftOf(kind, item));
    let live = true;
    void getSiteInfo().then((info) => live && setLiveUrl(siteLink(info.siteUrl, kind.site.page(item.slug))));
    return () => {
      live = false;
    };
    // A fresh draft only when another item loads, not when a save or image removal updates this one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedSlug]);

  if (loading && !item) return <Spinner />;
  if (error || !item || !draft.values) {
    return (
      <>
        <PageHeader title={`Edit ${kind.noun}`} />
        {error ? (
          <p className="card form-error" role="alert">
            {kind.messages.loadFailed}
          </p>
        ) : (
          <Spinner />
        )}
      </>
    );
  }

  /** The newest version replaces what this screen shows (the admin chose it over their edits). */
  const reload = (current: ContentItem) => {
    setData(current);
    draft.reset(draftOf(kind, current));
    setImage(null);
    toast.info(`Showing the newest version of this ${kind.noun}.`);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure('');
    const values = draft.values;
    if (!values || !draft.check(e.currentTarget, { body: true })) return;
    setSubmitting(true);
    try {
      // The edit goes live at once, so a title another live item has is asked about first.
      const stop = values.title.trim() === item.title ? '' : await clashCheck(values.title, item);
      if (stop !== '') {
        if (stop) setFailure(stop);
        setSubmitting(false);
        return;
      }
      const res = await guard(item.version, (v) => updatePublished(kind, slug, values, image, v), reload);
      if (!res) {
        setSubmitting(false);
        return;
      }
      toast.success(res.message || kind.messages.updated, liveUrl ? { href: liveUrl, label: 'Open the live page' } : undefined);
      setImage(null);
      siteChanged();
      const next = savedItem(kind, res);
      if (next) {
        setData(next);
        draft.reset(draftOf(kind, next));
      }
      if (kind.form.editRedirectMs !== undefined) {
        setDone(true);
        timer.current = setTimeout(() => navigate('/admin/dashboard'), kind.form.editRedirectMs);
      }
    } catch (err) {
      if (!isSessionError(err)) toast.error(`${kind.messages.updateFailed} ${errorMessage(err, '')}`.trim());
    }
    setSubmitting(false);
  };

  const onRemoveImage = async () => {
    setRemoving(true);
    try {
      const res = await guard(item.version, (v) => removePublishedImage(kind, slug, v), reload);
      if (!res) return;
      toast.success(res.message || 'Image removed.');
      siteChanged();
      setData(savedItem(kind, res) ?? { ...item, image: '' });
    } catch (err) {
      if (!isSessionError(err)) toast.error(IMAGE_REMOVE_FAILED);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={`Edit ${kind.noun}`}
        intro="Changes go live on the website as soon as you update."
        actions={
          liveUrl && (
            <a className="btn btn-secondary" href={liveUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={18} aria-hidden="true" /> View live page
            </a>
          )
        }
      />
      {done && (
        <p className="notice notice-success" role="status">
          {kind.messages.updated} Returning to the dashboard…
        </p>
      )}
      <Form onSubmit={onSubmit} failure={failure}>
        <ContentFields
          kind={kind}
          values={draft.values}
          errors={draft.errors}
          bodyRequired
          keywordLabel={kind.form.editKeywordLabel}
          onChange={draft.change}
        />
        <ImageInput
          label={kind.image.label}
          current={item.image}
          file={image}
          onFile={setImage}
          onRemove={kind.api.removePublishedImage ? () => void onRemoveImage() : undefined}
          removing={removing}
          hint="Choose a file to replace the picture."
        />
        <FormActions>
          <SubmitButton busy={submitting} disabled={done} label={`Update ${kind.noun}`} busyLabel="Submitting..." />
        </FormActions>
      </Form>
    </>
  );
}
