import { useState } from 'react';
import { uploadImage } from '../../lib/upload';

/**
 * The picture an edit form holds beside the item's own: a new file, or an image chosen from the
 * media library (by URL). A new file is uploaded once, when a preview of the changes needs it,
 * and the save reuses that upload (`uploadedUrl`) instead of sending the file again.
 */
export function usePicture() {
  const [file, setFileState] = useState<File | null>(null);
  const [picked, setPicked] = useState('');
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);
  return {
    file,
    picked,
    /** The new file's URL when a preview of the changes uploaded it already. */
    uploadedUrl: file && uploaded?.file === file ? uploaded.url : undefined,
    setFile: (f: File | null) => {
      setPicked('');
      setFileState(f);
    },
    pick: (url: string) => {
      setFileState(null);
      setPicked(url);
    },
    reset: () => {
      setFileState(null);
      setPicked('');
    },
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
