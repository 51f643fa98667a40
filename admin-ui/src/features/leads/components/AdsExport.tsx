import { useEffect, useId, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { toast } from '../../../lib/toast';
import { downloadAdsConversions } from '../api/leads';

const NAME_KEY = 'adsConversionName';

/** The date n days before today, where the admin is (YYYY-MM-DD; not UTC's: in India until 05:30 that was yesterday). */
function daysAgo(n: number): string {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The Google Ads export: won enquiries that came from a Google ad click, as Google's "conversions
 * from clicks" import file. The conversion name must be the name of an "Import from clicks"
 * conversion action in the Google Ads account; it is remembered in this browser.
 */
export function AdsExport() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [since, setSince] = useState(daysAgo(30));
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) || 'Won lead');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  const download = async () => {
    setBusy(true);
    try {
      localStorage.setItem(NAME_KEY, name.trim());
      saveBlob(await downloadAdsConversions(since, name.trim()), `google-ads-conversions-${daysAgo(0)}.csv`);
      setOpen(false);
    } catch (err) {
      if (!isSessionError(err)) toast.error(errorMessage(err, 'Failed to download the Google Ads file.'));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
      <Download size={18} aria-hidden="true" /> Google Ads conversions
    </button>
  );
  if (!open) return button;
  return (
    <>
      {button}
      <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setOpen(false)}>
        <form className="modal ads-export" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}
          onSubmit={(e) => { e.preventDefault(); void download(); }}
          onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); setOpen(false); } }}>
          <h2 id={`${id}-title`} className="modal-title">Google Ads conversions</h2>
          <p className="muted">
            The won enquiries that came from a Google ad click, as Google Ads' "conversions from clicks" file (in Google Ads:
            Goals, Conversions, Uploads). No name, e-mail or phone is in it. Google takes clicks up to 90 days old.
          </p>
          <div className="field">
            <label htmlFor={`${id}-since`}>Won since</label>
            <input ref={first} id={`${id}-since`} type="date" required value={since} max={daysAgo(0)} onChange={(e) => setSince(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-name`}>Conversion action in Google Ads</label>
            <input id={`${id}-name`} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setOpen(false)}>Cancel</button>
            <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Downloading...' : 'Download'}</button>
          </div>
        </form>
      </div>
    </>
  );
}
