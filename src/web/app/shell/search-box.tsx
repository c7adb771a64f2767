import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useAuth } from '../auth-context';
import { NavIcon } from './nav-icons';
import { matchPages, searchablePages, type SearchablePage } from './shell-pages';

/** Page finder for the top bar, following the ARIA 1.2 combobox-with-listbox pattern. */
export function SearchBox() {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pages = useMemo(() => searchablePages(isAdmin), [isAdmin]);
  const matches = useMemo(() => matchPages(pages, query), [pages, query]);
  const showPopup = open && query.trim() !== '';
  const expanded = showPopup && matches.length > 0;

  // Keep the highlighted option visible when arrowing through a list longer than the popup.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const go = (page: SearchablePage) => {
    setQuery('');
    setOpen(false);
    setActive(-1);
    navigate(page.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (matches.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (e.key === 'Enter') {
      const page = matches[active] ?? matches[0];
      if (showPopup && page) {
        e.preventDefault();
        go(page);
      }
    } else if (e.key === 'Escape') {
      // First Escape closes the list, a second one clears the text (the usual combobox behaviour).
      if (showPopup) setOpen(false);
      else setQuery('');
      setActive(-1);
    }
  };

  return (
    <div className="relative w-full">
      <label htmlFor={`${id}-input`} className="sr-only">
        Search pages
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-gray-400" />
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search pages..."
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-gray-300 bg-white pl-9 pr-3 text-sm text-gray-900 placeholder:text-gray-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching pages"
        hidden={!expanded}
        className="absolute left-0 top-full z-40 mt-1 max-h-80 w-full min-w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
      >
        {matches.map((page, i) => {
          return (
            <li
              key={page.path}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown would blur the input and close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(page)}
              onMouseMove={() => setActive(i)}
              className={cn('flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm', i === active ? 'bg-brand-50 text-brand-900' : 'text-gray-800')}
            >
              <NavIcon path={page.path} className="size-4 shrink-0 text-gray-500" />
              <span className="min-w-0 flex-1">
                <span className="block truncate">{page.label}</span>
                {page.heading !== page.label && <span className="block truncate text-xs text-gray-500">{page.heading}</span>}
              </span>
              {page.section && <span className="shrink-0 text-[10px] font-medium uppercase tracking-wide text-gray-400">{page.section}</span>}
            </li>
          );
        })}
      </ul>
      {/* Always mounted: screen readers only announce changes inside a live region that already exists. */}
      <div role="status">
        {showPopup && matches.length === 0 && (
          <p className="absolute left-0 right-0 top-full z-40 mt-1 rounded-lg border border-gray-200 bg-white px-3 py-3 text-sm text-gray-500 shadow-lg">
            No matching pages
          </p>
        )}
      </div>
    </div>
  );
}
