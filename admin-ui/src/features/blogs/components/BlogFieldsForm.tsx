import { useId } from 'react';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { CategoryOptions, TextField } from '../../../components/TextField';

export interface BlogDraft {
  title: string;
  category: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
}

export type BlogErrors = Partial<Record<keyof BlogDraft, string>>;

export const EMPTY_BLOG: BlogDraft = { title: '', category: '', content: '', metaTitle: '', metaDescription: '', focusKeyword: '' };

interface Props {
  values: BlogDraft;
  onChange: (patch: Partial<BlogDraft>) => void;
  errors: BlogErrors;
  contentRequired?: boolean;
  /** The edit-blog screen calls the focus keyword "Keyword" (SPEC §3). */
  keywordLabel?: string;
}

/** The text fields of a blog; the screens add the picture and the buttons. */
export function BlogFieldsForm({ values, onChange, errors, contentRequired, keywordLabel = 'Focus keyword' }: Props) {
  const listId = useId();
  return (
    <>
      <TextField label="Title" name="title" required value={values.title} error={errors.title} onChange={(title) => onChange({ title })} />
      <TextField
        label="Category"
        name="category"
        required
        list={listId}
        value={values.category}
        error={errors.category}
        hint="For example SEO or Social Media."
        onChange={(category) => onChange({ category })}
      />
      <CategoryOptions id={listId} />
      <RichTextEditor
        label="Content"
        required={contentRequired}
        value={values.content}
        error={errors.content}
        onChange={(content) => onChange({ content })}
        placeholder="Write the post here…"
      />
      <fieldset className="fieldset">
        <legend>Search engine details</legend>
        <TextField
          label="Meta title"
          name="metaTitle"
          value={values.metaTitle}
          hint="Shown as the page title in Google. Leave empty to use the title."
          onChange={(metaTitle) => onChange({ metaTitle })}
        />
        <TextField
          label="Meta description"
          name="metaDescription"
          multiline
          value={values.metaDescription}
          hint="One or two sentences shown under the title in search results."
          onChange={(metaDescription) => onChange({ metaDescription })}
        />
        <TextField label={keywordLabel} name="focusKeyword" value={values.focusKeyword} onChange={(focusKeyword) => onChange({ focusKeyword })} />
      </fieldset>
    </>
  );
}

/** Title, category (and content when asked) must be filled in. */
export function validateBlog(values: BlogDraft, { content = false } = {}): BlogErrors {
  const errors: BlogErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required.';
  if (!values.category.trim()) errors.category = 'Category is required.';
  if (content && !values.content.trim()) errors.content = 'Content is required.';
  return errors;
}
