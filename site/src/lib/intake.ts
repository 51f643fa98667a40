// The second intake, loaded only after the form endpoint could not be reached (a chunk of its
// own): the enquiry, with its id, is written to the agency's private intake bucket by S3's POST
// Object, with the upload policy the admin server signs and the site publishes (/intake.json, a
// short max-age). The admin server drains the bucket as soon as it runs again.

interface IntakePolicy {
  enabled: boolean;
  url: string;                    // the bucket's upload URL
  prefix: string;                 // where enquiries go: "intake/"
  expires: string;                // ISO 8601; the policy is re-signed daily
  fields: Record<string, string>; // the signed policy's form fields
}

/** Writes one enquiry (its JSON body) to the intake bucket; rejects when that is not possible. */
export async function sendToIntake(id: string, body: string): Promise<void> {
  const res = await fetch('/intake.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`intake policy: HTTP ${res.status}`);
  const p = (await res.json()) as IntakePolicy;
  if (!p.enabled || !(Date.parse(p.expires) > Date.now())) throw new Error('the intake is switched off');
  let last = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const form = new FormData();
    form.append('key', `${p.prefix}${id}.json`);
    for (const [k, v] of Object.entries(p.fields)) form.append(k, v);
    form.append('file', new Blob([body], { type: 'application/json' }));
    try {
      const up = await fetch(p.url, { method: 'POST', body: form });
      if (up.ok) return;
      last = `HTTP ${up.status}`;
      if (up.status < 500) break; // refused by the policy: a second try is refused too
    } catch (err) {
      last = String(err);
    }
  }
  throw new Error(`intake upload: ${last}`);
}
