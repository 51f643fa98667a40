import { useId } from 'react';
import type { TrafficDay } from '../api/leads';

export type Metric = 'visitors' | 'visits' | 'pageViews' | 'enquiries' | 'taps';

export const METRICS: { id: Metric; label: string }[] = [
  { id: 'visits', label: 'Visits' },
  { id: 'visitors', label: 'Visitors' },
  { id: 'pageViews', label: 'Page views' },
  { id: 'enquiries', label: 'Enquiries' },
  { id: 'taps', label: 'Calls & WhatsApp' },
];

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "23 Nov" for "2026-11-23" (the day as the site's time zone has it, not the browser's). */
export function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayLabel.format(d);
}

const W = 700;
const H = 200;

/**
 * The days of the period as bars of one metric. The drawing is for the eye only (aria-hidden,
 * a tooltip a bar); a screen reader reads the table of every day and metric behind it.
 */
export function TrafficChart({ series, metric }: { series: TrafficDay[]; metric: Metric }) {
  const captionId = useId();
  const label = METRICS.find((m) => m.id === metric)?.label ?? metric;
  const max = Math.max(1, ...series.map((d) => d[metric]));
  const step = W / Math.max(1, series.length);
  const bar = Math.max(1, step * 0.72);
  // The first, middle and last days: room for them on a phone's width too.
  const ticks = [...new Set([0, Math.floor((series.length - 1) / 2), series.length - 1])];
  return (
    <figure className="traffic-chart">
      <div className="traffic-chart__plot">
        <span className="traffic-chart__max" aria-hidden="true">{max.toLocaleString('en-IN')}</span>
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} className="traffic-chart__axis" />
          <line x1="0" y1="0.5" x2={W} y2="0.5" className="traffic-chart__grid" />
          {series.map((d, i) => {
            const h = (d[metric] / max) * (H - 4);
            return (
              <rect key={d.day} x={i * step + (step - bar) / 2} y={H - h} width={bar} height={Math.max(h, d[metric] > 0 ? 1 : 0)} className="traffic-chart__bar">
                <title>{`${shortDay(d.day)}: ${d[metric].toLocaleString('en-IN')} ${label.toLowerCase()}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="traffic-chart__days" aria-hidden="true">
        {ticks.map((i) => (
          <span key={i} style={{ left: `${((i + 0.5) / series.length) * 100}%` }}>{shortDay(series[i].day)}</span>
        ))}
      </div>
      <figcaption className="sr-only" id={captionId}>{label} by day</figcaption>
      {/* A table's box does not shrink to the visually hidden 1 px: its wrapper does. */}
      <div className="sr-only">
        <table aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {METRICS.map((m) => (
                <th scope="col" key={m.id}>{m.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.day}>
                <th scope="row">{shortDay(d.day)}</th>
                {METRICS.map((m) => (
                  <td key={m.id}>{d[m.id]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
