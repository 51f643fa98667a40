// The part of the header's search box that loads when a visitor first focuses or types in it:
// the engine, and the popup that lists the results.
import type { Answer } from './results';
import { Marked } from './Marked';

export { Searcher, typingQuery } from './results';
export type { Answer, Item } from './results';

export const LIST_ID = 'site-search-list';
export const optionId = (i: number) => `site-search-opt-${i}`;

export interface PopupProps {
  answer: Answer | null;
  active: number;
  failed: boolean;
  onPick: () => void;
}

/** The listbox of the header's combobox, and a link to every result on the search page. */
export function ResultsPopup({ answer, active, failed, onPick }: PopupProps) {
  if (failed) {
    return <div className="site-search__popup"><p className="site-search__note">Search is not available right now. Please try again.</p></div>;
  }
  if (!answer) return null;
  const all = '/search/?q=' + encodeURIComponent(answer.query);
  return (
    // Keep the focus in the input while a result is clicked.
    <div className="site-search__popup" onMouseDown={(e) => e.preventDefault()}>
      {answer.items.length === 0 ? (
        <p className="site-search__note">No results for “{answer.query.trim()}”.</p>
      ) : (
        <>
          {answer.partial && <p className="site-search__note">No page has all of your words; these have some.</p>}
          <div role="listbox" id={LIST_ID} aria-label="Search results" className="site-search__list">
            {answer.items.map((it, i) => (
              <a key={it.id} id={optionId(i)} role="option" aria-selected={i === active} tabIndex={-1}
                href={it.url} className={'search-option' + (i === active ? ' is-active' : '')} onClick={onPick}>
                <span className="search-option__title"><Marked segs={it.title} /></span>
                <span className="search-option__meta">{it.kind}{it.date ? ' · ' + it.date : ''}</span>
                <span className="search-option__excerpt"><Marked segs={it.excerpt} /></span>
              </a>
            ))}
          </div>
        </>
      )}
      <a className="site-search__all" href={all} onClick={onPick}>
        {answer.total > answer.items.length ? `See all ${answer.total} results` : 'Open the search page'}
      </a>
    </div>
  );
}
