import { Suspense, useEffect, useState } from 'react';
import { UserCheck } from 'lucide-react';
import { lazyPage } from '../../app/lazy-page';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { branding } from '../../../shared/branding';
import { clientSortLabels, clientSorts, UNASSIGNED, type ClientSort } from '../../../shared/clients';
import { Button } from '../../components/ui/button';
import { ClientsExportLink } from './clients-export-link';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { clientListQuery, staffMembersQuery } from './api';
import { ClientsTable, type Selection } from './clients-table';
import { LoadFailed } from '../../components/load-states';
import { countLabel } from '../../../shared/format';
import { useIsPortalAdmin } from '../../app/portal-admin';

/** The search text once typing has paused, so each keystroke does not query the server. */
function useDebounced(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

// The assignment dialog loads when an admin opens it.
const AssignDialog = lazyPage(() => import('./assign-dialog'), 'AssignDialog');

/** The admins' row selection, kept across pages of the list until an assignment is made. */
function useSelection(): Selection & { clear: () => void } {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setIds((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = (page: string[]) =>
    setIds((old) => {
      const next = new Set(old);
      if (page.every((id) => next.has(id))) page.forEach((id) => next.delete(id));
      else page.forEach((id) => next.add(id));
      return next;
    });
  return { ids, toggle, toggleAll, clear: () => setIds(new Set()) };
}

/** Admins: whose clients the list shows (everyone's, the pool's, one staff member's), kept in the URL's ?staff=. */
function StaffFilter({ value, onChange }: { value: string; onChange: (staff: string) => void }) {
  const staff = useQuery(staffMembersQuery());
  return (
    <div className="flex flex-col gap-1.5 sm:w-64">
      <Label htmlFor="clients-staff">Assigned to</Label>
      <select id="clients-staff" className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Anyone or no one</option>
        <option value={UNASSIGNED}>No one (the admins' pool)</option>
        {staff.data?.items.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name || m.email}
          </option>
        ))}
        {/* A staff member named by the URL before the team has loaded (or beyond its first 100). */}
        {value && value !== UNASSIGNED && !staff.data?.items.some((m) => m.id === value) && (
          <option value={value}>{staff.isPending ? 'Loading...' : 'This staff member'}</option>
        )}
      </select>
    </div>
  );
}

const selectClass =
  'h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

export function ClientsPage() {
  // Admins see every client and assign them; a staff member sees their own clients.
  const isPortalAdmin = useIsPortalAdmin();
  const selection = useSelection();
  const [assigning, setAssigning] = useState(false);
  const title = isPortalAdmin ? 'Clients' : 'My clients';
  const [sort, setSort] = useState<ClientSort>('newest');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [params, setParams] = useSearchParams();
  const staff = isPortalAdmin ? (params.get('staff') ?? '') : '';
  // A new sort, search or filter starts again at the first page. Pages are reached by the cursors
  // the server answers (the page after, the page before); the page's number is counted here.
  const key = `${sort}|${q}|${staff}`;
  const [paging, setPaging] = useState<{ key: string; page: number; cursor?: string }>({ key, page: 1 });
  const { page, cursor } = paging.key === key ? paging : { page: 1, cursor: undefined };
  const query = useQuery(clientListQuery(sort, q, staff, cursor));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // The first page is asked for afresh (no cursor), so Previous always ends on the list's true start.
  // (While the next page loads the buttons wait: the cursors shown are still the last page's.)
  const goTo = (next: number, to: string | null) =>
    to && setPaging({ key, page: next, cursor: next > 1 ? to : undefined });

  useEffect(() => {
    document.title = `${title} · ${branding.productName}`;
  }, [title]);

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
        <p className="text-gray-600">
          {isPortalAdmin
            ? 'A list of all registered clients including their details'
            : 'The clients assigned to you, with their details'}
        </p>
      </header>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5 sm:max-w-sm">
          <Label htmlFor="clients-search">Search clients</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
              aria-hidden="true"
            />
            <Input
              id="clients-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Name or email"
              maxLength={100}
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-52">
          <Label htmlFor="clients-sort">Sort by</Label>
          <select
            id="clients-sort"
            className={selectClass}
            value={sort}
            onChange={(e) => setSort(e.target.value as ClientSort)}
          >
            {clientSorts.map((s) => (
              <option key={s} value={s}>
                {clientSortLabels[s]}
              </option>
            ))}
          </select>
        </div>
        {isPortalAdmin && (
          <StaffFilter
            value={staff}
            onChange={(id) =>
              setParams(
                (old) => {
                  const next = new URLSearchParams(old);
                  if (id) next.set('staff', id);
                  else next.delete('staff');
                  return next;
                },
                { replace: true },
              )
            }
          />
        )}
        <ClientsExportLink sort={sort} q={q} staff={staff} />
        {isPortalAdmin && (
          <Button variant="outline" disabled={selection.ids.size === 0} onClick={() => setAssigning(true)}>
            <UserCheck aria-hidden="true" /> Assign to...
            {selection.ids.size > 0 && <span className="sr-only"> ({countLabel(selection.ids.size, 'client')})</span>}
          </Button>
        )}
      </div>
      {isPortalAdmin && assigning && (
        <Suspense fallback={null}>
          <AssignDialog
            clientIds={[...selection.ids]}
            open={assigning}
            onOpenChange={setAssigning}
            onDone={() => {
              setAssigning(false);
              selection.clear();
            }}
          />
        </Suspense>
      )}

      {query.isPending && (
        <div className="flex items-center justify-center gap-3 py-16 text-gray-600">
          <Spinner label="Loading clients" /> Loading clients...
        </div>
      )}

      {query.isError && !data && (
        <LoadFailed message="Failed to load client data" query={query} className="px-4 py-3" />
      )}

      {data && data.total === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50">
            <Users className="size-6 text-brand-700" aria-hidden="true" />
          </span>
          <h2 className="text-base font-semibold text-gray-900">No clients found</h2>
          <p className="text-sm text-gray-600">
            {q
              ? `No client matches "${q}". Try another name or email.`
              : staff
                ? 'No client is assigned here.'
                : "When you have clients, they'll appear here"}
          </p>
        </div>
      )}

      {data && data.total > 0 && (
        <div
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={query.isFetching}
        >
          <ClientsTable rows={data.rows} selection={isPortalAdmin ? selection : undefined} />
          <nav
            className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600"
            aria-label="Client pages"
          >
            <span>{countLabel(data.total, 'client')}</span>
            <div className="flex items-center gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => goTo(page - 1, data.prevCursor)}
                disabled={page <= 1 || !data.prevCursor || query.isPlaceholderData}
              >
                <ChevronLeft aria-hidden="true" /> Previous
              </Button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => goTo(page + 1, data.nextCursor)}
                disabled={!data.nextCursor || query.isPlaceholderData}
              >
                Next <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
          {query.isError && (
            <LoadFailed message="Failed to load client data" query={query} className="mt-3 flex-wrap gap-3 px-4 py-3" />
          )}
        </div>
      )}
    </div>
  );
}
