import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';

export type AuditRow = { id: number; action: 'create' | 'update' | 'delete' | 'reveal'; entityType: string; entityId: string | null; field: string | null; createdAt: string; actor: string };
export type AuditPage = { rows: AuditRow[]; total: number; page: number; pageSize: number };

export const auditQuery = (clientId: string, page: number) =>
  queryOptions({
    queryKey: ['clients', clientId, 'audit', page],
    queryFn: async () => unwrap<AuditPage>(await api.clients[':clientId'].audit.$get({ param: { clientId }, query: { page: String(page), pageSize: '10' } })),
    placeholderData: keepPreviousData,
  });
