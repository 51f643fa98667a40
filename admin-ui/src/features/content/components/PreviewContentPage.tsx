import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Eye, History, Pencil, Rocket } from 'lucide-react';
import { ApiError, isSessionError } from '../../../lib/api-client';
import { contentChanged } from '../../../lib/changes';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useIsAdmin, useMe } from '../../../lib/session';
import { Form, FormActions } from '../../../components/Form';
import { ImageInput } from '../../../components/ImageInput';
import { LiveNotice } from '../../../components/LiveNotice';
import { PageHeader } from '../../../components/PageHeader';
import { PreviewFrame } from '../../../components/PreviewFrame';
import { Spinner } from '../../../components/Spinner';
import { WhenForm } from '../../../components/WhenForm';
import { getItem, renderPreview, savedItem, updatePreview } from '../api/content';
import { draftOf, type ContentItem, type ContentKind } from '../kind';
import { changedSinceNote, useEditSession } from '../use-edit-session';
import { usePublish } from '../use-publish';
import { useReview } from '../use-review';
import { useItemSchedule } from '../use-schedule';
import { ChangesPreview } from './ChangesPreview';
import { ContentFields } from './ContentFields';
import { PreviewDetails } from './PreviewDetails';
import { PreviewMissing } from './PreviewMissing';
import { HandBackForm, HandedBackNotice, ReviewButton, ReviewForm, ReviewNotice } from './ReviewParts';
import { ScheduleNotice, ScheduleToggle } from './ScheduleNotice';

/** /admin/preview-blog/{slug}, /admin/preview-services/{slug}: the draft as visitors will see it; edit, update, publish. */
export function PreviewContentPage({ kind }: { kind: ContentKind }) {
  const { slug = '' } = useParams();
  const { data: item, error, loading, setData } = useLoad(() => getItem(kind, 'preview', slug), [slug]);
  if (loading && !item) return <Spinner />;
  if (error || !item) return <PreviewMissing kind={kind} slug={slug} />;
  return <PreviewScreen kind={kind} slug={slug} item={item} setData={setData} />;
}

function PreviewScreen({ kind, slug, item, setData }: { kind: ContentKind; slug: string; item: ContentItem; setData: (item: ContentItem) => void }) {
  const navigate = useNavigate();
  const admin = useIsAdmin();
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const [updating, setUpdating] = useState(false);
  const [renderVersion, setRenderVersion] = useState(0);
  const show = (next: ContentItem) => {
    setData(next);
    setRenderVersion((n) => n + 1);
  };
  const session = useEditSession(kind, 'preview', show);
  const { draft, picture } = session;
  const saved = (next: ContentItem | undefined) => {
    if (!next) return;
    show(next);
    if (next.slug && next.slug !== slug) navigate(`${kind.routes.preview}/${encodeURIComponent(next.slug)}`, { replace: true });
  };
  const publishing = usePublish(kind, session);
  const review = useReview(kind, slug, saved);
  const sched = useItemSchedule(kind, slug, 'publish');
  const { live } = publishing;
  const busy = updating || session.removing || publishing.busy || review.busy;
  const shownImage = picture.picked || item.image;

  const startEdit = () => {
    draft.reset(draftOf(kind, item));
    picture.reset();
    setEditing(true);
  };

  const onUpdate = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = draft.values;
    if (!values || !draft.check(e.currentTarget, { body: true })) return;
    setUpdating(true);
    try {
      // A new file uploaded for a preview, or an image chosen from the media library, goes by its URL.
      const uploadedUrl = picture.uploadedUrl ?? (picture.picked || undefined);
      const sentPicture = picture.choice();
      const res = await session.guard(item.version, (v) => updatePreview(kind, slug, values, picture.file ?? shownImage, v, uploadedUrl), session.reloadKeepingEdits, item);
      if (!res) return;
      // What was typed or chosen while the update was on its way stays in the open form, to
      // Update again.
      const typedOn = draft.changedSince(values);
      const pictureOn = picture.changedSince(sentPicture);
      toast.success(`${res.message || kind.messages.updated}${changedSinceNote(typedOn, pictureOn)}`);
      if (!typedOn && !pictureOn) setEditing(false);
      saved(savedItem(kind, res));
    } catch (err) {
      if (!isSessionError(err)) toast.error(kind.messages.previewUpdateFailed(err instanceof ApiError ? err.message : ''));
    } finally {
      setUpdating(false);
    }
  };

  const removeImage = kind.image.removableInPreview && !live
    ? () => void session.removeImage(item, (v) => updatePreview(kind, slug, draftOf(kind, item), '', v), (res) => saved(savedItem(kind, res)), 'Image removed.')
    : undefined;

  // With at (ISO 8601) the publication is scheduled instead.
  const onPublish = async (at?: string) => {
    const values = editing && draft.values ? draft.values : draftOf(kind, item);
    const image = editing ? (picture.uploadedUrl ?? picture.file ?? shownImage) : item.image;
    const done = await publishing.publish(item, values, image, at);
    if (!done) return;
    setEditing(false);
    if ('scheduled' in done) {
      sched.setPicking(false);
      saved(done.scheduled);
      contentChanged();
    }
  };

  const publishButtons = admin && (
    <>
      <button type="button" className="btn btn-success" onClick={() => void onPublish()} disabled={busy || live !== null}>
        <Rocket size={18} aria-hidden="true" /> {publishing.busy && !sched.picking ? 'Publishing...' : 'Publish'}
      </button>
      <ScheduleToggle sched={sched} label="Schedule" again="Reschedule" disabled={busy || live !== null} />
    </>
  );
  const whenForm = sched.picking && (
    <WhenForm
      label="Publish at"
      submitLabel="Schedule publish"
      busyLabel="Scheduling..."
      busy={publishing.busy}
      initial={sched.schedule?.at}
      onSubmit={(at) => void onPublish(at)}
      onCancel={() => sched.setPicking(false)}
    />
  );

  return (
    <>
      <PageHeader
        title={live ? `${kind.Noun} published` : editing ? `Edit preview ${kind.noun}` : `Preview ${kind.noun}`}
        intro={live ? `The draft is now the live ${kind.noun}; change it from its Edit screen.` : admin ? 'Drafts stay private until you publish them.' : 'Drafts stay private until an admin publishes them.'}
        actions={
          !editing &&
          !live && (
            <>
              <Link className="btn btn-secondary" to={`${kind.routes.preview}/${encodeURIComponent(slug)}/history`}>
                <History size={18} aria-hidden="true" /> History
              </Link>
              <button type="button" className="btn btn-secondary" onClick={startEdit} disabled={busy}>
                <Pencil size={18} aria-hidden="true" /> Edit
              </button>
              <ReviewButton review={review} item={item} admin={admin} me={me.username} disabled={busy} />
              {publishButtons}
            </>
          )
        }
      />
      {live && (
        <LiveNotice {...live} listName={kind.site.listName} editTo={`${kind.routes.edit}/${encodeURIComponent(item.slug)}`} editLabel={`Edit the live ${kind.noun}`} />
      )}
      {!live && <ReviewNotice item={item} admin={admin} me={me.username} />}
      {!live && <HandedBackNotice item={item} admin={admin} />}
      <ReviewForm review={review} disabled={busy} />
      <HandBackForm review={review} disabled={busy} />
      {!live && <ScheduleNotice sched={sched} action="publish" canCancel={admin} />}
      {!editing && !live && whenForm}
      {publishing.error && (
        <p className="form-error card publish-error" role="alert">
          {publishing.error}
        </p>
      )}

      {editing && draft.values ? (
        <Form onSubmit={onUpdate}>
          <ContentFields kind={kind} values={draft.values} errors={draft.errors} metaDisabled={kind.form.previewMetaDisabled} onChange={draft.change} />
          <ImageInput
            label={kind.image.label}
            current={shownImage}
            file={picture.file}
            onFile={picture.setFile}
            onPick={picture.pick}
            onRemove={removeImage}
            removing={session.removing}
            hint={removeImage ? undefined : 'Choose a file to replace the picture.'}
          />
          <FormActions>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {updating ? 'Submitting...' : 'Update'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={session.showChanges} disabled={busy}>
              <Eye size={18} aria-hidden="true" /> Preview changes
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </button>
            {publishButtons}
          </FormActions>
          {whenForm}
          <ChangesPreview
            kind={kind}
            stage="preview"
            slug={slug}
            values={draft.values}
            image={() => picture.forRender(shownImage)}
            shown={session.changesShown}
            heading="With your unsaved changes"
          />
        </Form>
      ) : (
        <>
          <PreviewDetails kind={kind} item={item} onRemoveImage={removeImage} removing={session.removing} disabled={busy} />
          {!live && <PreviewFrame key={slug} load={() => renderPreview(kind, slug)} version={renderVersion} title={item.title} />}
        </>
      )}
    </>
  );
}
