import { useEffect, useRef, useState } from 'react';
import { ImageOff, Images, Trash2, Upload, X } from 'lucide-react';
import { MediaPicker } from '../features/media/components/MediaPicker';
import { IMAGE_ACCEPT, imageFileProblem, MSG_IMAGE_UNREADABLE } from '../lib/upload';
import { Field } from './Field';

interface Props {
  label: string;
  /** The stored picture's URL path, if any. */
  current?: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Shown when there is a current picture; removes it. */
  onRemove?: () => void;
  removing?: boolean;
  required?: boolean;
  error?: string;
  hint?: string;
  /** When given, the media library can be chosen from: the image's URL path. */
  onPick?: (url: string) => void;
}

/** A file field for one picture, with a thumbnail of the chosen or current one. */
export function ImageInput({ label, current, file, onFile, onRemove, removing, required, error, hint, onPick }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  // A file the server would refuse is refused here, when it is picked, beside the field: too
  // large at once, no picture (named .png, say) when its thumbnail cannot be shown.
  const [refused, setRefused] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const drop = (problem: string) => {
    setRefused(problem);
    if (input.current) input.current.value = '';
    onFile(null);
  };

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? current ?? '';

  return (
    <Field label={label} error={refused || error} hint={hint ?? 'JPEG, PNG, WebP or GIF, 5 MB at most.'} required={required}>
      {({ id, describedBy, invalid }) => (
        <div className="image-input">
          <div className="thumb" aria-hidden={!shown}>
            {shown ? (
              <img src={shown} alt={file ? 'Chosen picture' : 'Current picture'} onError={preview ? () => drop(MSG_IMAGE_UNREADABLE) : undefined} />
            ) : (
              <ImageOff size={28} aria-hidden="true" />
            )}
          </div>
          <div className="image-input-controls">
            {/* The browser's own file button said "No file chosen" beside a picture chosen
                from the library or already stored: a button of ours says what it does, and
                the file's name once one is chosen. */}
            <input
              ref={input}
              id={id}
              className="sr-only file-input"
              type="file"
              accept={IMAGE_ACCEPT}
              required={required}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                const problem = chosen ? imageFileProblem(chosen) : '';
                if (problem) {
                  drop(problem);
                  return;
                }
                setRefused('');
                onFile(chosen);
              }}
            />
            <label htmlFor={id} className="btn btn-secondary btn-small file-button">
              <Upload size={16} aria-hidden="true" /> {file || shown ? 'Upload another file' : 'Upload a file'}
            </label>
            {file && <span className="muted">{file.name}</span>}
            {onPick && (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setPicking(true)}>
                <Images size={16} aria-hidden="true" /> Choose from the media library
              </button>
            )}
            {file && (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => drop('')}>
                <X size={16} aria-hidden="true" /> Don't use this file
              </button>
            )}
            {current && !file && onRemove && (
              <button type="button" className="btn btn-secondary btn-small" onClick={onRemove} disabled={removing}>
                <Trash2 size={16} aria-hidden="true" /> {removing ? 'Removing...' : 'Remove image'}
              </button>
            )}
          </div>
          {onPick && (
            <MediaPicker
              open={picking}
              title={`${label}: choose an image`}
              onClose={() => setPicking(false)}
              onPick={({ url }) => {
                setPicking(false);
                onPick(url);
              }}
            />
          )}
        </div>
      )}
    </Field>
  );
}
