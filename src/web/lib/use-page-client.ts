import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useAuth } from '../app/auth-context';
import { clientSummaryQuery, useDefaultClient } from './client-options';

/** Whose page this is: a client's own; an admin's choice (?client=<id>, else the oldest client). */
export function usePageClient() {
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const chosen = useDefaultClient(isAdmin, params.get('client'));
  const clientId = isAdmin ? chosen : (user?.id ?? null);
  const summary = useQuery({ ...clientSummaryQuery(clientId ?? ''), enabled: isAdmin && Boolean(clientId) });
  return {
    isAdmin,
    clientId,
    clientName: isAdmin ? summary.data?.name || summary.data?.email : undefined,
    choose: (id: string) => setParams({ client: id }),
    /** A link to another page for the same client (admins keep their choice). */
    linkTo: (path: string) => (isAdmin && clientId ? `${path}?client=${encodeURIComponent(clientId)}` : path),
  };
}
