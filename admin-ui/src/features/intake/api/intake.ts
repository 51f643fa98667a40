import { api } from '../../../lib/api-client';

/** Something about the intake an admin must act on (GET /api/intake). */
export interface IntakeProblem { code: string; text: string; fix: string }

/** The enquiries' intake bucket: the way in while the form server is down (docs/API.md). */
export interface IntakeStatus {
  configured: boolean;
  enabled: boolean;
  bucket?: string;
  arrived: number;
  lastArrival?: string;
  held: number;
  waiting: number;
  quarantined: number;
  lastDrain?: string;
  lastError?: string;
  failingSince?: string;
  policyExpires?: string;
  problems: IntakeProblem[];
}

export const getIntake = () => api.get<IntakeStatus>('/api/intake');

export const setIntake = (enabled: boolean) =>
  api.put<{ message: string; intake: IntakeStatus }>('/api/intake', { enabled });
