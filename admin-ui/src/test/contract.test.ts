// The API contract between the Go handlers and these screens, checked both ways. Go writes
// api-fixture.json from what its handlers answer to the calls the screens make (TestAdminUIFixture
// in internal/api), and this test type-checks every answer against the type the screens expect of
// it, as written below with the API modules' own types: a field Go sends that the type does not
// declare, a field the type requires that Go does not send, or a value of another kind fails. The
// screens' tests answer their calls from the same file (./api.ts), never from hand-written records.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import fixture from './api-fixture.json';

/** A path next to this file's folder (src/test), as the compiler names files. */
const at = (relative: string) => decodeURIComponent(new URL(relative, import.meta.url).pathname);

/** What each answer of the fixture must be, in the types the screens read it with. */
const CONTRACT: Record<string, string> = {
  'GET /api/site-info': 'SiteInfo',
  'GET /api/me': 'Me',
  'GET /api/blogs': 'ContentItem[]',
  'GET /api/blogs/live-post': 'ContentItem',
  'GET /api/blogs/spring-checklist': 'ContentItem',
  'GET /api/services': 'ContentItem[]',
  'GET /api/services/live-service': 'ContentItem',
  'GET /api/preview-blogs': 'ContentItem[]',
  'GET /api/preview-blogs/spring-checklist': 'ContentItem',
  'GET /api/preview-blogs/no-such-draft (not found)': 'ApiErrorBody',
  'POST /api/preview-services': '{ message: string; service: ContentItem }',
  'GET /api/preview-services': 'ContentItem[]',
  'GET /api/preview-services/draft-service': 'ContentItem',
  'POST /api/preview-blogs': '{ message: string; blog: ContentItem }',
  'PUT /api/preview-blogs/spring-checklist': '{ message: string; blog: ContentItem }',
  'PUT /api/preview-blogs/spring-checklist (stale)': 'ApiErrorBody & { blog: ContentItem }',
  'GET /api/preview-blogs/spring-checklist/revisions': 'Revision[]',
  'POST /api/preview-blogs/publish/spring-checklist': 'PublishAnswer & { build: Build }',
  'PUT /api/blogs/spring-checklist': '{ message: string; blog: ContentItem; build: Build }',
  'POST /api/preview-services/publish/draft-service': 'PublishAnswer & { publishAt: string; schedule: Schedule; service: ContentItem }',
  'GET /api/schedules': 'Schedule[]',
  'POST /api/preview-blogs/draft-post/review': '{ message: string; blog: ContentItem }',
  'GET /api/reviews': 'ReviewItem[]',
  'DELETE /api/preview-blogs/draft-post': '{ message: string; trash: TrashItem }',
  'GET /api/trash': 'TrashItem[]',
  'GET /api/people': '{ accounts: Person[]; invites: Invite[] }',
  'GET /api/people (with an invitation)': '{ accounts: Person[]; invites: Invite[] }',
  'POST /api/people/invites': 'Invited',
  'POST /api/people/invites/{id}/link': 'Invited',
  'POST /api/webhooks': '{ message: string; webhook: Webhook }',
  'GET /api/webhooks': 'Webhook[]',
  'GET /api/webhooks/deliveries?limit=50': 'Delivery[]',
  'GET /api/media': 'MediaItem[]',
  'GET /api/redirects': 'Redirect[]',
  'POST /popup': '{ message: string }',
  'GET /popups': 'Message[]',
  'GET /api/builds': 'Build[]',
  'GET /api/mail': 'MailJob[]',
};

/** Where the types come from (paths under src/). */
const IMPORTS: Record<string, string[]> = {
  'lib/publish': ['SiteInfo', 'PublishAnswer'],
  'lib/session': ['Me'],
  'features/content/kind': ['ContentItem'],
  'features/content/api/content': ['Revision', 'Schedule', 'TrashItem'],
  'features/reviews/api/reviews': ['ReviewItem'],
  'features/people/api/people': ['Person', 'Invite', 'Invited'],
  'features/webhooks/api/webhooks': ['Webhook', 'Delivery'],
  'features/media/api/media': ['MediaItem'],
  'features/redirects/api/redirects': ['Redirect'],
  'features/messages/api/messages': ['Message'],
  'features/builds/api/builds': ['Build'],
  'features/mail/api/mail': ['MailJob'],
};

/** Type-checks `const answer: Type = <the fixture's body>` for every answer; the diagnostics by answer. */
function check(): Record<string, string[]> {
  const file = at('./__contract__.ts');
  const entries = Object.entries(CONTRACT);
  const lines = [
    ...Object.entries(IMPORTS).map(([from, names]) => `import type { ${names.join(', ')} } from '../${from}';`),
    'type ApiErrorBody = { error: string };',
    ...entries.map(([key, type], i) => `export const answer${i}: ${type} = ${JSON.stringify((fixture as Record<string, { body: unknown }>)[key]?.body)};`),
  ];
  const text = lines.join('\n');
  const config = ts.readConfigFile(at('../../tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, at('../..'));
  options.types = [];
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, text, language) : read(name, language, ...rest));
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file)!;
  const byAnswer: Record<string, string[]> = {};
  for (const d of ts.getPreEmitDiagnostics(program, source)) {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
    const key = line >= lines.length - entries.length ? entries[line - (lines.length - entries.length)][0] : 'imports';
    (byAnswer[key] ??= []).push(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }
  return byAnswer;
}

describe('the API contract (api-fixture.json, written by the Go handlers)', () => {
  it('has a type for every answer the handlers gave, and an answer for every type', () => {
    expect(Object.keys(CONTRACT).sort()).toEqual(Object.keys(fixture).sort());
  });

  it('every answer is what the screens read it as', () => {
    expect(check()).toEqual({});
  }, 60000);
});
