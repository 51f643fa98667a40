// The browser's side of the site search: reads the manifest, fetches only the chunks of the
// words looked up (and the doc files of the results shown), and ranks exactly as the reference
// in internal/search/query.go does. Every file is raw DEFLATE, inflated by the browser's own
// DecompressionStream: no WebAssembly, nothing the Content-Security-Policy must allow.
import { parseQuery, stem, STOP_WORDS, type QueryWord } from './tokenize';

export const MANIFEST_PATH = '/search/index.bin';

interface Segment { k: string[]; f: string[]; p?: Record<string, string> }
interface Manifest {
  v: number; n: number; a: string; d: string; q: [number, number]; x?: number[]; s: Segment[];
  k?: string[]; e: number; // doc packs of the base, and the first id past them
}

// A base doc lives in slot id % PACK_DOCS of pack id / PACK_DOCS: a uint16 length, the doc's
// compressed bytes, zeros (internal/search/index.go, encodePack).
const PACK_DOCS = 256;
const DOC_SLOT = 768;

/** One posting list: doc ids and their impact levels. */
interface Entry { key: string; df: number; docs: Uint32Array; levels: Uint8Array }

/** What a doc file holds: the page's address, kind, title, date, description, headings, text. */
export interface SearchDoc { u: string; k: string; t: string; d?: string; x?: string; h?: string[]; b?: string }

export interface Hit { id: number; score: number; matched: number }

export interface SearchResult {
  words: QueryWord[];
  hits: Hit[];          // every page matching any word, best first
  terms: string[][];    // per word, the terms it matched ("googl", or "googl*" for a prefix)
}

/** Loads a site path, or the bytes [start, end) of it, and answers them; throws NotFound when
 *  the file is gone. */
export type Loader = (path: string, range?: [number, number]) => Promise<ArrayBuffer>;

export class NotFound extends Error {}

export const fetchLoader: Loader = async (path, range) => {
  const headers: Record<string, string> = range ? { Range: `bytes=${range[0]}-${range[1] - 1}` } : {};
  const res = await fetch(path, { credentials: 'same-origin', headers });
  if (res.status === 404) throw new NotFound(path);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const body = await res.arrayBuffer();
  // A host that ignores ranges answers the whole file.
  return range && res.status !== 206 ? body.slice(range[0], range[1]) : body;
};

export async function inflate(data: ArrayBuffer): Promise<Uint8Array> {
  const stream = new Response(data).body!.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

class Reader {
  pos = 0;
  constructor(readonly b: Uint8Array) {}
  uvarint(): number {
    let x = 0;
    let mul = 1;
    for (;;) {
      if (this.pos >= this.b.length) throw new Error('search: corrupt index file');
      const c = this.b[this.pos++];
      x += (c & 0x7f) * mul;
      if (c < 0x80) return x;
      mul *= 128;
    }
  }
}

const utf8 = new TextDecoder();

/** Decodes a chunk or summary file (the format is described in internal/search/format.go). */
export function decodeEntries(b: Uint8Array): Entry[] {
  const r = new Reader(b);
  const n = r.uvarint();
  const out: Entry[] = [];
  let prev = new Uint8Array(0);
  for (let i = 0; i < n; i++) {
    const shared = r.uvarint();
    const sl = r.uvarint();
    const keyBytes = new Uint8Array(shared + sl);
    keyBytes.set(prev.subarray(0, shared));
    keyBytes.set(b.subarray(r.pos, r.pos + sl), shared);
    r.pos += sl;
    const df = r.uvarint();
    const end = r.uvarint() + r.pos;
    const docs: number[] = [];
    const levels: number[] = [];
    while (r.pos < end) {
      const level = r.uvarint();
      const count = r.uvarint();
      let doc = 0;
      for (let k = 0; k < count; k++) {
        doc += r.uvarint();
        docs.push(doc);
        levels.push(level);
      }
    }
    out.push({ key: utf8.decode(keyBytes), df, docs: Uint32Array.from(docs), levels: Uint8Array.from(levels) });
    prev = keyBytes;
  }
  return out;
}

const PREFIX_WEIGHT = 0.7;

// Keys are compared as Go compares strings (by UTF-8 bytes); for the Basic Multilingual Plane,
// which is all the index holds, that is JavaScript's order of UTF-16 code units.
function upperBound(keys: string[], t: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function lowerBound(es: Entry[], key: string): number {
  let lo = 0;
  let hi = es.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (es[mid].key >= key) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const chunkOf = (keys: string[], t: string) => upperBound(keys, t) - 1;

function needsSummary(keys: string[], p: string): boolean {
  const i = upperBound(keys, p);
  return i < keys.length && keys[i].startsWith(p);
}

function findEntry(es: Entry[], key: string): Entry | undefined {
  const i = lowerBound(es, key);
  return i < es.length && es[i].key === key ? es[i] : undefined;
}

export class SearchEngine {
  private manifest?: Promise<Manifest>;
  private files = new Map<string, Promise<Entry[]>>();
  private docs = new Map<string, Promise<SearchDoc>>();

  constructor(private readonly load: Loader = fetchLoader) {}

  private async read(path: string): Promise<Uint8Array> {
    return inflate(await this.load(path));
  }

  private getManifest(): Promise<Manifest> {
    if (!this.manifest) {
      this.manifest = this.read(MANIFEST_PATH).then((b) => JSON.parse(utf8.decode(b)) as Manifest);
      this.manifest.catch(() => { this.manifest = undefined; });
    }
    return this.manifest;
  }

  private entries(m: Manifest, name: string): Promise<Entry[]> {
    const path = m.a + name + '.bin';
    let p = this.files.get(path);
    if (!p) {
      p = this.read(path).then(decodeEntries);
      p.catch(() => this.files.delete(path));
      this.files.set(path, p);
    }
    return p;
  }

  /** Ranks every page matching any word of q. A publish since the manifest was read (a chunk
   *  is gone) reloads the manifest once and tries again. */
  async search(q: string): Promise<SearchResult> {
    try {
      return await this.rank(q, await this.getManifest());
    } catch (err) {
      if (!(err instanceof NotFound)) throw err;
      this.manifest = undefined;
      this.files.clear();
      this.docs.clear();
      return this.rank(q, await this.getManifest());
    }
  }

  /** The doc of a hit: its slot in a pack of the base, or its own file in the delta. A publish
   *  since the manifest was read may have moved it (ids stay, files are renamed by a merge): the
   *  manifest is read again once. */
  async doc(id: number): Promise<SearchDoc> {
    try {
      return await this.docIn(await this.getManifest(), id);
    } catch (err) {
      if (!(err instanceof NotFound)) throw err;
      this.manifest = undefined;
      this.files.clear();
      this.docs.clear();
      return this.docIn(await this.getManifest(), id);
    }
  }

  private docIn(m: Manifest, id: number): Promise<SearchDoc> {
    const key = m.d + id;
    let p = this.docs.get(key);
    if (!p) {
      p = (id < m.e ? this.slot(m, id) : this.read(m.d + id + '.bin')).then((b) => JSON.parse(utf8.decode(b)) as SearchDoc);
      p.catch(() => this.docs.delete(key));
      this.docs.set(key, p);
    }
    return p;
  }

  private async slot(m: Manifest, id: number): Promise<Uint8Array> {
    const pack = m.k?.[Math.floor(id / PACK_DOCS)];
    if (!pack) throw new Error('search: no pack for doc ' + id);
    const path = m.a + pack + '.bin';
    const start = (id % PACK_DOCS) * DOC_SLOT;
    const slot = new Uint8Array(await this.load(path, [start, start + DOC_SLOT]));
    const n = slot[0] | (slot[1] << 8);
    if (n === 0 || n > slot.length - 2) throw new Error('search: corrupt doc slot ' + id);
    return inflate(slot.slice(2, 2 + n).buffer);
  }

  private async rank(q: string, m: Manifest): Promise<SearchResult> {
    const words = parseQuery(q);
    const res: SearchResult = { words, hits: [], terms: words.map(() => []) };
    if (words.length === 0) return res;
    const deleted = new Set(m.x ?? []);
    const n = m.n;
    const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const [impactMin, alpha] = m.q;
    const impacts = new Float64Array(256);
    for (let l = 1; l < 256; l++) impacts[l] = impactMin * Math.exp((l - 1) / alpha);

    // Fetch every file the query needs at once, then score in order.
    const plans = await Promise.all(words.map((w) => this.lookUp(m, w)));
    const scores = new Map<number, number>();
    const matched = new Map<number, number>();
    plans.forEach((plan, i) => {
      const word = new Map<number, number>();
      const apply = (e: Entry, weight: number) => {
        for (let k = 0; k < e.docs.length; k++) {
          const doc = e.docs[k];
          if (deleted.has(doc)) continue;
          const v = weight * impacts[e.levels[k]];
          if (v > (word.get(doc) ?? 0)) word.set(doc, v);
        }
      };
      if (plan.exact.length > 0) {
        let df = 0;
        for (const e of plan.exact) for (const doc of e.docs) if (!deleted.has(doc)) df++;
        res.terms[i].push(plan.term);
        const f = idf(df);
        for (const e of plan.exact) apply(e, f);
      }
      if (plan.expansions.length > 0) {
        const f = PREFIX_WEIGHT * idf(plan.prefixDF);
        for (const e of plan.expansions) apply(e, f);
        for (const k of plan.prefixKeys) if (k !== plan.term) res.terms[i].push(k + '*');
      }
      for (const [doc, v] of word) {
        scores.set(doc, (scores.get(doc) ?? 0) + v);
        matched.set(doc, (matched.get(doc) ?? 0) + 1);
      }
    });
    for (const [id, sc] of scores) res.hits.push({ id, score: Math.round(sc * 1e6) / 1e6, matched: matched.get(id)! });
    res.hits.sort((a, b) => b.matched - a.matched || b.score - a.score || b.id - a.id);
    return res;
  }

  private async lookUp(m: Manifest, w: QueryWord) {
    const chars = [...w.text];
    const term = !STOP_WORDS.has(w.text) && (chars.length > 1 || (w.text >= '0' && w.text <= '9')) ? stem(w.text) : '';
    const exact: Entry[] = [];
    if (term) {
      const found = await Promise.all(m.s.map(async (seg) => findEntry(await this.entries(m, seg.f[chunkOf(seg.k, term)]), term)));
      for (const e of found) if (e) exact.push(e);
    }
    let expansions: Entry[] = [];
    let prefixDF = 0;
    let prefixKeys: string[] = [];
    if (w.partial) {
      const minLen = chars.length > 3 ? Math.max(3, chars.length - 3) : chars.length;
      for (let l = chars.length; l >= minLen; l--) {
        const p = chars.slice(0, l).join('');
        const perSeg = await Promise.all(m.s.map((seg) => this.expandIn(m, seg, p)));
        const lists = perSeg.flatMap((s) => s.lists);
        if (lists.length > 0) {
          expansions = lists;
          prefixDF = perSeg.reduce((sum, s) => sum + s.df, 0);
          prefixKeys = [];
          for (const s of perSeg) for (const k of s.keys) if (!prefixKeys.includes(k)) prefixKeys.push(k);
          break;
        }
      }
    }
    return { term, exact, expansions, prefixDF, prefixKeys };
  }

  private async expandIn(m: Manifest, seg: Segment, p: string): Promise<{ lists: Entry[]; df: number; keys: string[] }> {
    if (needsSummary(seg.k, p)) {
      const name = seg.p?.[String.fromCodePoint(p.codePointAt(0)!)];
      if (!name) return { lists: [], df: 0, keys: [] };
      const e = findEntry(await this.entries(m, name), p);
      return e ? { lists: [e], df: e.df, keys: [p] } : { lists: [], df: 0, keys: [] };
    }
    const es = await this.entries(m, seg.f[chunkOf(seg.k, p)]);
    const out = { lists: [] as Entry[], df: 0, keys: [] as string[] };
    for (let i = lowerBound(es, p); i < es.length && es[i].key.startsWith(p); i++) {
      out.lists.push(es[i]);
      out.df = Math.max(out.df, es[i].df);
      out.keys.push(es[i].key);
    }
    return out;
  }
}
