// A counter that every screen part bumps after it changed content (delete, restore, unpublish,
// schedule), so the other panels of the dashboard load again instead of going stale.
import { useSyncExternalStore } from 'react';
import { siteChanged } from './site-events';

let version = 0;
const listeners = new Set<() => void>();

/** Says that content changed: panels that use useContentVersion load again, and (the site may be rebuilding) the Builds panel. */
export function contentChanged() {
  version++;
  for (const l of listeners) l();
  siteChanged();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** A number that grows with every contentChanged(); put it in a load's dependencies. */
export function useContentVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => version);
}
