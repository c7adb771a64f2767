import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, FileCheck2, Link2, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { lazyPage } from '../../app/lazy-page';
import { ClientSelector } from '../../components/client-selector';
import { LoadFailed, Loading } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';
import { QueryStates } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { usePagedList } from '../../lib/paged-list';
import { usePageClient } from '../../lib/use-page-client';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { documentKinds, isOutOfDate, kindLabel, outOfDateText } from '../../../shared/document-kinds-rules';
import { formatBytes, formatDate, formatDateTime } from '../../../shared/format';
import {
  eventLabel,
  packetItemStatus,
  type FundingPacket,
  type PacketItem,
  type PacketLink,
} from '../../../shared/packets-rules';
import type { BusinessDocument } from '../../../shared/documents';
import {
  packetDocumentsQuery,
  packetFileUrl,
  packetLinksQuery,
  packetsQuery,
  useBuildPacket,
  useDeletePacket,
  useRevokeLink,
} from './api';

const ShareDialog = lazyPage(() => import('./share-dialog'), 'ShareDialog');

/**
 * /funding-packet: what a lender asks for, in one PDF built on the server, with its manifest; and
 * the expiring links it is shared by, with every open and download. Staff work it for a client.
 */
export function FundingPacketPage() {
  useDocumentTitle('Funding Packet');
  const { isAdmin, clientId, choose } = usePageClient();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Funding Packet"
        intro="One PDF with what lenders ask for: your documents with their age and our checks, your fundability, tradelines and scores. Share it by a link that expires, and see who opened it."
      />
      {isAdmin && <ClientSelector value={clientId} onChange={choose} />}
      {clientId && (
        <>
          <BuildCard key={`build-${clientId}`} clientId={clientId} />
          <PacketsCard key={`packets-${clientId}`} clientId={clientId} />
          <LinksCard key={`links-${clientId}`} clientId={clientId} />
        </>
      )}
    </div>
  );
}

/** Preselected: the documents with a type that staff did not reject. */
const preselect = (docs: BusinessDocument[]) =>
  new Set(docs.filter((d) => d.kind && d.verification?.status !== 'rejected').map((d) => d.id));

function BuildCard({ clientId }: { clientId: string }) {
  const docs = useQuery(packetDocumentsQuery(clientId));
  const packets = useQuery(packetsQuery(clientId));
  const build = useBuildPacket(clientId);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const items = useMemo(() => docs.data?.items ?? [], [docs.data]);
  const selected = chosen ?? preselect(items);
  const building = packets.data?.items.find((p) => p.status === 'building');
  const missing = documentKinds.filter((k) => k.recommended && !items.some((d) => d.kind === k.kind));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const start = () =>
    build.mutate([...selected], {
      onSuccess: () => toast.success('Building your funding packet...'),
      onError: (e) => toast.error('Could not build the packet.', { description: e.message }),
    });

  return (
    <Card role="region" aria-labelledby="build-title">
      <CardHeader>
        <CardTitle id="build-title" className="text-lg">
          Build a packet
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {docs.isError && !docs.data ? (
          <LoadFailed message="Could not load the documents." query={docs} />
        ) : !docs.data ? (
          <Loading label="Loading documents..." />
        ) : items.length === 0 ? (
          <p className="text-sm text-gray-600">
            No documents yet. Upload them on Business Documents, choosing a type for each.
          </p>
        ) : (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-gray-900">Documents to include</legend>
            {items.map((d) => (
              <label key={d.id} className="flex min-w-0 items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                  checked={selected.has(d.id)}
                  onChange={() => toggle(d.id)}
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-gray-900">{d.documentName}</span>
                  <span className="block text-xs text-gray-600">
                    {kindLabel(d.kind)} · uploaded {formatDate(d.createdAt)}
                    {d.verification?.status === 'verified' && ' · Verified'}
                    {d.verification?.status === 'rejected' && ' · Rejected'}
                    {d.kind && isOutOfDate(d.kind, d.createdAt) && (
                      <span className="font-medium text-amber-800"> · {outOfDateText(d.kind)}</span>
                    )}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {missing.length > 0 && (
          <p className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Lenders usually ask for these, and the packet will list them as missing:{' '}
              {missing.map((k) => k.label).join(', ')}.
            </span>
          </p>
        )}
        {building ? (
          <BuildProgress packet={building} />
        ) : (
          <div>
            <Button type="button" onClick={start} disabled={build.isPending || selected.size === 0}>
              <FileCheck2 aria-hidden="true" /> {build.isPending ? 'Starting...' : 'Build packet'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function BuildProgress({ packet }: { packet: FundingPacket }) {
  const percent = packet.total ? Math.round((packet.done / packet.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <p className="text-sm text-gray-800">
        Building the packet: {packet.done} of {packet.total} steps
      </p>
      <div
        role="progressbar"
        aria-label="Building the packet"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
    </div>
  );
}

const itemCheck = (i: PacketItem) =>
  i.verification === 'verified'
    ? `Verified${i.verifiedBy ? ` by ${i.verifiedBy}` : ''}`
    : i.verification === 'rejected'
      ? 'Rejected'
      : i.verification === 'unchecked'
        ? 'Not checked'
        : '';

/** The packet's index: exactly what a link to it shares. */
export function PacketItems({ items }: { items: PacketItem[] }) {
  return (
    <ul className="divide-y divide-gray-100 text-sm">
      {items.map((i) => (
        <li key={i.id} className="py-1.5">
          <span className="font-medium text-gray-900 [overflow-wrap:anywhere]">{i.title}</span>
          <span className="block text-xs text-gray-600">
            {[i.source, i.date && formatDate(i.date), i.ageDays !== null && `${i.ageDays} days old`, itemCheck(i)]
              .filter(Boolean)
              .join(' · ')}
            {' · '}
            <span
              className={
                i.status === 'missing' || i.outOfDate || i.status === 'not-merged'
                  ? 'font-medium text-amber-800'
                  : 'text-gray-700'
              }
            >
              {packetItemStatus(i)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function PacketsCard({ clientId }: { clientId: string }) {
  const packets = useQuery(packetsQuery(clientId));
  const remove = useDeletePacket(clientId);
  const [sharing, setSharing] = useState<FundingPacket | null>(null);
  const [deleting, setDeleting] = useState<FundingPacket | null>(null);
  const list = { ...packets, data: packets.data?.items };
  return (
    <section aria-labelledby="packets-title" className="flex flex-col gap-3">
      <h2 id="packets-title" className="text-lg font-semibold text-gray-900">
        Packets
      </h2>
      <QueryStates
        query={list}
        loading="Loading packets..."
        error="Could not load the packets."
        empty={{ title: 'No packets yet', hint: 'Choose documents above, then Build packet.' }}
      >
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((p) => (
              <li key={p.id}>
                <Card>
                  <CardContent className="flex flex-col gap-3 pt-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm font-medium text-gray-900">
                        Packet of {formatDateTime(p.createdAt)}
                        <span className="font-normal text-gray-600">
                          {' · '}
                          {p.status === 'ready'
                            ? `Ready, ${formatBytes(p.pdfSize ?? 0)}`
                            : p.status === 'building'
                              ? 'Building...'
                              : 'Failed'}
                        </span>
                      </p>
                      {p.status !== 'building' && (
                        <div className="flex flex-wrap gap-2">
                          {p.status === 'ready' && (
                            <>
                              <Button asChild variant="outline" size="sm">
                                <a href={packetFileUrl(clientId, p.id, 'pdf')} download>
                                  <Download aria-hidden="true" /> PDF
                                </a>
                              </Button>
                              <Button asChild variant="outline" size="sm">
                                <a href={packetFileUrl(clientId, p.id, 'manifest')} download>
                                  <Download aria-hidden="true" /> Manifest
                                </a>
                              </Button>
                              <Button size="sm" onClick={() => setSharing(p)}>
                                <Link2 aria-hidden="true" /> Share
                              </Button>
                            </>
                          )}
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-700"
                            aria-label={`Delete the packet of ${formatDateTime(p.createdAt)}`}
                            onClick={() => setDeleting(p)}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </div>
                      )}
                    </div>
                    {p.status === 'building' && <BuildProgress packet={p} />}
                    {p.error && <p className="text-sm text-red-800">{p.error}</p>}
                    {p.status === 'ready' && (
                      <details>
                        <summary className="cursor-pointer text-sm text-brand-800">
                          What this packet holds ({p.items.length} items)
                        </summary>
                        <PacketItems items={p.items} />
                      </details>
                    )}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {sharing && <ShareDialog clientId={clientId} packet={sharing} onClose={() => setSharing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this packet?"
        description="Its file and every link to it stop working."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (e) => toast.error('Could not delete the packet.', { description: e.message }),
          })
        }
      />
    </section>
  );
}

function LinksCard({ clientId }: { clientId: string }) {
  const links = usePagedList(packetLinksQuery(clientId));
  const revoke = useRevokeLink(clientId);
  return (
    <section aria-labelledby="links-title" className="flex flex-col gap-3">
      <h2 id="links-title" className="text-lg font-semibold text-gray-900">
        Share links
      </h2>
      <QueryStates
        query={links}
        noun="links"
        loading="Loading links..."
        error="Could not load the share links."
        empty={{ title: 'No share links yet', hint: 'Share a ready packet to make one.' }}
      >
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((l) => (
              <li key={l.id}>
                <LinkCard link={l} busy={revoke.isPending} onRevoke={() => revokeWith(revoke, l)} />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

const revokeWith = (revoke: ReturnType<typeof useRevokeLink>, l: PacketLink) =>
  revoke.mutate(l.id, {
    onSuccess: () => toast.success('Link revoked: it no longer opens the packet.'),
    onError: (e) => toast.error('Could not revoke the link.', { description: e.message }),
  });

const STATE_TEXT = { live: 'Live', expired: 'Expired', revoked: 'Revoked' } as const;

function LinkCard({ link, busy, onRevoke }: { link: PacketLink; busy: boolean; onRevoke: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-4 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 font-medium text-gray-900 [overflow-wrap:anywhere]">
            {link.label || 'Share link'}{' '}
            <span className="font-normal text-gray-600">
              · {STATE_TEXT[link.state]} ·{' '}
              {link.state === 'revoked' && link.revokedAt
                ? `revoked ${formatDate(link.revokedAt)}`
                : `${link.state === 'live' ? 'expires' : 'expired'} ${formatDate(link.expiresAt)}`}
            </span>
          </p>
          {link.state === 'live' && (
            <Button variant="outline" size="sm" disabled={busy} onClick={onRevoke}>
              Revoke
            </Button>
          )}
        </div>
        <p className="text-gray-700">
          {link.eventCount === 0
            ? 'Not opened yet.'
            : `${link.eventCount} ${link.eventCount === 1 ? 'visit or download' : 'visits and downloads'}${link.firstOpenedAt ? `, first opened ${formatDateTime(link.firstOpenedAt)}` : ''}.`}
        </p>
        {link.events.length > 0 && (
          <ul className="flex flex-col gap-1 text-xs text-gray-700" aria-label="Opens and downloads">
            {link.events.map((e, i) => (
              <li key={i} className="[overflow-wrap:anywhere]">
                {formatDateTime(e.at)}: {eventLabel[e.kind]} from {e.ip || 'an unknown address'}
                {e.userAgent && ` (${e.userAgent})`}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
