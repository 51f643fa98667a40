import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ENQUIRIES_CHANGED, messageCounts } from '../api/messages';

/**
 * How many enquiries are new, beside the menu's Enquiries link: read again on every move between
 * screens and when the inbox changes one, so an owner sees a new lead from wherever they are in
 * the admin. Nothing when none is new or the count cannot be read.
 */
export function NewEnquiriesCount() {
  const { pathname } = useLocation();
  const [n, setN] = useState(0);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const changed = () => setChanges((c) => c + 1);
    window.addEventListener(ENQUIRIES_CHANGED, changed);
    return () => window.removeEventListener(ENQUIRIES_CHANGED, changed);
  }, []);
  useEffect(() => {
    let live = true;
    messageCounts()
      .then((c) => live && setN(c.new))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathname, changes]);
  if (n <= 0) return null;
  return (
    <span className="nav-count">
      {n}
      <span className="sr-only"> new</span>
    </span>
  );
}
