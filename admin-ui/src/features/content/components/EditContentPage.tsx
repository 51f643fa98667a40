import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArchiveRestore, CalendarClock, ExternalLink, Eye, History } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { getSiteInfo, siteLink } from '../../../lib/publish';
import { siteChanged } from '../../../lib/site-events';
import { useLoad } from '../../../lib/use-load';
import { contentChanged, useContentVersion } from '../../../lib/changes';
import { formatWhen } from '../../../lib/format';
import { uploadImage } from '../../../lib/upload';
import { slugify } from '../../../lib/slugify';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PreviewFrame } from '../../../components/PreviewFrame';
import { WhenForm } from '../../../components/WhenForm';
import { Form, FormActions, SubmitButton } from '../../../components/Form';
import { Field } from '../../../components/Field';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { cancelSchedule, getItem, listSchedules, removePublishedImage, renderEdit, savedItem, unpublishItem, updatePublished } from '../api/content';
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
  const guard = useVersionGuard(kind, 'published');
  const [image, setImage] = useState<File | null>(null);
  const [picked, setPicked] = useState(''); // an image chosen from the media library, by URL
  const [submitting, setSubmitting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [done, setDone] = useState(false);
  const [liveUrl, setLiveUrl] = useState('');
  const [failure, setFailure] = useState('');
  // The page's address: a new one renames the item, and its old address redirects to it.
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState('');
  const clashCheck = useClashCheck(kind);
  const [changesShown, setChangesShown] = useState(0);
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const confirm = useConfirm();
  const version = useContentVersion();
  const schedules = useLoad(listSchedules, [version]);
  const schedule = schedules.data?.find((s) => s.kind === kind.key && s.slug === slug && s.action === 'unpublish');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const loadedSlug = item?.slug;
  useEffect(() => {
    if (!item) return;
    draft.reset(draftOf(kind, item));
    setAddress(item.slug);
    setAddressError('');
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
    setPicked('');
    toast.info(`Showing the newest version of this ${kind.noun}.`);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure('');
    const values = draft.values;
    const newSlug = address.trim();
    const renamed = newSlug !== item.slug;
    const badAddress = renamed && (newSlug === '' || slugify(newSlug) !== newSlug);
    setAddressError(badAddress ? 'Use lower-case letters, digits and hyphens, such as spring-offers-2026.' : '');
    if (!values || !draft.check(e.currentTarget, { body: true }) || badAddress) return;
    setSubmitting(true);
    try {
      // The edit goes live at once, so a title another live item has is asked about first.
      const stop = values.title.trim() === item.title ? '' : await clashCheck(values.title, item);
      if (stop !== '') {
        if (stop) setFailure(stop);
        setSubmitting(false);
        return;
      }
      // A picture already uploaded for "Preview changes" is sent by its URL, not uploaded again.
      const picture = image && uploaded?.file === image ? uploaded.url : (image ?? (picked || null));
      const res = await guard(item.version, (v) => updatePublished(kind, slug, values, picture, v, renamed ? newSlug : undefined), reload, item);
      if (!res) {
        setSubmitting(false);
        return;
      }
      toast.success(res.message || kind.messages.updated, liveUrl ? { href: liveUrl, label: 'Open the live page' } : undefined);
      setImage(null);
      setPicked('');
      siteChanged();
      const next = savedItem(kind, res);
      if (next) {
        setData(next);
        draft.reset(draftOf(kind, next));
      }
      if (next && next.slug !== slug) navigate(`${kind.routes.edit}/${encodeURIComponent(next.slug)}`, { replace: true });
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
      const res = await guard(item.version, (v) => removePublishedImage(kind, slug, v), reload, item);
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

  /** The picture the preview of the changes shows: a new file is uploaded once, then reused by Update. */
  const imageForRender = async (): Promise<string | undefined> => {
    if (!image) return picked || undefined;
    if (uploaded?.file === image) return uploaded.url;
    const url = await uploadImage(image);
    setUploaded({ file: image, url });
    return url;
  };

  const onUnpublish = async (at?: string) => {
    if (!at) {
      const ok = await confirm({
        title: 'Unpublish',
        message: `Unpublish “${item.title}”?`,
        detail: `Its page leaves the website and the ${kind.noun} goes back to the drafts, where you can edit and publish it again.`,
        confirmLabel: 'Unpublish',
      });
      if (!ok) return;
    }
    setUnpublishing(true);
    try {
      const res = await unpublishItem(kind, slug, at);
      contentChanged();
      if (at) {
        toast.success(`Scheduled: the ${kind.noun} comes down ${formatWhen(res.schedule?.at ?? at)}.`);
        setPicking(false);
      } else {
        toast.success(res.message || `${kind.Noun} unpublished.`);
        navigate(`${kind.routes.preview}/${encodeURIComponent(slug)}`);
      }
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, `Failed to unpublish the ${kind.noun}.`));
    } finally {
      setUnpublishing(false);
    }
  };

  const onCancelSchedule = async () => {
    if (!schedule) return;
    try {
      await cancelSchedule(schedule.id);
      toast.success(`The scheduled unpublish is cancelled; the ${kind.noun} stays live.`);
      contentChanged();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to cancel the schedule.'));
    }
  };

  return (
    <>
      <PageHeader
        title={`Edit ${kind.noun}`}
        intro="Changes go live on the website as soon as you update. Preview them first with Preview changes."
        actions={
          <>
            {liveUrl && (
              <a className="btn btn-secondary" href={liveUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink size={18} aria-hidden="true" /> View live page
              </a>
            )}
            <Link className="btn btn-secondary" to={`${kind.routes.edit}/${encodeURIComponent(slug)}/history`}>
              <History size={18} aria-hidden="true" /> History
            </Link>
            <button type="button" className="btn btn-secondary" onClick={() => void onUnpublish()} disabled={unpublishing}>
              <ArchiveRestore size={18} aria-hidden="true" /> Unpublish
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setPicking((p) => !p)} disabled={unpublishing} aria-expanded={picking}>
              <CalendarClock size={18} aria-hidden="true" /> {schedule ? 'Reschedule unpublish' : 'Unpublish later'}
            </button>
          </>
        }
      />
      {schedule && (
        <div className={`notice ${schedule.status === 'failed' ? 'notice-error' : 'notice-info'}`} role="status">
          <CalendarClock size={20} aria-hidden="true" />
          <p>
            {schedule.status === 'failed' ? `The scheduled unpublish failed: ${schedule.error ?? ''}` : `Scheduled to come down ${formatWhen(schedule.at)}.`}{' '}
            <button type="button" className="link-button" onClick={() => void onCancelSchedule()}>
              Cancel the schedule
            </button>
          </p>
        </div>
      )}
      {picking && (
        <WhenForm
          label="Unpublish at"
          submitLabel="Schedule unpublish"
          busyLabel="Scheduling..."
          busy={unpublishing}
          initial={schedule?.at}
          onSubmit={(at) => void onUnpublish(at)}
          onCancel={() => setPicking(false)}
        />
      )}
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
          afterTitle={
            <Field
              label="Slug (web address)"
              error={addressError}
              hint={
                address.trim() !== item.slug
                  ? `The page moves to ${kind.site.page(address.trim() || '…')}; its old address ${kind.site.page(item.slug)} will redirect there.`
                  : `The page is at ${kind.site.page(item.slug)}. Change it to move the page; the old address will redirect.`
              }
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  name="slug"
                  value={address}
                  onChange={(ev) => setAddress(ev.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
          }
        />
        <ImageInput
          label={kind.image.label}
          current={picked || item.image}
          file={image}
          onFile={(f) => {
            setPicked('');
            setImage(f);
          }}
          onPick={(url) => {
            setImage(null);
            setPicked(url);
          }}
          onRemove={kind.api.removePublishedImage ? () => void onRemoveImage() : undefined}
          removing={removing}
          hint="Choose a file to replace the picture."
        />
        <FormActions>
          <SubmitButton busy={submitting} disabled={done} label={`Update ${kind.noun}`} busyLabel="Submitting..." />
          <button type="button" className="btn btn-secondary" onClick={() => setChangesShown((n) => n + 1)} disabled={submitting || done}>
            <Eye size={18} aria-hidden="true" /> Preview changes
          </button>
        </FormActions>
      </Form>
      {changesShown > 0 && (
        <PreviewFrame
          load={async () => renderEdit(kind, 'published', slug, draft.values!, await imageForRender())}
          version={changesShown}
          title={`${draft.values.title} (unsaved changes)`}
          heading="With your changes, before they go live"
        />
      )}
    </>
  );
}
