// Words and terms, exactly as internal/search (tokenize.go, query.go) makes them: the index is
// built in Go and read here, so a word must become the same term on both sides. The contract
// fixture (testdata/contract.json, written by the Go tests) holds them together.
import { stem as porter2 } from 'porter2';

const MAX_WORD_LEN = 40;
const WORD = /[\p{L}\p{N}\p{M}]/u;
const isWord = (ch: string) => WORD.test(ch);

/** Calls fn with every word of text and its [start, end) offsets (UTF-16). */
export function eachWord(text: string, fn: (word: string, start: number, end: number) => void): void {
  let start = -1;
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const size = ch.length;
    if (isWord(ch)) {
      if (start < 0) start = i;
      i += size;
      continue;
    }
    if (start >= 0 && (ch === "'" || ch === '’') && i + size < text.length) {
      const next = String.fromCodePoint(text.codePointAt(i + size)!);
      if (isWord(next)) {
        i += size;
        continue;
      }
    }
    if (start >= 0) {
      fn(text.slice(start, i), start, i);
      start = -1;
    }
    i += size;
  }
  if (start >= 0) fn(text.slice(start), start, text.length);
}

const ASCII_WORD = /^[A-Za-z0-9]*$/;

/** Lower-cases a word, removes Latin accents and apostrophes; "" for a word never indexed. */
export function fold(word: string): string {
  if (ASCII_WORD.test(word)) return word.length > MAX_WORD_LEN ? '' : word.toLowerCase();
  let out = '';
  for (const ch of word.normalize('NFKD')) {
    const cp = ch.codePointAt(0)!;
    if (cp > 0xffff) return '';
    if (cp >= 0x300 && cp <= 0x36f) continue;
    out += ch.toLowerCase();
  }
  for (const suffix of ["'s", '’s']) if (out.endsWith(suffix)) out = out.slice(0, -suffix.length);
  out = out.replace(/['’]/g, '');
  return [...out].length > MAX_WORD_LEN ? '' : out;
}

const LATIN = /^[a-z]+$/;

/** The Porter2 stem of an English word; other words (digits, Devanagari) are kept whole. */
export function stem(w: string): string {
  if (!LATIN.test(w) || w.length <= 2) return w;
  return porter2(w);
}

export const STOP_WORDS = new Set(`a about above after again against all am an and any are as at be because been before
  being below between both but by can could did do does doing down during each few for from further had has have
  having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no
  nor not now of off on once only or other our ours ourselves out over own same she should so some such than that
  the their theirs them themselves then there these they this those through to too under until up very was we were
  what when where which while who whom why will with would you your yours yourself yourselves
  aur hai hain ka ke ki ko mein se bhi yeh ye kya tha thi`.split(/\s+/));

const isDigit = (s: string) => s.length === 1 && s >= '0' && s <= '9';

/** The term the index files a word under, or "" for a stop word or a lone letter. */
export function term(word: string): string {
  const w = fold(word);
  if (!w || STOP_WORDS.has(w)) return '';
  if ([...w].length === 1 && !isDigit(w)) return '';
  return stem(w);
}

export interface QueryWord { text: string; partial: boolean }

const MAX_QUERY_WORDS = 8;

/** The words of a query to look up; the last is partial unless the query ends after it. */
export function parseQuery(q: string): QueryWord[] {
  const words: { w: string; end: number }[] = [];
  eachWord(q, (word, _s, end) => words.push({ w: fold(word), end }));
  let out: QueryWord[] = [];
  const seen = new Set<string>();
  words.forEach(({ w, end }, i) => {
    const partial = i === words.length - 1 && end === q.length;
    if (!w) return;
    if (!partial && (STOP_WORDS.has(w) || ([...w].length === 1 && !isDigit(w[0])))) return;
    if (seen.has(w) && !partial) return;
    seen.add(w);
    out.push({ text: w, partial });
  });
  if (out.length > MAX_QUERY_WORDS) out = [...out.slice(0, MAX_QUERY_WORDS - 1), out[out.length - 1]];
  if (out.length === 1 && [...out[0].text].length < 2) return [];
  return out;
}
