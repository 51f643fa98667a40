// The browser's search against the Go reference: the fixture holds what internal/search answers
// (terms, parsed queries, ranked hits, files read) over a small two-segment index, and the files
// of that index; the client must answer the same from the same files.
import { describe, expect, it } from 'vitest';
import contract from './testdata/contract.json';
import { eachWord, parseQuery, term, STOP_WORDS } from './tokenize';
import { SearchEngine, MANIFEST_PATH, NotFound, type Loader } from './engine';

const files = contract.files as Record<string, string>;

function fixtureLoader(log: string[] = []): Loader {
  return async (path, range) => {
    log.push(path);
    const b64 = files[path];
    if (b64 === undefined) throw new NotFound(path);
    const all = bytes(b64).buffer as ArrayBuffer;
    return range ? all.slice(range[0], range[1]) : all;
  };
}

describe('terms and queries as the Go index makes them', () => {
  it('uses the same stop words', () => {
    expect([...STOP_WORDS].sort()).toEqual([...contract.stopWords].sort());
  });

  it('folds and stems every word of the fixture text alike', () => {
    const mismatches = contract.words.filter(([w, t]) => term(w) !== t).map(([w, t]) => `${w}: go ${t}, ts ${term(w)}`);
    expect(mismatches).toEqual([]);
    expect(contract.words.length).toBeGreaterThan(150);
  });

  it('splits words at the same places', () => {
    const words: string[] = [];
    eachWord("it’s Noida’s e-commerce, don't", (w) => words.push(w));
    expect(words).toEqual(['it’s', 'Noida’s', 'e', 'commerce', "don't"]);
  });

  it.each(contract.queries.map((q) => [q.q, q]))('parses %j alike', (_q, q) => {
    expect(parseQuery(q.q)).toEqual(q.words);
  });
});

describe('ranking as the reference ranks', () => {
  it.each(contract.queries.map((q) => [q.q, q]))('answers %j with the same hits, terms and files', async (_q, q) => {
    const log: string[] = [];
    const engine = new SearchEngine(fixtureLoader(log));
    const res = await engine.search(q.q);
    expect(res.hits).toEqual(q.hits);
    expect(res.terms).toEqual(q.terms);
    expect([...new Set(log.filter((p) => p !== MANIFEST_PATH))].sort()).toEqual(q.files);
  });

  it('reads the doc of every hit, from the packs of the base and the files of the delta', async () => {
    const log: string[] = [];
    const engine = new SearchEngine(fixtureLoader(log));
    const docs = contract.docs as Record<string, string[]>;
    for (const id of Object.keys(docs)) {
      const doc = await engine.doc(Number(id));
      expect([doc.u, doc.t]).toEqual(docs[id]);
    }
    expect(log.some((p) => p.includes('/d/'))).toBe(true);
    expect(log.some((p) => !p.includes('/d/') && p !== MANIFEST_PATH)).toBe(true);
    const seo = await engine.doc((await engine.search('seo')).hits[0].id);
    expect(seo.b).toContain('audit');
  });

  it('reads the manifest again when a publish removed a chunk it named', async () => {
    const engine = new SearchEngine(fixtureLoader());
    await engine.search('seo');
    // A stale manifest names a chunk that is gone: the engine reloads it once.
    let served = 0;
    const stale: Loader = async (path) => {
      if (path === MANIFEST_PATH && served++ === 0) {
        const m = JSON.parse(new TextDecoder().decode(await inflateRaw(files[path])));
        m.s[0].f = m.s[0].f.map((f: string) => 'gone' + f);
        return deflateRaw(JSON.stringify(m));
      }
      return fixtureLoader()(path);
    };
    const fresh = new SearchEngine(stale);
    const res = await fresh.search('seo');
    expect(res.hits).toEqual(contract.queries[0].hits);
    expect(served).toBe(2);
  });
});

describe('a publish while the page is open', () => {
  it('reads the manifest again when a doc pack it named is gone', async () => {
    let served = 0;
    const stale: Loader = async (path, range) => {
      if (path === MANIFEST_PATH && served++ === 0) {
        const m = JSON.parse(new TextDecoder().decode(await inflateRaw(files[path])));
        m.k = m.k.map((k: string) => 'gone' + k);
        return deflateRaw(JSON.stringify(m));
      }
      return fixtureLoader()(path, range);
    };
    const engine = new SearchEngine(stale);
    const res = await engine.search('seo');
    const doc = await engine.doc(res.hits[0].id);
    expect(doc.u).toBe('/seo-services-in-delhi/');
    expect(served).toBe(2);
  });
});

async function inflateRaw(b64: string): Promise<ArrayBuffer> {
  const stream = new Response(bytes(b64) as BodyInit).body!.pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer();
}

async function deflateRaw(text: string): Promise<ArrayBuffer> {
  const stream = new Response(text).body!.pipeThrough(new CompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer();
}

function bytes(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}
