import { Field } from '../../../components/Field';
import type { ContentKind } from '../kind';

/** A live item's address (slug): a new one moves the page, and its old address redirects there. */
export function AddressField({ kind, current, value, error, onChange }: { kind: ContentKind; current: string; value: string; error: string; onChange: (slug: string) => void }) {
  const next = value.trim();
  return (
    <Field
      label="Slug (web address)"
      error={error}
      hint={
        next !== current
          ? `The page moves to ${kind.site.page(next || '…')}; its old address ${kind.site.page(current)} will redirect there.`
          : `The page is at ${kind.site.page(current)}. Change it to move the page; the old address will redirect.`
      }
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name="slug"
          value={value}
          onChange={(ev) => onChange(ev.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
}
