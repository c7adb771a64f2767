import { FileSignature } from 'lucide-react';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { useAuth } from '../../app/auth-context';
import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from '../../lib/public-config';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { formatDateTime } from '../../../shared/format';
import { programById } from '../../../shared/programs-rules';
import { downloadUrl } from '../documents/api';
import { Instalments } from './instalments';
import { signedAgreementsQuery } from './api';

/** The client's signed service agreements (each with its fingerprint and PDF) and their instalments. */
export function AgreementsCard({ clientId }: { clientId: string }) {
  const query = usePagedList(signedAgreementsQuery(clientId));
  const isPortalAdmin = useIsPortalAdmin();
  const { isAdmin } = useAuth();
  const config = useQuery(publicConfigQuery);
  // Without card payments no one signs here: the card shows only agreements signed before.
  if (!config.data?.onlinePayments && !query.data?.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Service Agreements</CardTitle>
        <CardDescription>Signed program agreements, as signed: they cannot be changed.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryStates
          query={query}
          noun="agreements"
          loading="Loading agreements..."
          error="Could not load the agreements."
          empty={{
            title: 'No signed agreements',
            hint: 'A client signs the agreement when paying for a program.',
            icon: <FileSignature aria-hidden="true" />,
          }}
        >
          {(items) => (
            <ul className="divide-y divide-gray-100" aria-label="Signed agreements">
              {items.map((a) => (
                <li key={a.id} className="flex flex-col gap-1 py-3 text-sm">
                  <p className="break-words font-medium text-gray-900">
                    {programById(a.programId)?.name ?? a.programId} (version {a.version})
                  </p>
                  <p className="break-words text-gray-600">
                    Signed by {a.signedName} on {formatDateTime(a.signedAt)}
                    {a.ipAddress ? ` from ${a.ipAddress}` : ''}
                  </p>
                  <p className="break-all text-xs text-gray-500">SHA-256: {a.sha256}</p>
                  {a.documentId && (
                    <a
                      className="w-fit text-brand-700 underline"
                      href={downloadUrl({ userId: clientId, id: a.documentId })}
                      download
                    >
                      Download the signed PDF
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
        <Instalments clientId={clientId} staff={isAdmin} portalAdmin={isPortalAdmin} />
      </CardContent>
    </Card>
  );
}
