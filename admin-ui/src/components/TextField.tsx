import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  multiline?: boolean;
}

/** One labelled text input (or textarea) with its hint and error. */
export function TextField({ label, value, onChange, error, hint, required, multiline, ...rest }: Props) {
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <textarea
            id={id}
            value={value}
            required={required}
            disabled={rest.disabled}
            readOnly={rest.readOnly}
            name={rest.name}
            rows={3}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <input
            {...rest}
            id={id}
            value={value}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}

export const CATEGORY_SUGGESTIONS = ['Digital Marketing', 'SEO', 'Social Media', 'Web Development', 'Graphic Design', 'Google Ads'];

/** The datalist of a category field, rendered once per form. */
export function CategoryOptions({ id, options = CATEGORY_SUGGESTIONS }: { id: string; options?: string[] }) {
  return (
    <datalist id={id}>
      {options.map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}
