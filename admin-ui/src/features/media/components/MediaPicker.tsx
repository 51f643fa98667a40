import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { ImagePlus, X } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { IMAGE_ACCEPT, imageFileProblem } from '../../../lib/upload';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../components/Spinner';
import { formatBytes, listMedia, matchesQuery, setAlt, uploadMedia, type MediaItem } from '../api/media';
import { LibrarySearch } from './LibrarySearch';
import '../media.css';

/** What the picker hands back: the image's URL path and its alt text. */
export interface Picked {
  url: string;
  alt: string;
  /** A new file was uploaded (not one of the library's chosen). */
  uploaded: boolean;
}

export const ALT_REQUIRED = 'Describe the image for people who cannot see it (alt text).';

/**
 * Chooses an image from the media library, or uploads a new one into it, for the editor's
 * image button and for cover images. Alt text is required before the image is used: the
 * library's, which can be written here (it is saved to the library, so the next use has it).
 */
export function MediaPicker({ open, title = 'Choose an image', initialFile, onPick, onClose, restoreFocus, uploadOnly = false }: {
  open: boolean;
  title?: string;
  /** A picture to upload (dropped or pasted into the editor): only its alt text is asked. */
  initialFile?: File;
  onPick: (picked: Picked) => void;
  onClose: () => void;
  /** Where the keyboard's focus goes once the picker has closed (default: where it was when it opened). */
  restoreFocus?: () => void;
  /** Only a new upload (the media library's own Upload button): the library is not offered. */
  uploadOnly?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const altId = useId();
  const fileId = useId();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAltText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState('');
  const shown = (items ?? []).filter((it) => matchesQuery(it, query));

  const restoreRef = useRef(restoreFocus);
  restoreRef.current = restoreFocus;

  // Mounted only while open: a closed picker leaves nothing in the page. Its dialog goes with
  // the focus inside it, which would fall to the page: it goes back where it was (or where
  // restoreFocus says), so a writer goes on typing.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.showModal?.();
    setQuery('');
    setChosen(null);
    setFile(initialFile ?? null);
    setAltText('');
    setError('');
    setFailed(false);
    let live = true;
    if (uploadOnly) setItems([]);
    else
      listMedia()
        .then((list) => live && setItems(list))
        .catch((err) => {
          if (live && !isSessionError(err)) setFailed(true);
        });
    return () => {
      live = false;
      if (restoreRef.current) restoreRef.current();
      else opener?.focus();
    };
  }, [open, initialFile, uploadOnly]);

  const choose = (it: MediaItem) => {
    setFile(null);
    setChosen(it);
    setAltText(it.alt);
    setError('');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation(); // the picker may sit inside a page's form (React bubbles through portals)
    const text = alt.trim();
    if (!chosen && !file) {
      setError('Choose an image from the library or upload one.');
      return;
    }
    if (!text) {
      setError(ALT_REQUIRED);
      document.getElementById(altId)?.focus();
      return;
    }
    setBusy(true);
    try {
      let item = chosen;
      if (file) item = await uploadMedia(file, text);
      else if (item && item.alt !== text) item = (await setAlt(item.name, text)).media;
      if (item) onPick({ url: item.url, alt: text, uploaded: Boolean(file) });
    } catch (err) {
      if (!isSessionError(err)) {
        const message = errorMessage(err, 'The image could not be saved.');
        setError(message);
        toast.error(message);
      }
    } finally {
      setBusy(false);
    }
  };

  if (!open) return null;
  // A portal: the picker is often opened from inside a page's form, and forms do not nest.
  return createPortal(
    <dialog ref={dialogRef} className="modal picker" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <form method="dialog" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="dialog-head">
          <h2 id={titleId} className="modal-title">{title}</h2>
          <button type="button" className="icon-button" onClick={onClose}>
            <X size={20} aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <div className="picker-upload">
          <label htmlFor={fileId} className="btn btn-secondary btn-small">
            <ImagePlus size={16} aria-hidden="true" /> Upload a new image
          </label>
          <input
            id={fileId}
            className="sr-only"
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              const problem = f ? imageFileProblem(f) : '';
              if (problem) e.target.value = '';
              setFile(problem ? null : f);
              setChosen(null);
              setAltText('');
              setError(problem);
            }}
          />
          {file && <span className="muted">{file.name} ({formatBytes(file.size)}), to be uploaded</span>}
        </div>
        {!uploadOnly && (
          <>
            <p className="hint">Or reuse one from the media library:</p>
            {!items && !failed && <Spinner />}
            {failed && <p className="form-error" role="alert">Failed to load the media library.</p>}
            {items && items.length === 0 && <p className="muted empty">The library is empty: upload the first image.</p>}
            {items && items.length > 0 && (
              <LibrarySearch value={query} onChange={setQuery} found={shown.length} placeholder="File name, alt text or where it is used" />
            )}
            {items && items.length > 0 && shown.length === 0 && <p className="muted empty">No image matches.</p>}
            {shown.length > 0 && (
              <ul className="picker-grid" aria-label="Media library">
                {shown.map((it) => (
                  <li key={it.name}>
                    <button
                      type="button"
                      className={`picker-item${chosen?.name === it.name ? ' selected' : ''}`}
                      aria-pressed={chosen?.name === it.name}
                      onClick={() => choose(it)}
                      title={it.alt || it.original || it.name}
                    >
                      <img src={it.url} alt="" loading="lazy" width={it.width} height={it.height} />
                      <span className="picker-caption">{it.alt || it.original || it.name}</span>
                      <span className="sr-only">
                        {it.width}×{it.height}, {formatBytes(it.size)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <div className={`field${error ? ' field-invalid' : ''}`}>
          <label htmlFor={altId}>
            Alt text<span className="required" aria-hidden="true"> *</span>
          </label>
          <input
            id={altId}
            value={alt}
            maxLength={300}
            required
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={`${altId}-hint${error ? ` ${altId}-error` : ''}`}
            onChange={(e) => setAltText(e.target.value)}
            disabled={!chosen && !file}
          />
          <p id={`${altId}-hint`} className="hint">What the image shows, in a sentence. It is kept with the image in the library.</p>
          {error && <p id={`${altId}-error`} className="field-error" role="alert">{error}</p>}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={busy || (!chosen && !file)}>
            {busy ? 'Saving...' : uploadOnly ? 'Upload' : 'Use this image'}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
