// Turns ranked hits into what the search box and the search page show: title, kind, date,
// address and an excerpt, with the query's words marked.
import { SearchEngine, type Hit, type SearchDoc } from './engine';
import { excerpt, highlight, matcher, type Matcher, type Segment } from './excerpt';

export interface Item {
  id: number;
  url: string;
  kind: string;
  date?: string;
  title: Segment[];
  excerpt: Segment[];
}

export interface Answer {
  query: string;
  words: number;
  hits: Hit[];
  total: number;        // pages matching every word, or any word when none matches every one
  partial: boolean;     // no page matches every word: the hits match some
  match: Matcher;
  items: Item[];        // the first hits, with their docs
}

export function itemOf(id: number, doc: SearchDoc, match: Matcher, chars: number): Item {
  // The description, then the page's text, then its headings: of windows with as many of the
  // query's words, the earliest wins.
  const heads = (doc.h ?? []).map((h) => (/[.?!:…]$/.test(h) ? h : h + '.')).join(' ');
  const text = [doc.x, doc.b, heads].filter(Boolean).join(' ');
  const ex = excerpt(text, match, chars) ?? highlight(clip(doc.x || doc.b || '', chars), match);
  return { id, url: doc.u, kind: doc.k, date: doc.d, title: highlight(doc.t, match), excerpt: ex };
}

function clip(text: string, n: number): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  const space = cut.lastIndexOf(' ');
  return (space > n / 2 ? cut.slice(0, space) : cut).trim() + '…';
}

/** A partial last word shorter than this is left out while a visitor types. */
export const TYPING_MIN_LETTERS = 4;

/** The query to look up while a visitor types, or '' for none: a partial last word of one to
 *  three letters ("local se", "che", "goo") narrows little (its prefix spreads over many terms and
 *  changes the results at the next letter), yet costs a lookup and the doc files of its results,
 *  so the words before it stand, and a query of such a word alone waits. (The box looks the
 *  whole query up once typing has paused a little longer.) */
export function typingQuery(q: string): string {
  const m = q.match(/^(.*?)(\S+)$/su);
  if (!m || [...m[2]].length >= TYPING_MIN_LETTERS) return q;
  return m[1].trim() ? m[1] : '';
}

export class Searcher {
  private answers = new Map<string, Answer>();

  constructor(readonly engine = new SearchEngine(), readonly chars = 160) {}

  /** Ranks q and reads the docs of its first limit hits, unless current() says by then that
   *  the visitor has typed on (the answer is then null and no doc file is read). */
  async run(q: string, limit: number, current: () => boolean = () => true): Promise<Answer | null> {
    const key = limit + '\u0000' + q;
    const cached = this.answers.get(key);
    if (cached) return cached;
    const res = await this.engine.search(q);
    if (!current()) return null;
    const full = res.hits.filter((h) => h.matched === res.words.length).length;
    const match = matcher(res.terms);
    const answer: Answer = {
      query: q, words: res.words.length, hits: res.hits, total: full || res.hits.length,
      partial: full === 0 && res.hits.length > 0, match, items: [],
    };
    // A page with every word first; the rest only when none has them all.
    answer.hits = full > 0 ? res.hits.slice(0, full) : res.hits;
    answer.items = await this.items(answer, 0, limit);
    if (this.answers.size >= 32) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }

  /** The items of hits from…from+count of an answer. */
  async items(a: Answer, from: number, count: number): Promise<Item[]> {
    const hits = a.hits.slice(from, from + count);
    const docs = await Promise.all(hits.map((h) => this.engine.doc(h.id)));
    return docs.map((d, i) => itemOf(hits[i].id, d, a.match, this.chars));
  }
}
