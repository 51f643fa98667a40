import { useEffect, useRef } from 'react';

// "The website is being rebuilt": raised after every publish, edit, delete and rebuild, so that
// what shows the site's state (the Builds panel) refreshes without a page load.

type Listener = () => void;

const listeners = new Set<Listener>();

export function siteChanged() {
  for (const l of listeners) l();
}

/** Calls fn after every siteChanged() while the component is mounted. */
export function useSiteChanged(fn: () => void) {
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => {
    const l = () => ref.current();
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
}
