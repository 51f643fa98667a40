import { api } from '../../../lib/api-client';

export interface LoginAnswer {
  token: string;
  username: string;
}

export function login(username: string, password: string) {
  return api.post<LoginAnswer>('/admin/login', { username, password }, { auth: false });
}

export function forgotPassword(email: string) {
  return api.post<{ message: string }>('/admin/forgot-password', { email }, { auth: false });
}

export function resetPassword(token: string, newPassword: string) {
  return api.post<{ message: string }>('/reset-password', { token, newPassword }, { auth: false });
}

/** The signed-in admin (GET /api/me). */
export interface Me {
  username: string;
  email: string;
  /** "admin" (everything) or "editor" (drafts and uploads). */
  role?: string;
}

export function getMe() {
  return api.get<Me>('/api/me');
}
