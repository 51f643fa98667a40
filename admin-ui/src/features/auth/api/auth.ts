import { api } from '../../../lib/api-client';

export interface LoginAnswer {
  token: string;
  username: string;
  device?: string;
  role?: 'admin' | 'editor';
}

// This browser's device token (docs/SECURITY.md): kept across logouts, sent with every sign-in,
// so a known device still signs in while someone else's failures lock the account.
const DEVICE_KEY = 'adminDevice';

export async function login(username: string, password: string) {
  const device = localStorage.getItem(DEVICE_KEY) ?? undefined;
  const answer = await api.post<LoginAnswer>('/admin/login', { username, password, device }, { auth: false });
  if (answer.device) localStorage.setItem(DEVICE_KEY, answer.device);
  return answer;
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

export interface InviteInfo {
  email: string;
  role: 'admin' | 'editor';
  invitedBy: string;
  expiresAt: string;
}

export function checkInvite(token: string) {
  return api.post<InviteInfo>('/invite/check', { token }, { auth: false });
}

export function acceptInvite(token: string, username: string, password: string) {
  return api.post<{ message: string; token: string; username: string; role: string }>('/invite/accept', { token, username, password }, { auth: false });
}
