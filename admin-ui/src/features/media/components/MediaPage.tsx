import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ImagePlus, Trash2 } from 'lucide-react';
import { ApiError, errorMessage, isSessionError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-load';
import { useMe } from '../../../lib/session';
import { useConfirm } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { deleteMedia, formatBytes, listMedia, matchesQuery, setAlt, hrefOfUse, labelOfUse, type MediaItem } from '../api/media';
import { LibrarySearch } from './LibrarySearch';
import { MediaPicker } from './MediaPicker';
import '../media.css';

/** One image of the library: its picture, facts, alt text (editable) and where it is used. */
function MediaCard({ item, onChanged, onDeleted }: { item: MediaItem; onChanged: (it: MediaItem) => void; onDeleted: () => void }) {
  const confirm = useConfirm();
  const [alt, setAltText] = useState(item.alt);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const altId = `alt-${item.name}`;
  const me = useMe();
  // Why Delete is off, as the server would refuse it (it checks again).
  const kept = item.usedBy.length > 0
    ? 'Used images cannot be deleted.'
    : me.role !== 'admin' && item.createdBy !== me.username
      ? 'You may delete only images you uploaded: ask an admin to delete this one.'
      : '';
  const altInput = useRef<HTMLInputElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);

  // Enter in the field saves too; once saved, the Save button is off, and a focus it held goes
  // back to the field (it fell to the page, and the next Tab began at the top).
  const saveAlt = async () => {
    if (saving || alt === item.alt) return;
    setSaving(true);
    try {
      const res = await setAlt(item.name, alt);
      onChanged(res.media);
      toast.success(res.message);
      const held = document.activeElement;
      if (held === saveButton.current || held === document.body || held === null) altInput.current?.focus();
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to save the alt text.'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    // Which image: its file's name as uploaded, and the picture itself.
    const ok = await confirm({
      title: 'Delete image', message: 'Are you sure you want to delete this image from the media library?', detail: item.original || item.name,
      content: <img className="confirm-thumb" src={item.url} alt={item.alt} width={160} height={Math.round((160 * item.height) / Math.max(1, item.width))} />,
      confirmLabel: 'Delete', danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      await deleteMedia(item.name);
      toast.success('Image deleted.');
      onDeleted();
    } catch (err) {
      setDeleting(false);
      if (isSessionError(err)) return;
      toast.error(errorMessage(err, 'Failed to delete.'));
      if (err instanceof ApiError && err.status === 409) {
        const usedBy = (err.data as { usedBy?: MediaItem['usedBy'] })?.usedBy;
        if (usedBy) onChanged({ ...item, usedBy });
      }
    }
  };

  const used = item.usedBy.length > 0;
  return (
    <li className="media-card card">
      <a className="media-thumb" href={item.url} target="_blank" rel="noopener noreferrer">
        <img src={item.url} alt={item.alt} loading="lazy" width={item.width} height={item.height} />
        <span className="sr-only">Open the original</span>
      </a>
      <div className="media-body">
        <p className="media-name" title={item.original || item.name}>{item.original || item.name}</p>
        <p className="muted media-facts">
          {item.width}×{item.height} px · {formatBytes(item.size)} · {item.type.replace('image/', '').toUpperCase()}
          {item.variants > 0 && ` · ${item.variants} responsive sizes`}
        </p>
        <p className="muted media-facts">
          Uploaded {formatDate(item.createdAt)}
          {item.createdBy && ` by ${item.createdBy}`}
        </p>
        <div className={`field media-alt${alt.trim() ? '' : ' field-warn'}`}>
          <label htmlFor={altId}>Alt text</label>
          <form className="media-alt-row" onSubmit={(e) => { e.preventDefault(); void saveAlt(); }}>
            <input ref={altInput} id={altId} value={alt} maxLength={300} onChange={(e) => setAltText(e.target.value)} placeholder="What the image shows" />
            <button ref={saveButton} type="submit" className="btn btn-secondary btn-small" disabled={saving || alt === item.alt}>
              {saving ? 'Saving...' : 'Save'}
            </button>
          </form>
          {!item.alt && <p className="hint">No alt text yet: pages use the post's title instead.</p>}
        </div>
        <div className="media-uses">
          {used ? (
            <>
              <span className="badge">In use</span>
              <ul>
                {item.usedBy.map((u) => (
                  <li key={`${u.kind}-${u.stage}-${u.slug}-${u.field}`}>
                    <Link to={hrefOfUse(u)}>{labelOfUse(u)}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <span className="badge badge-muted">Not used</span>
          )}
        </div>
        <div className="media-actions">
          <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove()} disabled={deleting || Boolean(kept)}
            aria-describedby={kept ? `${altId}-kept` : undefined}>
            <Trash2 size={16} aria-hidden="true" /> {deleting ? 'Deleting...' : 'Delete'}
          </button>
          {kept && <span id={`${altId}-kept`} className="hint">{kept}</span>}
        </div>
      </div>
    </li>
  );
}

/** /admin/media: every uploaded image, with its size, alt text and where it is used. */
export function MediaPage() {
  const { data, error, loading, reload, setData } = useLoad(listMedia, []);
  const [uploading, setUploading] = useState(false);
  const [filter, setFilter] = useState<'all' | 'unused' | 'noalt'>('all');
  const [query, setQuery] = useState('');
  const shown = (data ?? []).filter(
    (it) => (filter === 'unused' ? it.usedBy.length === 0 : filter === 'noalt' ? !it.alt : true) && matchesQuery(it, query),
  );
  const total = (data ?? []).reduce((n, it) => n + it.size, 0);

  return (
    <>
      <PageHeader
        title="Media library"
        intro="Every uploaded image. Reuse one from the editor's image button or as a cover; the site serves each in several sizes and formats."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setUploading(true)}>
            <ImagePlus size={18} aria-hidden="true" /> Upload image
          </button>
        }
      />
      {loading && !data && <Spinner />}
      {Boolean(error) && <p className="form-error" role="alert">Failed to load the media library.</p>}
      {data && (
        <div className="media-toolbar">
          <p className="muted">
            {data.length} {data.length === 1 ? 'image' : 'images'}, {formatBytes(total)}
          </p>
          <LibrarySearch value={query} onChange={setQuery} found={shown.length} placeholder="File name, alt text or where it is used" />
          <div className="segmented" role="group" aria-label="Show">
            {([['all', 'All'], ['unused', 'Not used'], ['noalt', 'No alt text']] as const).map(([key, label]) => (
              <button key={key} type="button" aria-pressed={filter === key} className={filter === key ? 'active' : ''} onClick={() => setFilter(key)}>
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      {data && shown.length === 0 && <p className="muted empty">{data.length === 0 ? 'No images yet.' : 'No image matches.'}</p>}
      {shown.length > 0 && (
        <ul className="media-grid">
          {shown.map((it) => (
            <MediaCard
              key={it.name}
              item={it}
              onChanged={(next) => setData((prev) => (prev ?? []).map((x) => (x.name === next.name ? next : x)))}
              onDeleted={() => setData((prev) => (prev ?? []).filter((x) => x.name !== it.name))}
            />
          ))}
        </ul>
      )}
      <MediaPicker
        open={uploading}
        uploadOnly
        title="Upload an image"
        onClose={() => setUploading(false)}
        onPick={() => {
          setUploading(false);
          toast.success('Image uploaded.');
          void reload();
        }}
      />
    </>
  );
}
