import { api } from '../../../lib/api-client';

/** A record that shows an image (GET /api/media). */
export interface MediaUse {
  kind: string; // "blog", "service"
  slug: string;
  title: string;
  stage: 'published' | 'preview' | 'trash';
  field: string; // "image", the rich-text field, or both: "image, content"
}

/** An image of the media library. */
export interface MediaItem {
  name: string;
  url: string;
  type: string;
  size: number;
  width: number;
  height: number;
  alt: string;
  original?: string;
  createdBy: string;
  createdAt: string;
  usedBy: MediaUse[];
  variants: number;
}

/**
 * Whether an image matches what was typed in the search: every word of it is in the file's
 * name, the name it was uploaded with, its alt text or the title or address of what uses it.
 */
export function matchesQuery(it: MediaItem, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [it.name, it.original ?? '', it.alt, ...it.usedBy.flatMap((u) => [u.title, u.slug])].join(' ').toLowerCase();
  return words.every((w) => text.includes(w));
}

export const listMedia = () => api.get<MediaItem[]>('/api/media');

export const setAlt = (name: string, alt: string) =>
  api.put<{ message: string; media: MediaItem }>(`/api/media/${encodeURIComponent(name)}`, { alt });

export const deleteMedia = (name: string) => api.del<{ message: string }>(`/api/media/${encodeURIComponent(name)}`);

/** Uploads an image into the library with its alt text. */
export async function uploadMedia(file: File, alt: string): Promise<MediaItem> {
  const form = new FormData();
  form.append('alt', alt);
  form.append('image', file);
  const res = await api.post<{ imageUrl: string; media: MediaItem }>('/api/preview-blogs/upload', form);
  return res.media;
}

const sizeFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** 1536 → "1.5 KB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${sizeFormat.format(n / 1024)} KB`;
  if (n < 1024 * 1024 * 1024) return `${sizeFormat.format(n / 1024 / 1024)} MB`;
  return `${sizeFormat.format(n / 1024 / 1024 / 1024)} GB`;
}

/** Where a use is edited in the admin. */
export function hrefOfUse(u: MediaUse): string {
  const base = u.kind === 'blog' ? 'blog' : 'service';
  if (u.stage === 'trash') return '/admin/dashboard#trash';
  if (u.stage === 'published') return `/admin/edit-${base}/${encodeURIComponent(u.slug)}`;
  return `/admin/preview-${base === 'blog' ? 'blog' : 'services'}/${encodeURIComponent(u.slug)}`;
}

export function labelOfUse(u: MediaUse): string {
  const kind = u.kind.charAt(0).toUpperCase() + u.kind.slice(1);
  const where = u.field.split(', ').map((f) => (f === 'image' ? 'cover' : 'in the text')).join(' and ');
  const stage = u.stage === 'published' ? 'published' : u.stage === 'trash' ? 'in the trash' : 'draft';
  return `${kind} “${u.title}” (${stage}, ${where})`;
}
