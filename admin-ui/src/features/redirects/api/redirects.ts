import { api } from '../../../lib/api-client';

/** A redirect of the site (GET /api/redirects). */
export interface Redirect {
  from: string;
  to: string;
  kind?: string; // the kind of the record whose slug changed; absent for one added by hand
  recordId?: string;
  createdBy?: string;
  createdAt: string;
  status: 'live' | 'hidden' | 'broken' | 'pending';
}

export const listRedirects = () => api.get<Redirect[]>('/api/redirects');

export const addRedirect = (from: string, to: string) =>
  api.post<{ message: string; redirect: Redirect }>('/api/redirects', { from, to });

export const removeRedirect = (from: string) =>
  api.del<{ message: string }>(`/api/redirects?from=${encodeURIComponent(from)}`);
