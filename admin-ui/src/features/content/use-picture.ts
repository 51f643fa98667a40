import { useRef, useState } from 'react';
import { uploadImage } from '../../lib/upload';

/** What the picture field held when a save was sent (`Picture.choice`). */
export type PictureChoice = { file: File | null; picked: string };

/**
 * The picture an edit form holds beside the item's own: a new file, or an image chosen from the
 * media library (by URL). A new file is uploaded once, when a preview of the changes needs it,
 * and the save reuses that upload (`uploadedUrl`) instead of sending the file again.
 */
export function usePicture() {
  const [file, setFileState] = useState<File | null>(null);
  const [picked, setPicked] = useState('');
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);
  // The newest choice, read when a save's answer comes: one made while it was on its way stays.
  const latest = useRef<PictureChoice>({ file: null, picked: '' });
  const choose = (next: PictureChoice) => {
    latest.current = next;
    setFileState(next.file);
    setPicked(next.picked);
  };
  return {
    file,
    picked,
    /** The new file's URL when a preview of the changes uploaded it already. */
    uploadedUrl: file && uploaded?.file === file ? uploaded.url : undefined,
    setFile: (f: File | null) => choose({ file: f, picked: '' }),
    pick: (url: string) => choose({ file: null, picked: url }),
    reset: () => choose({ file: null, picked: '' }),
    /** The choice as it is now, to send with a save. */
    choice: (): PictureChoice => latest.current,
    /** Whether another picture was chosen since `sent` (a save's answer must not drop it). */
    changedSince: (sent: PictureChoice) => latest.current.file !== sent.file || latest.current.picked !== sent.picked,
    /** The picture a preview of the changes shows: the new file (uploaded once), the chosen image, or else `otherwise`. */
    forRender: async <T extends string | undefined>(otherwise: T): Promise<string | T> => {
      if (!file) return picked || otherwise;
      if (uploaded?.file === file) return uploaded.url;
      const url = await uploadImage(file);
      setUploaded({ file, url });
      return url;
    },
  };
}

export type Picture = ReturnType<typeof usePicture>;
