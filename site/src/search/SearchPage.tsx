import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Marked } from './Marked';
import type { Answer, Item, Searcher } from './results';

const PAGE_SIZE = 10;
export const BROWSE_ID = 'search-browse';

let searcher: Promise<Searcher> | undefined;
const loadSearcher = () => (searcher ??= import('./results').then((m) => new m.Searcher(undefined, 260)));

type State = 'idle' | 'loading' | 'done' | 'error';

/**
 * The search page's island: a GET form (without JavaScript it reloads the page, whose list of
 * every page stays useful), enhanced to search in place, keep ?q= in the address, announce the
 * number of results and move the focus to the first new result when more are shown.
 */
export default function SearchPage({ pageSize = PAGE_SIZE }: { pageSize?: number }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [state, setState] = useState<State>('idle');
  const [enhanced, setEnhanced] = useState(false);
  const focusFrom = useRef(-1);
  const listRef = useRef<HTMLOListElement>(null);
  const seq = useRef(0);

  const run = async (q: string) => {
    const id = ++seq.current;
    const browse = document.getElementById(BROWSE_ID);
    if (browse) browse.hidden = q.trim() !== '';
    if (q.trim().length < 2) {
      setAnswer(null);
      setItems([]);
      setState('idle');
      return;
    }
    setState('loading');
    try {
      const a = await (await loadSearcher()).run(q, pageSize, () => id === seq.current);
      if (id !== seq.current || !a) return;
      setAnswer(a);
      setItems(a.items);
      setState('done');
    } catch (err) {
      if (id !== seq.current) return;
      console.warn('search failed', err);
      setState('error');
    }
  };

  useEffect(() => {
    setEnhanced(true);
    const fromAddress = () => {
      const q = new URLSearchParams(window.location.search).get('q') ?? '';
      if (inputRef.current) inputRef.current.value = q;
      void run(q);
    };
    if (window.location.search) fromAddress();
    const onPop = () => fromAddress();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (focusFrom.current < 0) return;
    listRef.current?.querySelectorAll('a')[focusFrom.current]?.focus();
    focusFrom.current = -1;
  }, [items]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = (inputRef.current?.value ?? '').trim();
    const url = q ? `${window.location.pathname}?q=${encodeURIComponent(q)}` : window.location.pathname;
    if (url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
    void run(q);
  };

  const more = async () => {
    if (!answer) return;
    const id = seq.current;
    const next = await (await loadSearcher()).items(answer, items.length, pageSize);
    if (id !== seq.current) return; // a new search ran meanwhile: these are the old one's
    focusFrom.current = items.length;
    setItems([...items, ...next]);
  };

  const q = answer?.query.trim() ?? '';
  const status = state === 'loading' ? 'Searching…'
    : state === 'error' ? 'Search is not available right now. Please try again.'
    : state !== 'done' || !answer ? ''
    : answer.hits.length === 0 ? `No results for “${q}”. Try fewer or different words.`
    : `${answer.total} result${answer.total === 1 ? '' : 's'} for “${q}”` + (answer.partial ? ': no page has all of your words, these have some.' : '.');

  return (
    <div className="search-page">
      <form role="search" action="/search/" method="get" className="search-page__form" onSubmit={enhanced ? onSubmit : undefined}>
        <label htmlFor="search-q" className="search-page__label">Search the site</label>
        <div className="search-page__field">
          <input ref={inputRef} id="search-q" name="q" type="search" className="search-page__input" autoComplete="off" enterKeyHint="search"
            placeholder="SEO, Google Ads, courses…"
            onFocus={enhanced ? () => void loadSearcher() : undefined} />
          <button type="submit" className="btn btn--primary">Search</button>
        </div>
      </form>
      <p role="status" className="search-page__status">{status}</p>
      {items.length > 0 && (
        <ol ref={listRef} className="search-results" aria-label={`Results for ${q}`}>
          {items.map((it) => (
            <li key={it.id} className="search-result">
              <h2 className="search-result__title"><a href={it.url}><Marked segs={it.title} /></a></h2>
              <p className="search-result__meta">
                <span className="tag">{it.kind}</span>
                {it.date && <span>{it.date}</span>}
                <span className="search-result__url">{it.url}</span>
              </p>
              <p className="search-result__excerpt"><Marked segs={it.excerpt} /></p>
            </li>
          ))}
        </ol>
      )}
      {answer && items.length < answer.hits.length && (
        <p className="search-page__more">
          <button type="button" className="btn btn--ghost" onClick={() => void more()}>
            Show more results ({answer.hits.length - items.length} more)
          </button>
        </p>
      )}
    </div>
  );
}
