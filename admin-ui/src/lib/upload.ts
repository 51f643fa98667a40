import { api } from './api-client';

/** Uploads one image (editor pictures and preview-blog covers); answers its URL path, e.g. /uploads/….webp. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const res = await api.post<{ imageUrl: string }>('/api/preview-blogs/upload', form);
  return res.imageUrl;
}

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
