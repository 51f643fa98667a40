import { getPage } from '../../../lib/api-client';

export interface AuditEntry {
  id: number;
  at: string;
  user: string;
  role?: string;
  ip?: string;
  action: string;
  kind: string;
  target?: string;
  detail?: string;
}

export interface AuditFilter {
  user: string;
  kind: string;
  action: string;
}

export function auditPage(filter: AuditFilter, cursor: string | null, limit = 50) {
  const q = new URLSearchParams({ limit: String(limit) });
  if (filter.user.trim()) q.set('user', filter.user.trim());
  if (filter.kind) q.set('kind', filter.kind);
  if (filter.action) q.set('action', filter.action);
  if (cursor) q.set('cursor', cursor);
  return getPage<AuditEntry>(`/api/audit?${q}`);
}
