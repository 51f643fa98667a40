import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArchiveRestore, ExternalLink, Eye, History } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { getSiteInfo, siteLink } from '../../../lib/publish';
import { siteChanged } from '../../../lib/site-events';
import { useLoad } from '../../../lib/use-load';
import { slugify } from '../../../lib/slugify';
import { WhenForm } from '../../../components/WhenForm';
import { Form, FormActions, SubmitButton } from '../../../components/Form';
import { ImageInput } from '../../../components/ImageInput';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { getItem, removePublishedImage, savedItem, updatePublished } from '../api/content';
import { draftOf, type ContentItem, type ContentKind } from '../kind';
import { changedSinceNote, useEditSession } from '../use-edit-session';
import { useClashCheck } from '../use-published';
import { useItemSchedule } from '../use-schedule';
import { useUnpublish } from '../use-unpublish';
import { AddressField } from './AddressField';
import { ChangesPreview } from './ChangesPreview';
import { ContentFields } from './ContentFields';
import { ScheduleNotice, ScheduleToggle } from './ScheduleNotice';

/** /admin/edit-blog/{slug}, /admin/edit-service/{slug}: edits a published item; the server rebuilds its pages on save. */
export function EditContentPage({ kind }: { kind: ContentKind }) {
  const { slug = '' } = useParams();
  const { data: item, error, loading, setData } = useLoad(() => getItem(kind, 'published', slug), [slug]);
  if (loading && !item) return <Spinner />;
  if (error || !item) {
    return (
      <>
        <PageHeader title={`Edit ${kind.noun}`} />
        <p className="card form-error" role="alert">
          {kind.messages.loadFailed}
        </p>
      </>
    );
  }
  return <EditScreen kind={kind} slug={slug} item={item} setData={setData} />;
}

const BAD_ADDRESS = 'Use lower-case letters, digits and hyphens, such as spring-offers-2026.';

function EditScreen({ kind, slug, item, setData }: { kind: ContentKind; slug: string; item: ContentItem; setData: (item: ContentItem) => void }) {
  const navigate = useNavigate();
  const session = useEditSession(kind, 'published', setData);
  const { draft, picture } = session;
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [liveUrl, setLiveUrl] = useState('');
  const [failure, setFailure] = useState('');
  // The page's address: a new one renames the item, and its old address redirects to it.
  const [address, setAddress] = useState(item.slug);
  const [addressError, setAddressError] = useState('');
  const clashCheck = useClashCheck(kind);
  const sched = useItemSchedule(kind, slug, 'unpublish');
  const { busy: unpublishing, unpublish } = useUnpublish(kind, item, () => sched.setPicking(false));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
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
  }, [item.slug]);

  if (!draft.values) return <Spinner />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailure('');
    const values = draft.values;
    const newSlug = address.trim();
    const renamed = newSlug !== item.slug;
    const badAddress = renamed && (newSlug === '' || slugify(newSlug) !== newSlug);
    setAddressError(badAddress ? BAD_ADDRESS : '');
    if (!values || !draft.check(e.currentTarget, { body: true }) || badAddress) return;
    setSubmitting(true);
    try {
      // The edit goes live at once, so a title another live item has is asked about first.
      const stop = values.title.trim() === item.title ? '' : await clashCheck(values.title, item);
      if (stop !== '') {
        if (stop) setFailure(stop);
        return;
      }
      // A picture already uploaded for "Preview changes" is sent by its URL, not uploaded again.
      const image = picture.uploadedUrl ?? picture.file ?? (picture.picked || null);
      const sentPicture = picture.choice();
      const res = await session.guard(item.version, (v) => updatePublished(kind, slug, values, image, v, renamed ? newSlug : undefined), session.reloadKeepingEdits, item);
      if (!res) return;
      // What was typed or chosen while the update was on its way stays in the form (no
      // redirect), to Update again.
      const typedOn = draft.changedSince(values);
      const pictureOn = picture.changedSince(sentPicture);
      toast.success(`${res.message || kind.messages.updated}${changedSinceNote(typedOn, pictureOn)}`,
        liveUrl ? { href: liveUrl, label: 'Open the live page' } : undefined);
      if (!pictureOn) picture.reset();
      siteChanged();
      const next = savedItem(kind, res);
      if (next) {
        setData(next);
        if (!typedOn) draft.reset(draftOf(kind, next));
      }
      if (next && next.slug !== slug) navigate(`${kind.routes.edit}/${encodeURIComponent(next.slug)}`, { replace: true });
      if (kind.form.editRedirectMs !== undefined && !typedOn && !pictureOn) {
        setDone(true);
        timer.current = setTimeout(() => navigate('/admin/dashboard'), kind.form.editRedirectMs);
      }
    } catch (err) {
      if (!isSessionError(err)) toast.error(`${kind.messages.updateFailed} ${errorMessage(err, '')}`.trim());
    } finally {
      setSubmitting(false);
    }
  };

  const onRemoveImage = () =>
    void session.removeImage(item, (v) => removePublishedImage(kind, slug, v), (res) => {
      siteChanged();
      setData(savedItem(kind, res) ?? { ...item, image: '' });
    });

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
            <button type="button" className="btn btn-secondary" onClick={() => void unpublish()} disabled={unpublishing}>
              <ArchiveRestore size={18} aria-hidden="true" /> Unpublish
            </button>
            <ScheduleToggle sched={sched} label="Unpublish later" again="Reschedule unpublish" disabled={unpublishing} />
          </>
        }
      />
      <ScheduleNotice sched={sched} action="unpublish" />
      {sched.picking && (
        <WhenForm
          label="Unpublish at"
          submitLabel="Schedule unpublish"
          busyLabel="Scheduling..."
          busy={unpublishing}
          initial={sched.schedule?.at}
          onSubmit={(at) => void unpublish(at)}
          onCancel={() => sched.setPicking(false)}
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
          onChange={draft.change}
          afterTitle={<AddressField kind={kind} current={item.slug} value={address} error={addressError} onChange={setAddress} />}
        />
        <ImageInput
          label={kind.image.label}
          current={picture.picked || item.image}
          file={picture.file}
          onFile={picture.setFile}
          onPick={picture.pick}
          onRemove={kind.api.removePublishedImage ? onRemoveImage : undefined}
          removing={session.removing}
          hint="Choose a file to replace the picture."
        />
        <FormActions>
          <SubmitButton busy={submitting} disabled={done} label={`Update ${kind.noun}`} busyLabel="Submitting..." />
          <button type="button" className="btn btn-secondary" onClick={session.showChanges} disabled={submitting || done}>
            <Eye size={18} aria-hidden="true" /> Preview changes
          </button>
        </FormActions>
      </Form>
      <ChangesPreview
        kind={kind}
        stage="published"
        slug={slug}
        values={draft.values}
        image={() => picture.forRender(undefined)}
        shown={session.changesShown}
        heading="With your changes, before they go live"
      />
    </>
  );
}
