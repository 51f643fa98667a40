import { PreviewFrame } from '../../../components/PreviewFrame';
import { renderEdit, type Stage } from '../api/content';
import type { ContentDraft, ContentKind } from '../kind';

/**
 * The page as it would look with the form's unsaved changes, rendered by the server; shown once
 * "Preview changes" is pressed (`shown` counts the presses, each renders afresh).
 */
export function ChangesPreview({ kind, stage, slug, values, image, shown, heading }: {
  kind: ContentKind;
  stage: Stage;
  slug: string;
  values: ContentDraft;
  image: () => Promise<string | undefined>;
  shown: number;
  heading: string;
}) {
  if (shown === 0) return null;
  return (
    <PreviewFrame
      load={async () => renderEdit(kind, stage, slug, values, await image())}
      version={shown}
      title={`${values.title} (unsaved changes)`}
      heading={heading}
    />
  );
}
