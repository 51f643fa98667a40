import { useId, type ReactNode } from 'react';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { CategoryOptions, TextField } from '../../../components/TextField';

export interface ServiceDraft {
  title: string;
  category: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
}

export type ServiceErrors = Partial<Record<keyof ServiceDraft | 'slug' | 'image', string>>;

export const EMPTY_SERVICE: ServiceDraft = { title: '', category: '', description: '', metaTitle: '', metaDescription: '', focusKeyword: '' };

interface Props {
  values: ServiceDraft;
  onChange: (patch: Partial<ServiceDraft>) => void;
  errors: ServiceErrors;
  descriptionRequired?: boolean;
  /** The service preview edit form shows the meta fields disabled (SPEC §5). */
  metaDisabled?: boolean;
  /** false hides the meta fields (the edit-service call does not take them). */
  showMeta?: boolean;
  /** Rendered right after the title (the add screen's slug). */
  afterTitle?: ReactNode;
}

export function ServiceFieldsForm({ values, onChange, errors, descriptionRequired, metaDisabled, showMeta = true, afterTitle }: Props) {
  const listId = useId();
  return (
    <>
      <TextField label="Title" name="title" required value={values.title} error={errors.title} onChange={(title) => onChange({ title })} />
      {afterTitle}
      <TextField
        label="Category"
        name="category"
        required
        list={listId}
        value={values.category}
        error={errors.category}
        onChange={(category) => onChange({ category })}
      />
      <CategoryOptions id={listId} />
      <RichTextEditor
        label="Description"
        required={descriptionRequired}
        value={values.description}
        error={errors.description}
        onChange={(description) => onChange({ description })}
        placeholder="Describe the service…"
      />
      {showMeta && (
        <fieldset className="fieldset">
          <legend>Search engine details</legend>
          {metaDisabled && <p className="hint">These are set when the service is added and cannot be changed here.</p>}
          <TextField
            label="Meta title"
            name="metaTitle"
            disabled={metaDisabled}
            value={values.metaTitle}
            onChange={(metaTitle) => onChange({ metaTitle })}
          />
          <TextField
            label="Meta description"
            name="metaDescription"
            multiline
            disabled={metaDisabled}
            value={values.metaDescription}
            onChange={(metaDescription) => onChange({ metaDescription })}
          />
          <TextField
            label="Focus keyword"
            name="focusKeyword"
            disabled={metaDisabled}
            value={values.focusKeyword}
            onChange={(focusKeyword) => onChange({ focusKeyword })}
          />
        </fieldset>
      )}
    </>
  );
}

export function validateService(values: ServiceDraft, { description = false } = {}): ServiceErrors {
  const errors: ServiceErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required.';
  if (!values.category.trim()) errors.category = 'Category is required.';
  if (description && !values.description.trim()) errors.description = 'Description is required.';
  return errors;
}

/** The multipart body the service calls take. */
export function serviceForm(values: ServiceDraft, extra: Record<string, string | File | null | undefined> = {}, { meta = true } = {}): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description);
  form.append('category', values.category.trim());
  if (meta) {
    form.append('metaTitle', values.metaTitle.trim());
    form.append('metaDescription', values.metaDescription.trim());
    form.append('focusKeyword', values.focusKeyword.trim());
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v !== null && v !== undefined) form.append(k, v);
  }
  return form;
}
