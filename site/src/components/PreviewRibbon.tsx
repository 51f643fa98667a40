import { Eye } from '../lib/lucide';

/** Shown on the admin's preview render of a draft, never on the public page. */
export function PreviewRibbon() {
  return (
    <div className="preview-ribbon" role="note">
      <Eye aria-hidden="true" size={18} />
      <strong>Preview</strong>
      <span>This draft is not published yet. Visitors cannot see it.</span>
    </div>
  );
}
