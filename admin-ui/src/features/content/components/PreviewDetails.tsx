import { Trash2 } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import type { ContentItem, ContentKind } from '../kind';

/** A draft's fields as the preview screen lists them, with its picture (removable where the kind allows). */
export function PreviewDetails({ kind, item, onRemoveImage, removing, disabled }: {
  kind: ContentKind;
  item: ContentItem;
  onRemoveImage?: () => void;
  removing: boolean;
  disabled: boolean;
}) {
  return (
    <section className="card" aria-labelledby="fields-heading">
      <h2 id="fields-heading">Details</h2>
      <dl className="details">
        <dt>Title</dt>
        <dd>{item.title}</dd>
        <dt>Address</dt>
        <dd>
          <code>{kind.site.page(item.slug)}</code>
        </dd>
        <dt>Category</dt>
        <dd>{item.category || 'Uncategorized'}</dd>
        <dt>Meta title</dt>
        <dd>{item.metaTitle || <span className="muted">Same as the title</span>}</dd>
        <dt>Meta description</dt>
        <dd>{item.metaDescription || <span className="muted">Not set</span>}</dd>
        <dt>Focus keyword</dt>
        <dd>{item.focusKeyword || <span className="muted">Not set</span>}</dd>
        <dt>Saved</dt>
        <dd>{formatDateTime(item.updatedAt || item.createdAt)}</dd>
        <dt>{kind.image.label}</dt>
        <dd>
          {item.image ? (
            <span className="inline-image">
              <img src={item.image} alt={kind.image.label} className="thumb-small" />
              {onRemoveImage && (
                <button type="button" className="btn btn-secondary btn-small" onClick={onRemoveImage} disabled={disabled}>
                  <Trash2 size={16} aria-hidden="true" /> {removing ? 'Removing...' : 'Remove image'}
                </button>
              )}
            </span>
          ) : (
            <span className="muted">None (the site's default picture is used)</span>
          )}
        </dd>
      </dl>
    </section>
  );
}
