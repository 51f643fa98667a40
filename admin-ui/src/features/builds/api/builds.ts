import { api } from '../../../lib/api-client';

export type BuildStatus = 'queued' | 'running' | 'ok' | 'failed';

/** The deploy to the object store that followed a build (only when the server deploys). */
export interface Deploy {
  target: string;
  status: 'running' | 'ok' | 'failed';
  uploaded: number;
  deleted: number;
  bytes: number;
  unchanged: number;
  changed?: string[];
  ms: number;
  error?: string;
  purgeError?: string;
}

export interface Build {
  id: string | number;
  reason: string;
  status: BuildStatus;
  pagesRendered: number;
  pagesUnchanged: number;
  ms: number;
  error?: string;
  startedAt: string;
  deploy?: Deploy;
}

export function listBuilds() {
  return api.get<Build[]>('/api/builds');
}

export function startRebuild() {
  return api.post<{ build: Build }>('/api/builds');
}
