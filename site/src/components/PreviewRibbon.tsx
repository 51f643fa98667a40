import { Eye } from '../lib/lucide';

/** Shown on the admin's preview render of a draft or of changes to a live page, never on the public page. */
export function PreviewRibbon() {
  return (
    <div className="preview-ribbon" role="note">
      <Eye aria-hidden="true" size={18} />
      <strong>Preview</strong>
      <span>What you see here is not on the website yet: visitors cannot see it.</span>
    </div>
  );
}
