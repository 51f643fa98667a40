// The calls of every content kind (docs/API.md), made from the kind's descriptor.
import { api, ApiError } from '../../../lib/api-client';
import type { PublishAnswer } from '../../../lib/publish';
import { uploadImage } from '../../../lib/upload';
import type { ContentDraft, ContentItem, ContentKind } from '../kind';

export type Stage = 'preview' | 'published';

/** A write answer: its message and the saved record under the kind's record key ({message, blog}). */
export type SavedAnswer = { message?: string; build?: unknown } & Record<string, unknown>;

const enc = encodeURIComponent;

function root(kind: ContentKind, stage: Stage) {
  return stage === 'preview' ? kind.api.preview : kind.api.published;
}

/** The record a write answer carries. */
export function savedItem(kind: ContentKind, answer: SavedAnswer): ContentItem | undefined {
  return answer[kind.api.record] as ContentItem | undefined;
}

/** A reader of an answer's ETag, and the answer's record marked with it. */
function versioned() {
  let etag: string | undefined;
  return {
    onHeaders: (h: Headers) => {
      etag = h.get('ETag') ?? undefined;
    },
    mark<T>(kind: ContentKind, answer: T): T {
      const rec = answer && (answer as SavedAnswer)[kind.api.record];
      if (rec && typeof rec === 'object' && etag) (rec as ContentItem).version = etag;
      return answer;
    },
    item: (item: ContentItem): ContentItem => ({ ...item, version: etag }),
  };
}

/**
 * The item as it is now, when err says the write named an older version (409 with the current
 * record); undefined for any other error.
 */
export function staleItem(kind: ContentKind, err: unknown): ContentItem | undefined {
  if (!(err instanceof ApiError) || err.status !== 409 || !err.data || typeof err.data !== 'object') return undefined;
  const current = (err.data as Record<string, unknown>)[kind.api.record];
  if (!current || typeof current !== 'object') return undefined;
  return { ...(current as ContentItem), version: err.headers?.get('ETag') ?? undefined };
}

interface Extra {
  /** A new picture (File), a stored one's path, or "" to remove it; left out when undefined. */
  image?: File | string;
  /** A picture uploaded already (for a preview of the changes), sent by its URL. */
  uploaded?: string;
  slug?: string;
  createdAt?: string;
  /** The focus keyword's field name (the edit-blog screen sends "keyword"). */
  keyword?: 'keyword' | 'focusKeyword';
}

function fieldsOf(kind: ContentKind, draft: ContentDraft, { keyword = 'focusKeyword', slug, createdAt }: Extra) {
  const fields: Record<string, string> = {
    title: draft.title.trim(),
    [kind.body.field]: draft.body,
    category: draft.category.trim(),
    metaTitle: draft.metaTitle.trim(),
    metaDescription: draft.metaDescription.trim(),
    [keyword]: draft.focusKeyword.trim(),
  };
  if (slug) fields.slug = slug;
  if (createdAt) fields.createdAt = createdAt;
  return fields;
}

/** A multipart body; a picture goes as the file, as an uploaded one's URL, or as "" to remove it. */
function multipart(kind: ContentKind, draft: ContentDraft, extra: Extra): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fieldsOf(kind, draft, extra))) form.append(k, v);
  if (extra.uploaded) form.append('image', extra.uploaded);
  else if (extra.image instanceof File || extra.image === '') form.append('image', extra.image);
  return form;
}

/** A JSON body; a new picture is uploaded first and sent by its URL. */
async function json(kind: ContentKind, draft: ContentDraft, extra: Extra): Promise<Record<string, string>> {
  const body = fieldsOf(kind, draft, extra);
  if (extra.image instanceof File) body.image = await uploadImage(extra.image);
  else if (extra.image !== undefined) body.image = extra.image;
  return body;
}

async function previewBody(kind: ContentKind, draft: ContentDraft, extra: Extra) {
  return kind.api.previewBody === 'json' ? json(kind, draft, extra) : multipart(kind, draft, extra);
}

export const listItems = (kind: ContentKind, stage: Stage) => api.get<ContentItem[]>(root(kind, stage));

export const getItem = async (kind: ContentKind, stage: Stage, slug: string) => {
  const v = versioned();
  return v.item(await api.get<ContentItem>(`${root(kind, stage)}/${enc(slug)}`, { onHeaders: v.onHeaders }));
};

export const deleteItem = (kind: ContentKind, stage: Stage, slug: string) =>
  api.del<{ message: string; build?: unknown; trash?: TrashItem }>(`${root(kind, stage)}/${enc(slug)}`);

export const createPreview = (kind: ContentKind, draft: ContentDraft, extra: Pick<Extra, 'image' | 'slug' | 'uploaded'>) =>
  api.post<SavedAnswer>(kind.api.preview, multipart(kind, draft, extra));

/** Saves a draft, only over version when given (else 409); `uploaded` is a new picture already uploaded (for a preview of the changes). */
export const updatePreview = async (
  kind: ContentKind,
  slug: string,
  draft: ContentDraft,
  image: File | string | undefined,
  version?: string,
  uploaded?: string,
) => {
  const v = versioned();
  const body = await previewBody(kind, draft, uploaded ? { image: uploaded, uploaded } : { image });
  return v.mark(kind, await api.put<SavedAnswer>(`${kind.api.preview}/${enc(slug)}`, body, { ifMatch: version, onHeaders: v.onHeaders }));
};

export const renderPreview = (kind: ContentKind, slug: string) =>
  api.get<string>(`${kind.api.preview}/${enc(slug)}/render`, { as: 'text' });

/**
 * Publishes the draft (with version, only that version of it, else 409), at once or (publishAt,
 * ISO 8601) at a time: then the answer is 202 with the schedule.
 */
export const publishPreview = async (
  kind: ContentKind,
  item: ContentItem,
  draft: ContentDraft,
  image: File | string | undefined,
  version: string | undefined = item.version,
  publishAt?: string,
) => {
  const body = await previewBody(kind, draft, {
    image,
    uploaded: typeof image === 'string' && image.startsWith('/uploads/') && image !== item.image ? image : undefined,
    slug: item.slug,
    createdAt: kind.api.publishSendsCreatedAt ? item.createdAt : undefined,
  });
  if (publishAt) {
    if (body instanceof FormData) body.append('publishAt', publishAt);
    else body.publishAt = publishAt;
  }
  return api.post<PublishAnswer & { schedule?: Schedule; publishAt?: string }>(`${kind.api.preview}/publish/${enc(item.slug)}`, body, {
    ifMatch: version,
  });
};

/**
 * Saves an edit of a published item, only over version when given (else 409); a new picture goes
 * as the file or, once uploaded for a preview, by its URL.
 */
export const updatePublished = async (
  kind: ContentKind,
  slug: string,
  draft: ContentDraft,
  image: File | string | null,
  version?: string,
  newSlug?: string,
) => {
  const v = versioned();
  const body = multipart(kind, draft, {
    image: image instanceof File ? image : undefined,
    uploaded: typeof image === 'string' ? image : undefined,
    keyword: kind.api.editKeyword,
    slug: newSlug,
  });
  return v.mark(kind, await api.put<SavedAnswer>(`${kind.api.published}/${enc(slug)}`, body, { ifMatch: version, onHeaders: v.onHeaders }));
};

/** Renders unsaved edits of an item (published or draft) as the site would; saves nothing. */
export const renderEdit = (kind: ContentKind, stage: Stage, slug: string, draft: ContentDraft, image: string | undefined) => {
  const body: Record<string, string> = fieldsOf(kind, draft, {});
  if (image !== undefined) body.image = image;
  return api.post<string>(`${root(kind, stage)}/${enc(slug)}/render`, body, { as: 'text' });
};

/** Takes a live item back among the drafts now, or schedules it (unpublishAt, ISO 8601). */
export const unpublishItem = (kind: ContentKind, slug: string, unpublishAt?: string) =>
  api.post<SavedAnswer & { schedule?: Schedule }>(`${kind.api.published}/${enc(slug)}/unpublish`, unpublishAt ? { unpublishAt } : undefined);

/** A kept version of an item (docs/API.md, Revisions). */
export interface Revision {
  id: number;
  createdAt: string;
  username: string;
  title: string;
  stage: Stage;
  note: string;
  record?: ContentItem;
}

export const listRevisions = (kind: ContentKind, stage: Stage, slug: string) => api.get<Revision[]>(`${root(kind, stage)}/${enc(slug)}/revisions`);

export const getRevision = (kind: ContentKind, stage: Stage, slug: string, id: number) =>
  api.get<Revision>(`${root(kind, stage)}/${enc(slug)}/revisions/${id}`);

export const restoreRevision = (kind: ContentKind, stage: Stage, slug: string, id: number) =>
  api.post<SavedAnswer>(`${root(kind, stage)}/${enc(slug)}/revisions/${id}/restore`);

/** A publish or unpublish set for a time (docs/API.md, Scheduling). */
export interface Schedule {
  id: number;
  kind: string;
  slug: string;
  title: string;
  action: 'publish' | 'unpublish';
  at: string;
  /** held: the draft was changed or deleted by someone else after it was scheduled; an admin schedules it again. */
  status: 'scheduled' | 'retrying' | 'failed' | 'held';
  attempts: number;
  nextAttemptAt?: string;
  applied: boolean;
  error?: string;
  username: string;
  hold?: 'edited' | 'deleted';
  heldBy?: string;
  /** The sum of the draft's content the schedule was made for (a change by another holds it). */
  sum?: string;
  createdAt: string;
  /** The item's _id: the schedule follows it through a rename. */
  recordId: string;
}

export const listSchedules = () => api.get<Schedule[]>('/api/schedules');
export const reschedule = (id: number, at: string) => api.put<{ message: string; schedule: Schedule }>(`/api/schedules/${id}`, { at });
export const cancelSchedule = (id: number) => api.del<{ message: string }>(`/api/schedules/${id}`);

/** A deleted item waiting in the trash (docs/API.md, Trash). */
export interface TrashItem {
  id: number;
  kind: string;
  slug: string;
  title: string;
  stage: Stage;
  deletedAt: string;
  purgeAt: string;
  username: string;
}

export const listTrash = () => api.get<TrashItem[]>('/api/trash');
export const restoreTrash = (id: number) => api.post<SavedAnswer>(`/api/trash/${id}/restore`);
export const purgeTrash = (id: number) => api.del<{ message: string }>(`/api/trash/${id}`);

export const removePublishedImage = async (kind: ContentKind, slug: string, version?: string) => {
  const v = versioned();
  return v.mark(kind, await api.del<SavedAnswer>(`${kind.api.published}/${enc(slug)}/image`, { ifMatch: version, onHeaders: v.onHeaders }));
};

/** Hands a draft to the admins for review; the answer's record carries its new version. */
export const submitForReview = async (kind: ContentKind, slug: string, note: string) => {
  const v = versioned();
  return v.mark(kind, await api.post<SavedAnswer>(`${kind.api.preview}/${enc(slug)}/review`, { note }, { onHeaders: v.onHeaders }));
};

/** Takes a submission back (or, for an admin, hands the draft back to its editor, saying why). */
export const withdrawReview = async (kind: ContentKind, slug: string, note = '') => {
  const v = versioned();
  return v.mark(kind, await api.del<SavedAnswer>(`${kind.api.preview}/${enc(slug)}/review`, { body: note ? { note } : undefined, onHeaders: v.onHeaders }));
};
