import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { pagedListOptions } from '../../lib/paged-list';
import { MAX_PACKETS, type FundingPacket } from '../../../shared/packets-rules';
import type { PacketLinkInput } from '../../../shared/packets';

export const packetKeys = {
  packets: (clientId: string) => ['clients', clientId, 'packets'] as const,
  links: (clientId: string) => ['clients', clientId, 'packet-links'] as const,
  documents: (clientId: string) => ['clients', clientId, 'documents', 'packet'] as const,
};

/** Every packet the client keeps (at most MAX_PACKETS: one page), polled while one is building. */
export const packetsQuery = (clientId: string) =>
  queryOptions({
    queryKey: packetKeys.packets(clientId),
    queryFn: async () =>
      unwrap(
        await api.clients[':clientId'].packets.$get({ param: { clientId }, query: { pageSize: String(MAX_PACKETS) } }),
      ),
    refetchInterval: (q) => (q.state.data?.items.some((p: FundingPacket) => p.status === 'building') ? 1000 : false),
  });

/** The client's documents to choose from (the newest 100, every section). */
export const packetDocumentsQuery = (clientId: string) =>
  queryOptions({
    queryKey: packetKeys.documents(clientId),
    queryFn: async () =>
      unwrap(await api.clients[':clientId'].documents.$get({ param: { clientId }, query: { pageSize: '100' } })),
  });

export const packetLinksQuery = (clientId: string) =>
  pagedListOptions(packetKeys.links(clientId), async (page) =>
    unwrap(await api.clients[':clientId']['packet-links'].$get({ param: { clientId }, query: { page } })),
  );

export const packetFileUrl = (clientId: string, packetId: string, file: 'pdf' | 'manifest') =>
  file === 'pdf'
    ? api.clients[':clientId'].packets[':packetId']['packet.pdf'].$path({ param: { clientId, packetId } })
    : api.clients[':clientId'].packets[':packetId']['manifest.json'].$path({ param: { clientId, packetId } });

export function useBuildPacket(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documentIds: string[]) =>
      unwrap(await api.clients[':clientId'].packets.$post({ param: { clientId }, json: { documentIds } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packetKeys.packets(clientId) }),
  });
}

export function useDeletePacket(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (packetId: string) =>
      unwrap(await api.clients[':clientId'].packets[':packetId'].$delete({ param: { clientId, packetId } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packetKeys.packets(clientId) }),
        queryClient.invalidateQueries({ queryKey: packetKeys.links(clientId) }),
      ]),
  });
}

export function useCreateLink(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: PacketLinkInput) =>
      unwrap(await api.clients[':clientId']['packet-links'].$post({ param: { clientId }, json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packetKeys.links(clientId) }),
  });
}

export function useRevokeLink(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) =>
      unwrap(await api.clients[':clientId']['packet-links'][':linkId'].revoke.$post({ param: { clientId, linkId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packetKeys.links(clientId) }),
  });
}
