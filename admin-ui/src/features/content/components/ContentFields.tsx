import { useId, type ReactNode } from 'react';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { CategoryOptions, TextField } from '../../../components/TextField';
import type { ContentDraft, ContentKind, DraftErrors } from '../kind';
import { useCategories } from '../use-published';

interface Props {
  kind: ContentKind;
  values: ContentDraft;
  onChange: (patch: Partial<ContentDraft>) => void;
  errors: DraftErrors;
  /** The meta fields are shown disabled (the service preview form, SPEC §5). */
  metaDisabled?: boolean;
  /** Rendered right after the title (the add screen's slug). */
  afterTitle?: ReactNode;
}

/**
 * The text fields of any kind, labelled and marked the same on every screen (the text is
 * required wherever it is written); the screens add the picture and the buttons.
 */
export function ContentFields(props: Props) {
  const { kind, values, onChange, errors, metaDisabled: disabled, afterTitle } = props;
  const listId = useId();
  const categories = useCategories(kind);
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
        hint={kind.form.categoryHint ?? 'Pick one already in use, or type a new one.'}
        onChange={(category) => onChange({ category })}
      />
      <CategoryOptions id={listId} options={categories} />
      <RichTextEditor
        label={kind.body.label}
        required
        value={values.body}
        error={errors.body}
        onChange={(body) => onChange({ body })}
        placeholder={kind.body.placeholder}
      />
      <fieldset className="fieldset">
        <legend>Search engine details</legend>
        {disabled && <p className="hint">These can be changed once the {kind.noun} is published, from its Edit screen.</p>}
        <TextField
          label="Meta title"
          name="metaTitle"
          disabled={disabled}
          value={values.metaTitle}
          hint={disabled ? undefined : 'Shown as the page title in Google. Left empty, it is set to the title when you publish; while it repeats the title, a new title takes it along.'}
          onChange={(metaTitle) => onChange({ metaTitle })}
        />
        <TextField
          label="Meta description"
          name="metaDescription"
          multiline
          disabled={disabled}
          value={values.metaDescription}
          hint={disabled ? undefined : 'One or two sentences shown under the title in search results, and on the site’s cards of this page.'}
          onChange={(metaDescription) => onChange({ metaDescription })}
        />
        <TextField
          label="Focus keyword"
          name="focusKeyword"
          disabled={disabled}
          value={values.focusKeyword}
          onChange={(focusKeyword) => onChange({ focusKeyword })}
        />
      </fieldset>
    </>
  );
}
