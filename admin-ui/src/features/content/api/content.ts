// The calls of every content kind (docs/API.md), made from the kind's descriptor.
import { api } from '../../../lib/api-client';
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

interface Extra {
  /** A new picture (File), a stored one's path, or "" to remove it; left out when undefined. */
  image?: File | string;
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

/** A multipart body; a picture goes as the file, or as "" to remove it. */
function multipart(kind: ContentKind, draft: ContentDraft, extra: Extra): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fieldsOf(kind, draft, extra))) form.append(k, v);
  if (extra.image instanceof File || extra.image === '') form.append('image', extra.image);
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

export const getItem = (kind: ContentKind, stage: Stage, slug: string) => api.get<ContentItem>(`${root(kind, stage)}/${enc(slug)}`);

export const deleteItem = (kind: ContentKind, stage: Stage, slug: string) =>
  api.del<{ message: string; build?: unknown }>(`${root(kind, stage)}/${enc(slug)}`);

export const createPreview = (kind: ContentKind, draft: ContentDraft, extra: Pick<Extra, 'image' | 'slug'>) =>
  api.post<SavedAnswer>(kind.api.preview, multipart(kind, draft, extra));

export const updatePreview = async (kind: ContentKind, slug: string, draft: ContentDraft, image: File | string | undefined) =>
  api.put<SavedAnswer>(`${kind.api.preview}/${enc(slug)}`, await previewBody(kind, draft, { image }));

export const renderPreview = (kind: ContentKind, slug: string) =>
  api.get<string>(`${kind.api.preview}/${enc(slug)}/render`, { as: 'text' });

export const publishPreview = async (kind: ContentKind, item: ContentItem, draft: ContentDraft, image: File | string | undefined) =>
  api.post<PublishAnswer>(
    `${kind.api.preview}/publish/${enc(item.slug)}`,
    await previewBody(kind, draft, {
      image,
      slug: item.slug,
      createdAt: kind.api.publishSendsCreatedAt ? item.createdAt : undefined,
    }),
  );

export const updatePublished = (kind: ContentKind, slug: string, draft: ContentDraft, image: File | null) =>
  api.put<SavedAnswer>(
    `${kind.api.published}/${enc(slug)}`,
    multipart(kind, draft, { image: image ?? undefined, keyword: kind.api.editKeyword }),
  );

export const removePublishedImage = (kind: ContentKind, slug: string) => api.del<SavedAnswer>(`${kind.api.published}/${enc(slug)}/image`);
