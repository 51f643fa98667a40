import { useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { copyText } from '../lib/clipboard';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * A value to hand over (an invitation link, a webhook's secret): shown in a read-only field,
 * with a Copy button. Where the browser does not let the page copy (plain http, a refused
 * permission), the field is selected and the user is told which keys copy it.
 */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    const how = await copyText(value, field.current);
    setSaid(how === 'copied' ? 'Copied.' : `Your browser did not let the page copy. The text is selected: press ${MAC ? '⌘C' : 'Ctrl+C'} to copy it.`);
  };
  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <div className="copy-row">
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {said === 'Copied.' ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />} Copy
        </button>
      </div>
      <p className="hint copy-said" role="status">
        {said}
      </p>
    </div>
  );
}
