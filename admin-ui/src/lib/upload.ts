import { api } from './api-client';

/** Uploads one image (editor pictures and preview-blog covers); answers its URL path, e.g. /uploads/….webp. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const res = await api.post<{ imageUrl: string }>('/api/preview-blogs/upload', form);
  return res.imageUrl;
}

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** The server's limit of an uploaded image (internal/api/forms.go maxImageBytes) and its message. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MSG_IMAGE_TOO_LARGE = 'Image is too large (5 MB at most).';
/** Said of a chosen file the browser cannot show as a picture (the server refuses it too, internal/api/uploads.go). */
export const MSG_IMAGE_UNREADABLE = 'This file is not a picture: only JPEG, PNG, WebP or GIF images are allowed.';

/** Why file cannot be uploaded, said before it is sent ('' when it can be). */
export function imageFileProblem(file: File): string {
  return file.size > MAX_IMAGE_BYTES ? MSG_IMAGE_TOO_LARGE : '';
}
