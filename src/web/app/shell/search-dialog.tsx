import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Dialog as D } from 'radix-ui';
import { Search, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { api, unwrap } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { useDefaultClient } from '../../lib/client-options';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../auth-context';
import { NavIcon } from './nav-icons';
import { matchPages, searchablePages } from './shell-pages';
import { SEARCH_MAX_LENGTH, SEARCH_PER_KIND, type SearchResults } from '../../../shared/search';
import { countLabel } from '../../../shared/format';

type Option = { key: string; title: string; subtitle?: string; href: string; page?: string };
type Group = { id: string; label: string; options: Option[] };

const DEBOUNCE_MS = 150;

const itemsQuery = (clientId: string, q: string) => ({
  queryKey: ['search', 'items', clientId, q] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    unwrap(await api.clients[':clientId'].search.$get({ param: { clientId }, query: { q } }, { init: { signal } })),
  staleTime: 30_000,
});
const clientsQuery = (q: string) => ({
  queryKey: ['search', 'clients', q] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    unwrap(await api.clients.search.$get({ query: { q } }, { init: { signal } })),
  staleTime: 30_000,
});

/** Pages ranked as the server ranks things: the label's start, then a word's start, then the rest (the sidebar's order within each). */
function rankPages<T extends { label: string }>(pages: T[], text: string): T[] {
  const q = text.trim().toLowerCase();
  const rank = (label: string) => {
    const l = label.toLowerCase();
    return l.startsWith(q) ? 0 : l.split(/[^a-z0-9]+/).some((w) => w.startsWith(q)) ? 1 : 2;
  };
  return pages
    .map((p, i) => ({ p, i, r: rank(p.label) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
}

const toGroups = (r: SearchResults | undefined): Group[] =>
  (r?.groups ?? []).map((g) => ({
    id: g.kind,
    label: g.label,
    options: g.hits.map((h) => ({ key: `${g.kind}:${h.id}`, title: h.title, subtitle: h.subtitle, href: h.href })),
  }));

/**
 * The search dialog (ARIA 1.2 combobox with a grouped listbox): pages as before, the client's own
 * things and the shared catalogue from the server, and, for admins, clients and staff's notes on them. An admin searches the
 * things of the client the page acts for (?client=). Arrows move, Enter opens, Escape closes.
 */
export default function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const opened = useRef(false);
  const typed = text.trim();
  const q = useDebounced(typed, DEBOUNCE_MS);
  // Whose things: a client's own; an admin's, the client the current page acts for: the one in
  // ?client=, else the one admin pages act for by default (the oldest client).
  const actingFor = useDefaultClient(isAdmin && open, isAdmin ? params.get('client') : null);
  const clientId = (isAdmin ? actingFor : null) || user?.id || '';
  const enabled = open && q !== '' && clientId !== '';
  const items = useQuery({ ...itemsQuery(clientId, q), enabled, placeholderData: keepPreviousData });
  const clients = useQuery({ ...clientsQuery(q), enabled: enabled && isAdmin, placeholderData: keepPreviousData });

  const pages = useMemo(() => searchablePages(user?.role), [user?.role]);
  const groups: Group[] = useMemo(() => {
    const pageOptions = rankPages(matchPages(pages, typed), typed)
      .slice(0, SEARCH_PER_KIND)
      .map((p) => ({
        key: `page:${p.path}`,
        title: p.label,
        subtitle: p.heading !== p.label ? p.heading : p.section,
        href: p.path,
        page: p.path,
      }));
    // Results are shown only for the text they answer: stale ones from a previous search would open the wrong thing.
    // (a query's placeholder data is the previous text's answer while the new one loads).
    const fresh = typed === q;
    return [
      { id: 'pages', label: 'Pages', options: pageOptions },
      ...(fresh && !items.isPlaceholderData ? toGroups(items.data) : []),
      ...(fresh && isAdmin && !clients.isPlaceholderData ? toGroups(clients.data) : []),
    ].filter((g) => g.options.length > 0);
  }, [pages, typed, q, items.data, items.isPlaceholderData, clients.data, clients.isPlaceholderData, isAdmin]);
  const options = groups.flatMap((g) => g.options);
  const current = Math.min(active, options.length - 1);

  const waiting = typed !== '' && (typed !== q || items.isFetching || (isAdmin && clients.isFetching));
  const failed = typed === q && (items.isError || (isAdmin && clients.isError));
  const error = items.error ?? clients.error;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId derives from id
  }, [current]);

  const go = (option: Option) => {
    opened.current = true;
    onOpenChange(false);
    setText('');
    navigate(option.href);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Keys that end an IME composition (Enter choosing a candidate) belong to the input method.
    if (e.nativeEvent.isComposing) return;
    const last = options.length - 1;
    // Home and End keep moving the caret in the text, as in any combobox.
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && options.length) {
      e.preventDefault();
      if (e.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1);
      else setActive(current <= 0 ? last : current - 1);
    } else if (e.key === 'Enter' && current >= 0 && options[current]) {
      e.preventDefault();
      go(options[current]);
    }
  };

  let index = -1;
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <D.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-3 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-y-auto rounded-xl bg-white shadow-xl focus:outline-none sm:top-[10vh] sm:max-h-[75vh]"
          // After opening a result, focus belongs to the page (the item it highlights), not the search button.
          onCloseAutoFocus={(e) => {
            if (opened.current) e.preventDefault();
            opened.current = false;
          }}
        >
          <D.Title className="sr-only">Search</D.Title>
          {/* The dialog scrolls (it holds the input, so axe counts the scrolling region as reachable); the input stays on top. */}
          <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-gray-200 bg-white px-3">
            <Search aria-hidden className="size-4 shrink-0 text-gray-400" />
            <label htmlFor={`${id}-input`} className="sr-only">
              {isAdmin ? 'Search pages, clients and their things' : 'Search pages and your things'}
            </label>
            <input
              id={`${id}-input`}
              type="text"
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={isAdmin ? 'Search pages, clients, tasks, documents...' : 'Search pages, tasks, documents...'}
              aria-autocomplete="list"
              aria-expanded={options.length > 0}
              aria-controls={`${id}-list`}
              aria-activedescendant={current >= 0 && options.length ? optionId(current) : undefined}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-12 min-w-0 flex-1 bg-transparent text-base text-gray-900 placeholder:text-gray-400 focus:outline-none sm:text-sm"
            />
            {waiting && <Spinner className="size-4" label="" />}
            <D.Close
              className="rounded-md p-1 text-gray-500 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              aria-label="Close search"
            >
              <X aria-hidden className="size-4" />
            </D.Close>
          </div>
          <div className="p-2">
            <div id={`${id}-list`} role="listbox" aria-label="Search results" hidden={options.length === 0}>
              {groups.map((g) => (
                <div key={g.id} role="group" aria-labelledby={`${id}-group-${g.id}`} className="mb-2 last:mb-0">
                  <div
                    id={`${id}-group-${g.id}`}
                    role="presentation"
                    className="px-2.5 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-gray-600"
                  >
                    {g.label}
                  </div>
                  {g.options.map((o) => {
                    index += 1;
                    const i = index;
                    return (
                      <div
                        key={o.key}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === current}
                        // mousedown would move focus off the input before the click lands.
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => go(o)}
                        onMouseMove={() => i !== current && setActive(i)}
                        className={cn(
                          'flex scroll-mt-14 cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm',
                          i === current ? 'bg-brand-50 text-brand-900' : 'text-gray-800',
                        )}
                      >
                        {o.page && <NavIcon path={o.page} className="size-4 shrink-0 text-gray-500" />}
                        <span className="min-w-0 flex-1">
                          <span className="block truncate">{o.title}</span>
                          {o.subtitle && <span className="block truncate text-xs text-gray-600">{o.subtitle}</span>}
                        </span>
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
            {/* Always mounted: screen readers announce changes only inside a live region that already exists. */}
            <div role="status" className="px-2.5 text-sm text-gray-600">
              {typed === '' ? (
                <p className="py-3">
                  {isAdmin
                    ? 'Type a page, a client’s name, e-mail or phone, words from your notes on them, or one of their tasks, documents or accounts.'
                    : 'Type a page, a task, a document, an account or a video.'}
                </p>
              ) : failed ? (
                <p className="py-3 text-red-700">
                  Search failed: {error?.message ?? 'please try again.'} Pages are still listed.
                </p>
              ) : waiting && options.length === 0 ? (
                <p className="py-3">Searching...</p>
              ) : !waiting && options.length === 0 ? (
                <p className="py-3">No results for “{typed}”</p>
              ) : (
                <span className="sr-only">{waiting ? 'Searching...' : countLabel(options.length, 'result')}</span>
              )}
            </div>
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
