import { api } from '../../../lib/api-client';
import type { PublishAnswer } from '../../../lib/publish';

export interface Service {
  _id: string;
  title: string;
  slug: string;
  description: string;
  category: string;
  image: string;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
  createdAt: string;
  updatedAt?: string;
}

const enc = encodeURIComponent;

export const listPublishedServices = () => api.get<Service[]>('/api/services');
export const getPublishedService = (slug: string) => api.get<Service>(`/api/services/${enc(slug)}`);
export const updatePublishedService = (slug: string, form: FormData) =>
  api.put<{ message: string; service: Service }>(`/api/services/${enc(slug)}`, form);
export const deletePublishedService = (slug: string) => api.del<{ message: string }>(`/api/services/${enc(slug)}`);
export const removePublishedServiceImage = (slug: string) =>
  api.del<{ message: string; service: Service }>(`/api/services/${enc(slug)}/image`);

export const listPreviewServices = () => api.get<Service[]>('/api/preview-services');
export const getPreviewService = (slug: string) => api.get<Service>(`/api/preview-services/${enc(slug)}`);
export const createPreviewService = (form: FormData) =>
  api.post<{ message: string; service: Service }>('/api/preview-services', form);
export const updatePreviewService = (slug: string, form: FormData) =>
  api.put<{ message: string; service: Service }>(`/api/preview-services/${enc(slug)}`, form);
export const deletePreviewService = (slug: string) => api.del<{ message: string }>(`/api/preview-services/${enc(slug)}`);
export const renderPreviewService = (slug: string) =>
  api.get<string>(`/api/preview-services/${enc(slug)}/render`, { as: 'text' });
export const publishPreviewService = (slug: string, form: FormData) =>
  api.post<PublishAnswer>(`/api/preview-services/publish/${enc(slug)}`, form);
