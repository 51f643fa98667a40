import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, isSessionError } from '../../../lib/api-client';
import { PageHeader } from '../../../components/PageHeader';
import { Spinner } from '../../../components/Spinner';
import { channelLabel, trafficReport, type TrafficReport, type TrafficRow } from '../api/leads';
import { METRICS, shortDay, TrafficChart, type Metric } from './TrafficChart';
import '../leads.css';

const PERIODS = [7, 30, 90];
const OTHER = '(other)';

export function percent(rate: number | null): string {
  if (rate === null) return '—';
  return `${(rate * 100).toLocaleString('en-IN', { maximumFractionDigits: rate < 0.1 ? 1 : 0 })} %`;
}

const n = (v: number | undefined) => (v ?? 0).toLocaleString('en-IN');

/** /admin/traffic (admins): the first-party visitor counts, by day, landing page, channel and campaign. */
export function TrafficPage() {
  const [params, setParams] = useSearchParams();
  const days = PERIODS.includes(Number(params.get('days'))) ? Number(params.get('days')) : 30;
  const [metric, setMetric] = useState<Metric>('visits');
  const [report, setReport] = useState<TrafficReport | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    setFailed('');
    trafficReport(days, ctl.signal)
      .then(setReport)
      .catch((err) => {
        if (!ctl.signal.aborted && !isSessionError(err)) setFailed(errorMessage(err, 'Failed to load the visitor counts.'));
      });
    return () => ctl.abort();
  }, [days]);

  const shown = report && report.days === days ? report : null;
  return (
    <>
      <PageHeader
        title="Traffic"
        intro="Visitors, page views and enquiries, counted on this server without cookies or outside scripts. Days are in the site's time zone."
      />
      <div className="card traffic-tools">
        <div className="folders" role="group" aria-label="Period">
          {PERIODS.map((p) => (
            <button key={p} type="button" className={`folder${p === days ? ' active' : ''}`} aria-pressed={p === days}
              onClick={() => setParams(p === 30 ? {} : { days: String(p) }, { replace: true })}>
              Last {p} days
            </button>
          ))}
        </div>
        {shown && <p className="muted">{shortDay(shown.first)} to {shortDay(shown.last)} · {shown.timeZone}</p>}
      </div>
      {failed && <p className="card form-error" role="alert">{failed}</p>}
      {!shown && !failed && <Spinner />}
      {shown && <Report report={shown} metric={metric} onMetric={setMetric} />}
    </>
  );
}

function Report({ report, metric, onMetric }: { report: TrafficReport; metric: Metric; onMetric: (m: Metric) => void }) {
  const t = report.totals;
  const empty = t.pageViews === 0 && t.enquiries === 0;
  return (
    <>
      {report.attribution === 'off' && (
        <p className="card muted">Counting is off: <code>attribution: off</code> in content/site.yaml. The pages send no beacon and enquiries keep no source.</p>
      )}
      <ul className="traffic-totals" aria-label="Totals of the period">
        <Total label="Visitors" value={n(t.visitors)} note="each counted once a day" />
        <Total label="Visits" value={n(t.visits)} />
        <Total label="Page views" value={n(t.pageViews)} />
        <Total label="Enquiries" value={n(t.enquiries)} />
        <Total label="Calls & WhatsApp" value={n((t.calls ?? 0) + (t.chats ?? 0))}
          note={`${n(t.calls ?? 0)} call ${t.calls === 1 ? 'tap' : 'taps'} · ${n(t.chats ?? 0)} WhatsApp`} />
        <Total label="Conversion rate" value={percent(t.rate)} note={`${n(t.conversions)} from ${n(t.visits)} counted visits`} />
      </ul>
      <section className="card" aria-labelledby="traffic-days">
        <div className="card-header">
          <h2 id="traffic-days">By day</h2>
          <fieldset className="traffic-metric">
            <legend className="sr-only">Show</legend>
            {METRICS.map((m) => (
              <label key={m.id} className={metric === m.id ? 'active' : ''}>
                <input type="radio" name="traffic-metric" value={m.id} checked={metric === m.id} onChange={() => onMetric(m.id)} />
                {m.label}
              </label>
            ))}
          </fieldset>
        </div>
        {empty ? (
          <p className="muted empty">No visit counted in this period yet. Pages built with this version count their visitors once they are visited.</p>
        ) : (
          <TrafficChart series={report.series} metric={metric} />
        )}
      </section>
      <div className="traffic-tables">
        <RowsTable title="Landing pages" keyLabel="Page" rows={report.landingPages} views />
        <RowsTable title="Channels" keyLabel="Channel" rows={report.channels} label={channelLabel} />
        <RowsTable title="Campaigns" keyLabel="Campaign (utm_campaign)" rows={report.campaigns} />
        <RowsTable title="Referring sites" keyLabel="Site" rows={report.referrers} rate={false} />
        <RowsTable title="Devices" keyLabel="Device" rows={report.devices} rate={false} label={(k) => k.charAt(0).toUpperCase() + k.slice(1)} />
      </div>
      <Notes report={report} />
    </>
  );
}

function Total({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <li className="card traffic-total">
      <span className="traffic-total__label">{label}</span>
      <strong className="traffic-total__value">{value}</strong>
      {note && <span className="muted traffic-total__note">{note}</span>}
    </li>
  );
}

function RowsTable({ title, keyLabel, rows, views = false, rate = true, label = (k: string) => k }: {
  title: string; keyLabel: string; rows: TrafficRow[]; views?: boolean; rate?: boolean; label?: (k: string) => string;
}) {
  const id = `traffic-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted empty">None in this period.</p>
      ) : (
        <div className="table-wrap">
          <table className="table traffic-table" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">{keyLabel}</th>
                <th scope="col" className="num">Visits</th>
                {views && <th scope="col" className="num wide-only">Page views</th>}
                {rate && <th scope="col" className="num wide-only">Converted</th>}
                {rate && <th scope="col" className="num">Rate</th>}
                {rate && <th scope="col" className="num">Enquiries</th>}
                {rate && <th scope="col" className="num">Called or WhatsApped</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="traffic-key">{r.key === OTHER ? <span className="muted">Other</span> : label(r.key ?? '')}</th>
                  <td className="num">{n(r.visits)}</td>
                  {views && <td className="num wide-only">{n(r.pageViews)}</td>}
                  {rate && <td className="num wide-only">{n(r.conversions)}</td>}
                  {rate && <td className="num">{percent(r.rate)}</td>}
                  {rate && <td className="num">{n(r.enquiries)}</td>}
                  {rate && <td className="num">{n(r.taps ?? 0)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Notes({ report }: { report: TrafficReport }) {
  const { notes } = report;
  return (
    <section className="card traffic-notes" aria-labelledby="traffic-notes">
      <h2 id="traffic-notes">How these are counted</h2>
      <ul>
        <li>
          A visitor is one browser on one day: the server hashes a random salt of the day with the address and the browser's name,
          and keeps the salt in memory only, so the same visitor on two days counts twice and a visitor cannot be followed.
          A restart of the server during a day starts a new salt, so that day counts some visitors twice
          {notes.restartDays.length > 0 ? ` (in this period: ${notes.restartDays.map(shortDay).join(', ')})` : ''}.
        </li>
        <li>
          Converted: the counted visits during which an enquiry was sent (one at most a visit); the rate is those over
          visits, each row by where that visit came from. Enquiries are counted by where each enquiry says its visitor came from:
          the last site or campaign that brought them in that tab, so a visit typed in after an ad converts as direct while its
          enquiry is the ad's. Enquiries also counts those from visitors who were not counted (they ask not to be tracked, or their
          browser runs no script).
        </li>
        <li>
          Calls & WhatsApp: the taps on the site's call and WhatsApp links (the floating buttons, the landing pages' Call
          button, the numbers in the footer and on the contact page). Whether the call was made or the message sent, no site can
          tell. Called or WhatsApped: the counted visits with such a tap (one at most a visit), each row by where that visit
          came from.
        </li>
        <li>
          Not counted: bots and previews ({n(notes.bots)}), visitors whose browser asks not to be tracked (Do Not Track, Global
          Privacy Control), malformed beacons ({n(notes.invalid)}) and beacons over the flood limit ({n(notes.shed)}).
          {notes.capped ? ' Today more visitors came than the server remembers: past that bound each visit counts as a new visitor.' : ''}
        </li>
      </ul>
    </section>
  );
}
