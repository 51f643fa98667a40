import { useId, type ReactNode } from 'react';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { CategoryOptions, TextField } from '../../../components/TextField';
import type { ContentDraft, ContentKind, DraftErrors } from '../kind';
import { useCategories } from '../use-published';
import '../content.css';

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

// About what Google shows of a page's title and description before it cuts them with "…".
export const TITLE_SHOWN = 60;
export const DESCRIPTION_SHOWN = 160;

/** How long a meta field is against what Google shows of it ("" while it is empty). */
export function lengthNote(n: number, shown: number, what: string, taken = false): string {
  if (n === 0) return '';
  if (taken) {
    // The field is empty and the page's title stands in for it.
    return n > shown
      ? ` The title it takes has ${n} characters: Google shows about ${shown}, so its end will be cut off.`
      : ` The title it takes has ${n} of the about ${shown} characters Google shows.`;
  }
  return n > shown
    ? ` ${n} characters: Google shows about ${shown}, so the end of this ${what} will be cut off.`
    : ` ${n} of the about ${shown} characters Google shows.`;
}

/** Whether the focus keyword is in the meta title and description, in words an editor acts on. */
export function keywordNote(keyword: string, title: string, description: string): string {
  const k = keyword.trim().toLowerCase();
  if (!k) return 'The words people would search for to find this page.';
  const missing = [title.toLowerCase().includes(k) ? '' : 'meta title', description.toLowerCase().includes(k) ? '' : 'meta description'].filter(Boolean);
  return missing.length === 0
    ? `“${keyword.trim()}” is in the meta title and the meta description.`
    : `“${keyword.trim()}” is not in the ${missing.join(' or the ')}: searchers see their words in bold there, and click more.`;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * The text fields of any kind, labelled and marked the same on every screen (the text is
 * required wherever it is written); the screens add the picture and the buttons.
 */
export function ContentFields(props: Props) {
  const { kind, values, onChange, errors, metaDisabled: disabled, afterTitle } = props;
  const listId = useId();
  const categories = useCategories(kind);
  // What Google would show: the meta title, or the title it is set to on publishing.
  const shownTitle = values.metaTitle.trim() || values.title.trim();
  const description = values.metaDescription.trim();
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
          hint={disabled ? undefined : 'Shown as the page title in Google. Left empty, it is set to the title when you publish; while it repeats the title, a new title takes it along.' + lengthNote(shownTitle.length, TITLE_SHOWN, 'title', !values.metaTitle.trim())}
          onChange={(metaTitle) => onChange({ metaTitle })}
        />
        <TextField
          label="Meta description"
          name="metaDescription"
          multiline
          disabled={disabled}
          value={values.metaDescription}
          hint={disabled ? undefined : 'One or two sentences shown under the title in search results, and on the site’s cards of this page.' + lengthNote(description.length, DESCRIPTION_SHOWN, 'description')}
          onChange={(metaDescription) => onChange({ metaDescription })}
        />
        <TextField
          label="Focus keyword"
          name="focusKeyword"
          disabled={disabled}
          value={values.focusKeyword}
          hint={disabled ? undefined : keywordNote(values.focusKeyword, shownTitle, description)}
          onChange={(focusKeyword) => onChange({ focusKeyword })}
        />
        {!disabled && shownTitle && (
          <figure className="search-preview" aria-label="How Google may show it">
            <figcaption className="hint">How Google may show it</figcaption>
            <p className="search-preview__title">{cut(shownTitle, TITLE_SHOWN)}</p>
            <p className="search-preview__text">{description ? cut(description, DESCRIPTION_SHOWN) : 'Without a meta description Google picks a passage of the text.'}</p>
          </figure>
        )}
      </fieldset>
    </>
  );
}
