import { z } from 'zod';
import { singleLine } from './text';

/**
 * The top bar's search. GET /api/clients/:clientId/search finds one client's things (and the
 * shared catalogue); GET /api/clients/search finds clients, and staff's notes on them (staff). Only columns stored in clear
 * text are searched, and a hit carries a name and a safe subtitle, never a secret.
 */
export const SEARCH_MAX_LENGTH = 100;
/** Hits per kind: the box shows the best few of each; the page it links to lists the rest. */
export const SEARCH_PER_KIND = 5;

export const searchQuery = z
  .object({
    q: z
      .string({ message: 'Type something to search for.' })
      .trim()
      .min(1, 'Type something to search for.')
      .max(SEARCH_MAX_LENGTH, `Search text can be at most ${SEARCH_MAX_LENGTH} characters.`)
      .check(singleLine('Search text')),
  })
  .strict();
/** In the order the groups are shown. */
export const searchKinds = [
  'task',
  'document',
  'bank-account',
  'business-account',
  'store-card',
  'revolving-credit',
  'receivable',
  'purchase-order',
  'video',
  'automation',
  'client',
  'note',
] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchKindLabels: Record<SearchKind, string> = {
  task: 'Compliance tasks',
  document: 'Documents',
  'bank-account': 'Bank accounts',
  'business-account': 'Business accounts',
  'store-card': 'Store cards',
  'revolving-credit': 'Revolving credit',
  receivable: 'Receivables',
  'purchase-order': 'Purchase orders',
  video: 'Training videos',
  automation: 'Automations',
  client: 'Clients',
  note: 'Client notes',
};

export type SearchHit = { id: string; title: string; subtitle: string; href: string };
export type SearchGroup = { kind: SearchKind; label: string; hits: SearchHit[] };
/** Only kinds with hits, in `searchKinds` order; at most SEARCH_PER_KIND hits each, best first. */
export type SearchResults = { groups: SearchGroup[] };

/** The page that opens a hit: the item named by ?task= (compliance) or ?highlight= (elsewhere). */
const pages: Record<SearchKind, { path: string; param: string }> = {
  task: { path: '/compliance', param: 'task' },
  document: { path: '/documents', param: 'highlight' },
  'bank-account': { path: '/bank', param: 'highlight' },
  'business-account': { path: '/business-presence', param: 'highlight' },
  'store-card': { path: '/store-credit', param: 'highlight' },
  'revolving-credit': { path: '/revolving-credit', param: 'highlight' },
  receivable: { path: '/account-receivable', param: 'highlight' },
  'purchase-order': { path: '/purchase-order', param: 'highlight' },
  video: { path: '/training', param: 'highlight' },
  automation: { path: '/automations', param: 'highlight' },
  // A client opens on their My Account page, as the admin acting for them.
  client: { path: '/account', param: 'client' },
  // Staff's note on a client: that client's My Account, where the Notes card lists it.
  note: { path: '/account', param: 'highlight' },
};

/** The shared catalogue: everyone's, so no client rides along. */
const sharedKinds: ReadonlySet<SearchKind> = new Set(['video', 'automation', 'client']);

/** Where a hit opens; `clientId` (an admin acting for a client) rides along as ?client=. */
export function searchHref(kind: SearchKind, id: string, clientId?: string): string {
  const { path, param } = pages[kind];
  const params = new URLSearchParams();
  if (clientId && !sharedKinds.has(kind)) params.set('client', clientId);
  params.set(param, id);
  return `${path}?${params}`;
}
