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

/** A build record (docs/API.md, GET /api/builds): the queue's fields, then the generator's result. */
export interface Build {
  id: string | number;
  reason: string;
  status: BuildStatus;
  clean: boolean;
  queuedAt: string;
  /** Left out while the build is queued. */
  startedAt?: string;
  ms: number;
  error?: string;
  deploy?: Deploy;
  generation: string;
  previous?: string;
  swapped: boolean;
  pagesTotal: number;
  pagesRendered: number;
  pagesUnchanged: number;
  /** When the generator began; left out until it did. */
  started?: string;
  /** Nanoseconds, as the stages' durations. */
  duration: number;
  stages: { name: string; duration: number }[];
  search: { pages: number; files: number; written: number; merged: boolean; bytes: number };
}

export function listBuilds() {
  return api.get<Build[]>('/api/builds');
}

export function startRebuild() {
  return api.post<{ build: Build }>('/api/builds');
}
