import { useEffect, useState } from 'react';
import { CATEGORY_SUGGESTIONS } from '../../components/TextField';
import { useConfirm } from '../../components/ConfirmDialog';
import { listItems } from './api/content';
import type { ContentItem, ContentKind } from './kind';

/**
 * The categories a kind already uses (published and drafts), most used first, each in its most
 * common spelling; then the usual suggestions not among them. A typo should not make a new one.
 */
export function categoriesOf(lists: ContentItem[][]): string[] {
  const counts = new Map<string, Map<string, number>>();
  for (const item of lists.flat()) {
    const name = (item.category ?? '').trim();
    if (!name) continue;
    const key = name.toLowerCase();
    const spellings = counts.get(key) ?? new Map<string, number>();
    spellings.set(name, (spellings.get(name) ?? 0) + 1);
    counts.set(key, spellings);
  }
  const used = [...counts.values()]
    .map((spellings) => {
      const [best] = [...spellings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return { name: best[0], count: [...spellings.values()].reduce((a, b) => a + b, 0) };
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .map((c) => c.name);
  const seen = new Set(used.map((c) => c.toLowerCase()));
  return [...used, ...CATEGORY_SUGGESTIONS.filter((c) => !seen.has(c.toLowerCase()))];
}

/** The kind's categories for a datalist; the usual suggestions until (or unless) the lists load. */
export function useCategories(kind: ContentKind): string[] {
  const [categories, setCategories] = useState<string[]>(() => categoriesOf([]));
  useEffect(() => {
    let live = true;
    const quiet = (p: Promise<ContentItem[]>) => p.catch(() => [] as ContentItem[]);
    void Promise.all([quiet(listItems(kind, 'published')), quiet(listItems(kind, 'preview'))]).then(
      (lists) => live && setCategories(categoriesOf(lists)),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  return categories;
}

const sameTitle = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** A published item other than `self` with the same slug, or else the same title. */
export function findClash(published: ContentItem[], title: string, self: { _id?: string; slug: string }) {
  const others = published.filter((p) => !(self._id && p._id === self._id));
  const slug = others.find((p) => p.slug === self.slug);
  if (slug) return { by: 'slug' as const, item: slug };
  const named = others.find((p) => sameTitle(p.title, title));
  return named ? { by: 'title' as const, item: named } : null;
}

/**
 * Before an item goes live under a title and slug: looks at what the kind has published and, when
 * another item has the same address, answers why it cannot go live (the server would refuse);
 * when another has the same title, asks whether to publish anyway. Answers "" to go ahead, the
 * reason to stop, or null when the admin chose not to go on.
 */
export function useClashCheck(kind: ContentKind) {
  const confirm = useConfirm();
  return async (title: string, self: { _id?: string; slug: string }): Promise<string | null> => {
    let published: ContentItem[];
    try {
      published = await listItems(kind, 'published');
    } catch {
      return ''; // The server still refuses a taken address; a title check is not worth blocking on.
    }
    const clash = findClash(published, title, self);
    if (!clash) return '';
    const where = kind.site.page(clash.item.slug);
    if (clash.by === 'slug') {
      return `The address ${where} is already used by the published ${kind.noun} “${clash.item.title}”. Delete that one or start a draft with another title.`;
    }
    const ok = await confirm({
      title: 'Same title as a live page',
      message: `A published ${kind.noun} already has this title, at ${where}:`,
      detail: clash.item.title,
      confirmLabel: 'Publish anyway',
    });
    return ok ? '' : null;
  };
}
