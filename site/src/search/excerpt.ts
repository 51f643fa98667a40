// Excerpts and highlighting: which words of a text match the query's terms, and the window of a
// page's text that shows the most of them.
import { eachWord, fold, term } from './tokenize';

export interface Segment { text: string; mark: boolean }

/** A function that says which query word (0…) a word of text matches, or -1. */
export type Matcher = (word: string) => number;

/** Builds a matcher from a SearchResult's terms: "googl" matches by stem, "googl*" by prefix. */
export function matcher(terms: string[][]): Matcher {
  const cache = new Map<string, number>();
  return (word) => {
    let hit = cache.get(word);
    if (hit !== undefined) return hit;
    hit = -1;
    const t = term(word);
    const f = fold(word);
    terms.forEach((ts, i) => {
      if (hit !== -1) return;
      for (const x of ts) {
        if (x.endsWith('*') ? (t.startsWith(x.slice(0, -1)) || f.startsWith(x.slice(0, -1))) : t === x) {
          hit = i;
          return;
        }
      }
    });
    cache.set(word, hit);
    return hit;
  };
}

/** Splits text into plain and marked segments. */
export function highlight(text: string, match: Matcher): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  eachWord(text, (w, s, e) => {
    if (match(w) < 0) return;
    if (s > last) out.push({ text: text.slice(last, s), mark: false });
    out.push({ text: text.slice(s, e), mark: true });
    last = e;
  });
  if (last < text.length) out.push({ text: text.slice(last), mark: false });
  return out;
}

/**
 * The part of text, at most max characters, that holds the most distinct query words (then the
 * most matches, then the earliest), starting at a sentence or word boundary, with "…" where it was
 * cut. Null when no word of text matches.
 */
export function excerpt(text: string, match: Matcher, max: number): Segment[] | null {
  const hits: { s: number; e: number; word: number }[] = [];
  eachWord(text, (w, s, e) => {
    const i = match(w);
    if (i >= 0) hits.push({ s, e, word: i });
  });
  if (hits.length === 0) return null;
  const lead = Math.min(40, Math.floor(max / 4));
  let best = { start: 0, distinct: -1, count: 0 };
  for (let a = 0; a < hits.length; a++) {
    const start = Math.max(0, hits[a].s - lead);
    const words = new Set<number>();
    let count = 0;
    for (let b = a; b < hits.length && hits[b].e <= start + max; b++) {
      words.add(hits[b].word);
      count++;
    }
    if (words.size > best.distinct || (words.size === best.distinct && count > best.count)) {
      best = { start, distinct: words.size, count };
    }
  }
  let start = best.start;
  if (start > 0) {
    // Begin at a sentence when one starts shortly before, otherwise at the next word.
    const sentence = text.lastIndexOf('. ', hits.find((h) => h.s >= start)!.s);
    if (sentence >= 0 && sentence + 2 >= start - lead) start = sentence + 2;
    else {
      const space = text.indexOf(' ', start);
      if (space >= 0 && space < start + lead) start = space + 1;
    }
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
  }
  const segs = highlight(text.slice(start, end).trim(), match);
  if (start > 0) segs.unshift({ text: '…', mark: false });
  if (end < text.length) segs.push({ text: '…', mark: false });
  return segs;
}
