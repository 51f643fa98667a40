import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Search as SearchIcon, X } from '../lib/lucide';

type Live = typeof import('./live');
type Answer = import('./live').Answer;

// Results shown in the popup; the search page shows them all.
const POPUP_RESULTS = 5;
// A query is looked up once typing pauses this long (each keystroke would otherwise fetch).
const TYPING_PAUSE_MS = 120;
// ...and looked up whole, a short last word included, once it pauses this long.
const SETTLED_MS = 450;

/** Where choosing a result goes (tests watch it: jsdom cannot navigate). */
export const navigation = { assign: (url: string) => window.location.assign(url) };

let liveModule: Promise<Live> | undefined;
const loadLive = () => (liveModule ??= import('./live'));

/**
 * The header's search: a GET form to /search/ (which works without JavaScript), enhanced into a
 * combobox whose popup lists the best results as the visitor types. The engine and the popup are
 * loaded only when the visitor focuses the box or types in it. On small screens the box sits
 * behind a search button (a link to /search/ without JavaScript).
 */
export default function SearchBox() {
  const [enhanced, setEnhanced] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [live, setLive] = useState<Live | null>(null);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A lookup of the query as typed is still to answer (aria-busy on the form while it is).
  const [busy, setBusy] = useState(false);
  // What is shown now, read when a later answer arrives so that a highlighted result stays
  // highlighted when it is still among the results.
  const shown = useRef({ answer, active });
  shown.current = { answer, active };
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const searcher = useRef<InstanceType<Live['Searcher']> | null>(null);
  const seq = useRef(0);
  // The lookup the visitor closed the list on with Escape: its later answers leave it closed.
  const closedFor = useRef(0);
  // An answer opens the list (for words typed before the script ran, too) unless the focus has
  // left the box or the visitor closed the list since typing.
  const reopen = (id: number) => {
    if (document.activeElement === inputRef.current && closedFor.current !== id) setOpen(true);
  };

  useEffect(() => {
    // Keep what was typed before the page's script ran.
    setQuery(inputRef.current?.value ?? '');
    setEnhanced(true);
  }, []);

  const ensureLive = () =>
    loadLive().then((m) => {
      searcher.current ??= new m.Searcher();
      setLive(m);
      return m;
    });

  useEffect(() => {
    if (!enhanced) return;
    const id = ++seq.current;
    if (query.trim().length < 2) {
      setAnswer(null);
      setFailed(false);
      setActive(-1);
      setBusy(false);
      return;
    }
    setBusy(true);
    const lookUp = (whole: boolean) =>
      ensureLive()
        .then((m) => {
          const q = whole ? query : m.typingQuery(query);
          return q ? searcher.current!.run(q, POPUP_RESULTS, () => id === seq.current) : null;
        })
        .then((a) => {
          if (id !== seq.current || !a) return;
          const was = shown.current.answer?.items[shown.current.active]?.url;
          setAnswer({ ...a, query }); // shown and linked as typed
          setFailed(false);
          setActive(was === undefined ? -1 : a.items.findIndex((it) => it.url === was));
          reopen(id);
          if (whole) setBusy(false);
        })
        .catch((err) => {
          if (id !== seq.current) return;
          console.warn('search failed', err);
          setFailed(true);
          reopen(id);
          setBusy(false);
        });
    // While typing, a short partial last word is left out (see typingQuery); once typing has paused
    // longer, the whole query is looked up.
    const timers = [setTimeout(() => void lookUp(false), TYPING_PAUSE_MS), setTimeout(() => void lookUp(true), SETTLED_MS)];
    return () => timers.forEach(clearTimeout);
  }, [query, enhanced]);

  // With the render, not after the next frame (Preact's useEffect, in the browser): the keys a
  // visitor types right after pressing the search button go into the box, not to the button.
  useLayoutEffect(() => {
    if (panelOpen) inputRef.current?.focus();
  }, [panelOpen]);

  const count = answer?.items.length ?? 0;
  const expanded = open && (failed || answer !== null);

  const closePanel = () => {
    setOpen(false);
    setPanelOpen(false);
    toggleRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!answer) return;
        e.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (count === 0) return;
        const down = e.key === 'ArrowDown';
        setActive((a) => (down ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
        return;
      }
      case 'Enter':
        if (expanded && active >= 0 && answer) {
          e.preventDefault();
          navigation.assign(answer.items[active].url);
        }
        return; // otherwise the form goes to the search page
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          closedFor.current = seq.current;
          setOpen(false);
          setActive(-1);
        } else if (query) {
          e.preventDefault();
          e.currentTarget.value = '';
          setQuery('');
        } else if (panelOpen) {
          e.preventDefault();
          closePanel();
        }
        return;
      case 'Tab':
        setActive(-1);
        return;
    }
  };

  // The popup closes when the focus leaves the search (but not for a click inside it).
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
    setOpen(false);
    setActive(-1);
  };

  const status = !enhanced || query.trim().length < 2 ? '' : failed ? 'Search is not available right now.'
    : !answer ? '' : answer.items.length === 0 ? `No results for ${answer.query.trim()}.`
    : `${answer.total} result${answer.total === 1 ? '' : 's'}. Use the up and down arrows to choose one.`;

  return (
    <div className={'site-search' + (panelOpen ? ' is-open' : '')} onBlur={enhanced ? onBlur : undefined}>
      {enhanced ? (
        <button ref={toggleRef} type="button" className="site-search__toggle" aria-expanded={panelOpen}
          aria-controls="site-search-form" onClick={() => (panelOpen ? closePanel() : (setPanelOpen(true), void ensureLive()))}>
          {panelOpen ? <X aria-hidden="true" size={22} /> : <SearchIcon aria-hidden="true" size={22} />}
          <span className="visually-hidden">{panelOpen ? 'Close search' : 'Search'}</span>
        </button>
      ) : (
        <a href="/search/" className="site-search__toggle">
          <SearchIcon aria-hidden="true" size={22} />
          <span className="visually-hidden">Search</span>
        </a>
      )}
      <form id="site-search-form" role="search" action="/search/" method="get" className="site-search__form" aria-busy={enhanced && busy ? true : undefined}>
        <label htmlFor="site-search-q" className="visually-hidden">Search the site</label>
        {/* Uncontrolled: what was typed before the script ran stays, and is read on input. */}
        <input
          ref={inputRef} id="site-search-q" name="q" type="search" className="site-search__input"
          placeholder="Search" autoComplete="off" enterKeyHint="search" spellCheck={false}
          onInput={enhanced ? (e) => { setQuery(e.currentTarget.value); setOpen(true); } : undefined}
          onFocus={enhanced ? () => { void ensureLive(); setOpen(true); } : undefined}
          onKeyDown={enhanced ? onKeyDown : undefined}
          {...(enhanced ? {
            role: 'combobox', 'aria-autocomplete': 'list' as const, 'aria-expanded': expanded && count > 0,
            'aria-controls': 'site-search-list', 'aria-activedescendant': expanded && active >= 0 && live ? live.optionId(active) : undefined,
          } : {})}
        />
        <button type="submit" className="site-search__submit">
          <SearchIcon aria-hidden="true" size={18} />
          <span className="visually-hidden">Search</span>
        </button>
        {enhanced && <p role="status" className="visually-hidden">{status}</p>}
        {live && expanded && (
          <live.ResultsPopup answer={answer} active={active} failed={failed} onPick={() => setOpen(false)} />
        )}
      </form>
    </div>
  );
}
