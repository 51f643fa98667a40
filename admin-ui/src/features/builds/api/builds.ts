import { api } from '../../../lib/api-client';

export type BuildStatus = 'queued' | 'running' | 'ok' | 'failed';

export interface Build {
  id: string | number;
  reason: string;
  status: BuildStatus;
  pagesRendered: number;
  pagesUnchanged: number;
  ms: number;
  error?: string;
  startedAt: string;
}

export function listBuilds() {
  return api.get<Build[]>('/api/builds');
}

export function startRebuild() {
  return api.post<{ build: Build }>('/api/builds');
}
