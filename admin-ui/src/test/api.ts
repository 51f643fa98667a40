// The API's answers for the screens' tests, as the Go handlers gave them (api-fixture.json,
// written by TestAdminUIFixture in internal/api and type-checked by contract.test.ts). A test
// answers a call with answer(name), or takes a record from it and changes what it is about.
import type { ContentItem } from '../features/content/kind';
import type { Schedule } from '../features/content/api/content';
import type { Invite, Invited, Person } from '../features/people/api/people';
import type { Webhook } from '../features/webhooks/api/webhooks';
import type { Revision, TrashItem } from '../features/content/api/content';
import type { Build } from '../features/builds/api/builds';
import type { MailJob } from '../features/mail/api/mail';
import type { Message } from '../features/messages/api/messages';
import fixture from './api-fixture.json';
import { jsonResponse } from './utils';

export type AnswerName = keyof typeof fixture;

/** A fresh copy of the body the handlers answered to the call so named. */
export function answerBody<T = unknown>(name: AnswerName): T {
  return structuredClone(fixture[name].body) as T;
}

/** The handlers' answer to the call so named, as a Response; `body` changes or adds fields of it. */
export function answer(name: AnswerName, body?: Record<string, unknown>): Response {
  const base = answerBody<Record<string, unknown>>(name);
  return jsonResponse(body ? { ...base, ...body } : base, fixture[name].status);
}

/** Records as the handlers answer them, for tests to build on. */
export const records = {
  blog: () => answerBody<{ blog: ContentItem }>('POST /api/preview-blogs').blog,
  service: () => answerBody<{ service: ContentItem }>('POST /api/preview-services').service,
  schedule: () => answerBody<Schedule[]>('GET /api/schedules')[0],
  person: () => answerBody<{ accounts: Person[] }>('GET /api/people').accounts[0],
  invited: () => answerBody<Invited>('POST /api/people/invites'),
  invite: () => answerBody<{ invites: Invite[] }>('GET /api/people (with an invitation)').invites[0],
  webhook: () => answerBody<Webhook[]>('GET /api/webhooks')[0],
  trash: () => answerBody<TrashItem[]>('GET /api/trash')[0],
  revision: () => answerBody<Revision[]>('GET /api/preview-blogs/spring-checklist/revisions')[0],
  build: () => answerBody<Build[]>('GET /api/builds')[0],
  mail: () => answerBody<MailJob[]>('GET /api/mail')[0],
  message: () => answerBody<Message[]>('GET /popups')[0],
};
