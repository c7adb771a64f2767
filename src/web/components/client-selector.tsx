import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Check, ChevronDown, Users } from 'lucide-react';
import { Card, CardContent } from './ui/card';
import { Label } from './ui/label';
import { LoadFailed } from './load-states';
import { Spinner } from './ui/spinner';
import { cn } from '../lib/cn';
import { useDebounced } from '../lib/use-debounced';
import {
  clientLabel,
  clientSearchQuery,
  clientSummaryQuery,
  type ClientOption,
  type ClientSearch,
} from '../lib/client-options';

type Item = { id: string; label: string; client?: ClientOption };

/**
 * The admin's one client selector (WAI-ARIA combobox with a listbox popup): type a name, e-mail or
 * phone to search on the server, ArrowUp/ArrowDown/Home/End to move, Enter to choose, Escape to
 * close. The chosen client is named whether or not the current search lists them.
 */
export function ClientSelector({
  value,
  onChange,
  allOption,
}: {
  /** The chosen client's id; null or '' for none (or the allOption). */
  value: string | null;
  onChange: (id: string) => void;
  /** When given, a first choice with this label and the value '' (e.g. 'All clients'). */
  allOption?: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null); // null: not typing, the input shows the choice
  const typed = (text ?? '').trim();
  const q = useDebounced(typed, 250);
  // The highlighted option, for the search it was highlighted in (a new search highlights none).
  const [highlight, setHighlight] = useState({ q: '', index: -1 });
  const active = open && highlight.q === q && typed === q ? highlight.index : -1;
  const search = useQuery({ ...clientSearchQuery(q), enabled: open });
  const chosen = useQuery({ ...clientSummaryQuery(value ?? ''), enabled: Boolean(value) });

  const items: Item[] = [
    ...(allOption !== undefined && !q ? [{ id: '', label: allOption }] : []),
    ...(search.data?.options ?? []).map((c) => ({ id: c.id, label: clientLabel(c), client: c })),
  ];
  const chosenLabel = value
    ? chosen.data
      ? clientLabel(chosen.data)
      : chosen.isError
        ? 'Unknown client'
        : ''
    : (allOption ?? '');
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const close = () => {
    setOpen(false);
    setText(null);
    setHighlight({ q: '', index: -1 });
  };
  const choose = (item: Item) => {
    if (item.client) queryClient.setQueryData(clientSummaryQuery(item.id).queryKey, item.client);
    close();
    if (item.id !== (value ?? '')) onChange(item.id);
  };
  /** Opens the list with option `at` highlighted (kept within the list). */
  const show = (at: number) => {
    setOpen(true);
    setHighlight({ q: typed, index: items.length && typed === q ? Math.max(0, Math.min(at, items.length - 1)) : -1 });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey) return;
    const last = items.length - 1;
    // Closed: ArrowDown/ArrowUp open the list; Home, End and Enter keep their usual meaning.
    const keys: Record<string, (() => void) | false> = {
      ArrowDown: () =>
        open && !e.altKey
          ? show(active + 1)
          : show(
              Math.max(
                0,
                items.findIndex((i) => i.id === (value ?? '')),
              ),
            ),
      ArrowUp: () => show(open ? active - 1 : last),
      Home: open && (() => show(0)),
      End: open && (() => show(last)),
      Enter: open && (() => active >= 0 && choose(items[active])),
      Escape: (open || text !== null) && close,
    };
    const act = keys[e.key];
    if (!act) return;
    e.preventDefault();
    act();
  };

  return (
    <Card data-client-selector="">
      <CardContent className="flex flex-col gap-2 pt-6">
        <Label htmlFor={`${id}-input`} className="flex items-center gap-2">
          <Users className="size-4 text-brand-700" aria-hidden="true" /> Client
        </Label>
        <div
          className="relative"
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
          }}
        >
          <input
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={`${id}-listbox`}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            aria-describedby={value && chosen.data ? `${id}-details` : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search by name, e-mail or phone"
            className="h-10 w-full rounded-md border border-gray-300 bg-white pl-3 pr-9 text-sm text-gray-900 placeholder:text-gray-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            value={text ?? chosenLabel}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={(e) => e.target.select()}
            onClick={() => !open && setOpen(true)}
            onKeyDown={onKeyDown}
          />
          <ChevronDown className="pointer-events-none absolute right-3 top-3 size-4 text-gray-600" aria-hidden="true" />
          <div
            className={cn(
              'absolute inset-x-0 top-11 z-30 rounded-md border border-gray-200 bg-white shadow-lg',
              !open && 'hidden',
            )}
          >
            {open && <SearchStatus search={search} settling={typed !== q} />}
            <ul
              id={`${id}-listbox`}
              role="listbox"
              aria-label="Clients"
              hidden={!open || items.length === 0}
              className="max-h-72 overflow-y-auto py-1"
            >
              {items.map((item, i) => (
                <li
                  key={item.id || 'all'}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  className={cn(
                    'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm',
                    i === active ? 'bg-brand-50 text-brand-900' : 'text-gray-900 hover:bg-gray-50',
                  )}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item)}
                >
                  <Check
                    className={cn('mt-0.5 size-4 shrink-0 text-brand-700', item.id !== (value ?? '') && 'invisible')}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block break-words font-medium">{item.label}</span>
                    {item.client && <Contact client={item.client} />}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        {value && chosen.data && <Contact id={`${id}-details`} client={chosen.data} />}
      </CardContent>
    </Card>
  );
}

/** A client's e-mail and phone: a long address wraps anywhere, a phone number never. */
function Contact({ client, id }: { client: ClientOption; id?: string }) {
  return (
    <span id={id} className="block text-xs text-gray-600">
      <span className="break-all">{client.email}</span>
      {client.phone && (
        <>
          {' · '}
          <span className="whitespace-nowrap">{client.phone}</span>
        </>
      )}
    </span>
  );
}

/** Above the matches: loading, an error with Retry, none found, or a hint to narrow a long list. */
function SearchStatus({ search, settling }: { search: UseQueryResult<ClientSearch>; settling: boolean }) {
  const data = search.data;
  let body = null;
  if (search.isError && !search.isFetching && !settling) {
    body = (
      // Pressing Retry must leave the focus in the search box, or the list would close.
      <div onMouseDown={(e) => e.preventDefault()}>
        <LoadFailed message="Could not load the clients." query={search} className="border-0 bg-transparent p-0" />
      </div>
    );
  } else if (!data || search.isPlaceholderData || settling) {
    body = (
      <span className="flex items-center gap-2 text-gray-600">
        <Spinner className="size-4" label="" /> Loading clients...
      </span>
    );
  } else if (data.options.length === 0) body = <span className="text-gray-600">No clients found</span>;
  else if (data.total > data.options.length)
    body = (
      <span className="text-gray-600">
        Showing {data.options.length} of {data.total.toLocaleString('en-US')} clients. Type more of a name, e-mail or
        phone to narrow the list.
      </span>
    );
  return (
    <div role="status" className={cn('px-3 text-sm', body && 'border-b border-gray-100 py-2')}>
      {body}
    </div>
  );
}
