import type { Segment } from './excerpt';

/** Text with the query's words in <mark>. */
export function Marked({ segs }: { segs: Segment[] }) {
  return <>{segs.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text))}</>;
}
