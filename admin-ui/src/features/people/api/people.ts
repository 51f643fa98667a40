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

/** The invitation, with a link for the admin to hand over (shown only in this answer) and whether the mail went to the outbox folder instead of a mail server. */
export interface Invited {
  message: string;
  invite: Invite;
  link: string;
  outbox?: boolean;
}

export const invite = (email: string, role: Role) => api.post<Invited>('/api/people/invites', { email, role });

/** A new link to hand over, replacing the one made before (the mailed link keeps working). */
export const newInviteLink = (id: string) => api.post<Invited>(`/api/people/invites/${encodeURIComponent(id)}/link`);

export const revokeInvite = (id: string) => api.del<{ message: string }>(`/api/people/invites/${encodeURIComponent(id)}`);

export const setRole = (username: string, role: Role) =>
  api.patch<{ message: string; account: Person }>(`/api/people/${encodeURIComponent(username)}`, { role });

export const removePerson = (username: string) => api.del<{ message: string }>(`/api/people/${encodeURIComponent(username)}`);
