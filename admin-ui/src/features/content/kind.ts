import type { LucideIcon } from 'lucide-react';

/**
 * A record as the API answers it (docs/API.md). Blogs keep their rich text in `content`, services
 * in `description`; the kind's `body.field` says which.
 */
export interface ContentItem {
  _id: string;
  title: string;
  slug: string;
  category: string;
  image: string;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
  createdAt: string;
  updatedAt?: string;
  content?: string;
  description?: string;
  /** The version (ETag) this copy was read or saved as; never sent as a field. */
  version?: string;
  /** On a draft submitted for an admin's review. */
  review?: { submittedBy: string; submittedAt: string; note?: string };
  /** An admin handed the submitted draft back, unpublished, and why (until it is submitted again). */
  handedBack?: { by: string; at: string; note?: string };
}

export type BodyField = 'content' | 'description';

/** What an admin edits, the rich text under one name whatever the kind calls it. */
export interface ContentDraft {
  title: string;
  category: string;
  body: string;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
}

export type DraftErrors = Partial<Record<keyof ContentDraft | 'slug' | 'image', string>>;

export const EMPTY_DRAFT: ContentDraft = { title: '', category: '', body: '', metaTitle: '', metaDescription: '', focusKeyword: '' };

interface KindMessages {
  listFailed: string;
  deleteQuestion: string;
  deleted: string;
  saved: string;
  saveFailed: string;
  /** The preview screen's load failure. */
  notFound: string;
  /** The preview screen's update failure, with the server's reason when there is one. */
  previewUpdateFailed: (reason: string) => string;
  publishNeeds: string;
  /** The edit screen's load failure. */
  loadFailed: string;
  updated: string;
  updateFailed: string;
}

/**
 * One kind of content (blog, service, …) described once: its words, API paths, admin routes,
 * public addresses, form differences and messages (SPEC §2, §5, §8). The shared panels and screens
 * of features/content serve every kind from this; they never branch on a kind's name.
 */
export interface ContentKind {
  /** Lower case, as messages use it ("this blog"). */
  noun: string;
  /** As titles and buttons use it ("Add Blog", "Blog drafts"). */
  Noun: string;
  /** As list titles use it ("Published blogs"). */
  plural: string;
  /** Names the dashboard panels (#preview-blogs, #published-blogs). */
  key: string;
  icon: LucideIcon;
  body: { field: BodyField; label: string; placeholder: string };
  api: {
    /** GET list, GET/PUT/DELETE {published}/{slug}. */
    published: string;
    /** GET/POST list, GET/PUT/DELETE {preview}/{slug}, {preview}/{slug}/render, {preview}/publish/{slug}. */
    preview: string;
    /** The saved record's key in write answers ({message, blog}). */
    record: string;
    /** How preview updates and publishes travel (SPEC §7): JSON carries a new picture as an uploaded URL, multipart as the file. */
    previewBody: 'json' | 'multipart';
    /** The focus keyword's name in the published edit call (the edit-blog screen sends "keyword"). */
    editKeyword: 'keyword' | 'focusKeyword';
    /** The publish call carries the draft's createdAt. */
    publishSendsCreatedAt: boolean;
    /** The edit screen offers DELETE {published}/{slug}/image. */
    removePublishedImage: boolean;
  };
  /** Admin route prefixes; the preview and edit routes end in /:slug. */
  routes: { add: string; preview: string; edit: string };
  site: {
    /** The live page of a slug. */
    page: (slug: string) => string;
    /** Where the kind is listed on the site, and how to name that place in a sentence. */
    list: string;
    listName: string;
  };
  image: {
    label: string;
    /** The add screen refuses to save without one. */
    required: boolean;
    /** The preview screen can take the picture away (an update with image ""). */
    removableInPreview: boolean;
  };
  form: {
    categoryHint?: string;
    /** The add screen shows the read-only slug made from the title and sends it. */
    showSlug: boolean;
    /** The preview screen's edit form shows the meta fields disabled. */
    previewMetaDisabled: boolean;
    /** After a successful edit, go back to the dashboard after this many ms (otherwise stay). */
    editRedirectMs?: number;
  };
  messages: KindMessages;
}

/** What a kind must say; everything else has the default most kinds want. */
export interface KindSpec extends Pick<ContentKind, 'noun' | 'Noun' | 'plural' | 'key' | 'icon' | 'body' | 'routes' | 'site'> {
  api: Pick<ContentKind['api'], 'published' | 'preview' | 'record'> & Partial<ContentKind['api']>;
  image?: Partial<ContentKind['image']>;
  form?: Partial<ContentKind['form']>;
  messages?: Partial<KindMessages>;
}

/** A kind from what it says, the rest defaulted (messages in the spec's pattern, "Blog saved! …"). */
export function defineKind(spec: KindSpec): ContentKind {
  const { noun, Noun, plural } = spec;
  return {
    ...spec,
    api: { previewBody: 'multipart', editKeyword: 'focusKeyword', publishSendsCreatedAt: false, removePublishedImage: true, ...spec.api },
    image: { label: 'Image', required: false, removableInPreview: true, ...spec.image },
    form: { showSlug: false, previewMetaDisabled: false, ...spec.form },
    messages: {
      listFailed: `Failed to load ${plural}. Please try again later.`,
      deleteQuestion: `Are you sure you want to delete this ${noun}?`,
      deleted: `${Noun} deleted successfully.`,
      saved: `${Noun} saved! Check it in the preview section.`,
      saveFailed: `Failed to save ${noun}.`,
      notFound: `${Noun} not found.`,
      previewUpdateFailed: (reason) => `Failed to update ${noun}. ${reason}`.trim(),
      publishNeeds: `Please enter both title and ${spec.body.label.toLowerCase()} before publishing.`,
      loadFailed: `Failed to load ${noun} details.`,
      updated: `${Noun} updated successfully!`,
      updateFailed: `Failed to update ${noun}.`,
      ...spec.messages,
    },
  };
}

export const IMAGE_REMOVE_FAILED = 'Failed to remove image.';
export const SLUG_REQUIRED = 'Slug is required. Please enter a title.';

export function bodyOf(kind: ContentKind, item: ContentItem): string {
  return item[kind.body.field] ?? '';
}

export function draftOf(kind: ContentKind, item: ContentItem): ContentDraft {
  return {
    title: item.title,
    category: item.category,
    body: bodyOf(kind, item),
    metaTitle: item.metaTitle,
    metaDescription: item.metaDescription,
    focusKeyword: item.focusKeyword,
  };
}

/** Title and category (and the body when asked) must be filled in. */
export function validateDraft(kind: ContentKind, values: ContentDraft, { body = false } = {}): DraftErrors {
  const errors: DraftErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required.';
  if (!values.category.trim()) errors.category = 'Category is required.';
  if (body && !values.body.trim()) errors.body = `${kind.body.label} is required.`;
  return errors;
}
