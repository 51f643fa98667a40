import { api } from '../../../lib/api-client';
import type { PublishAnswer } from '../../../lib/publish';

export interface Blog {
  _id: string;
  title: string;
  slug: string;
  content: string;
  category: string;
  image: string;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
  createdAt: string;
  updatedAt?: string;
}

/** The fields an admin edits; image is a URL path or "". */
export type BlogFields = Pick<Blog, 'title' | 'content' | 'category' | 'image' | 'metaTitle' | 'metaDescription' | 'focusKeyword'>;

const enc = encodeURIComponent;

export const listPublishedBlogs = () => api.get<Blog[]>('/api/blogs');
export const getPublishedBlog = (slug: string) => api.get<Blog>(`/api/blogs/${enc(slug)}`);
export const updatePublishedBlog = (slug: string, form: FormData) =>
  api.put<{ message: string; blog: Blog }>(`/api/blogs/${enc(slug)}`, form);
export const deletePublishedBlog = (slug: string) => api.del<{ message: string }>(`/api/blogs/${enc(slug)}`);

export const listPreviewBlogs = () => api.get<Blog[]>('/api/preview-blogs');
export const getPreviewBlog = (slug: string) => api.get<Blog>(`/api/preview-blogs/${enc(slug)}`);
export const createPreviewBlog = (form: FormData) =>
  api.post<{ message: string; blog: Blog }>('/api/preview-blogs', form);
export const updatePreviewBlog = (slug: string, fields: BlogFields) =>
  api.put<{ message: string; blog: Blog }>(`/api/preview-blogs/${enc(slug)}`, fields);
export const deletePreviewBlog = (slug: string) => api.del<{ message: string }>(`/api/preview-blogs/${enc(slug)}`);
export const renderPreviewBlog = (slug: string) => api.get<string>(`/api/preview-blogs/${enc(slug)}/render`, { as: 'text' });
export const publishPreviewBlog = (slug: string, fields: BlogFields) =>
  api.post<PublishAnswer>(`/api/preview-blogs/publish/${enc(slug)}`, { ...fields, slug });
