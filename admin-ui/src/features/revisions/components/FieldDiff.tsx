import { ImageOff } from 'lucide-react';
import type { FieldChange } from '../diff';
import '../revisions.css';

function Picture({ src, label }: { src: string; label: string }) {
  return src ? (
    <img src={src} alt={label} className="thumb-small" />
  ) : (
    <span className="muted">
      <ImageOff size={16} aria-hidden="true" /> none
    </span>
  );
}

/** One changed field: words taken out struck through, words put in underlined. */
export function FieldDiff({ change }: { change: FieldChange }) {
  return (
    <div className="diff-field">
      <h3>{change.label}</h3>
      {change.parts ? (
        <p className="diff-text">
          {change.parts.map((p, i) =>
            p.added ? (
              <ins key={i}>{p.value}</ins>
            ) : p.removed ? (
              <del key={i}>{p.value}</del>
            ) : (
              <span key={i}>{p.value}</span>
            ),
          )}
        </p>
      ) : (
        <p className="diff-images">
          <Picture src={change.before} label="Before" /> <span aria-hidden="true">→</span> <Picture src={change.after} label="After" />
        </p>
      )}
    </div>
  );
}
