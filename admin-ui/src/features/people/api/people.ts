import { api } from '../../../lib/api-client';
import type { Role } from '../../../lib/session';

export interface Person {
  username: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface Invite {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export const listPeople = () => api.get<{ accounts: Person[]; invites: Invite[] }>('/api/people');

export const invite = (email: string, role: Role) => api.post<{ message: string; invite: Invite }>('/api/people/invites', { email, role });

export const revokeInvite = (id: string) => api.del<{ message: string }>(`/api/people/invites/${encodeURIComponent(id)}`);

export const setRole = (username: string, role: Role) =>
  api.patch<{ message: string; account: Person }>(`/api/people/${encodeURIComponent(username)}`, { role });

export const removePerson = (username: string) => api.del<{ message: string }>(`/api/people/${encodeURIComponent(username)}`);
