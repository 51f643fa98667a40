/**
 * The field people never see and bots fill in (the server keeps a submission with it filled in
 * its spam folder): out of sight and out of the tab order, not hidden from the form post.
 */
export function Honeypot({ prefix, value, onChange }: { prefix: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={`${prefix}-website`}>Website</label>
      <input id={`${prefix}-website`} name="website" type="text" tabIndex={-1} autoComplete="off"
        value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
