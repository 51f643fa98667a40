import { blogKind } from '../features/blogs/kind';
import { serviceKind } from '../features/services/kind';
import type { ContentKind } from '../features/content/kind';

/** Every kind of content the admin manages, in the order the dashboard and the menu show them. */
export const KINDS: ContentKind[] = [blogKind, serviceKind];
