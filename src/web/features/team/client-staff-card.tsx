import { Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { UserCheck, UserCog } from 'lucide-react';
import { roleLabels } from '../../../shared/roles';
import { lazyPage } from '../../app/lazy-page';
import { LoadFailed } from '../../components/load-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { clientAssignmentQuery } from '../clients/api';

// Both dialogs load when an admin opens them.
const AssignDialog = lazyPage(() => import('../clients/assign-dialog'), 'AssignDialog');
const RoleDialog = lazyPage(() => import('./role-dialog'), 'RoleDialog');

/**
 * Administrators acting for a client: whom the client is assigned to (changed or cleared here, as
 * from the Clients list) and their role (a client made staff leaves the clients: the Team page follows).
 */
export function ClientStaffCard({ clientId }: { clientId: string }) {
  const query = useQuery(clientAssignmentQuery(clientId));
  const navigate = useNavigate();
  const [open, setOpen] = useState<'assign' | 'role' | null>(null);
  const titleId = useId();
  const client = query.data;
  const name = client ? client.name || client.email : '';
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <UserCheck className="size-5 text-brand-700" aria-hidden="true" /> Staff member and role
        </CardTitle>
        <CardDescription>Who works with this client, and what they can do in the portal.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isPending && (
          <div className="h-16 animate-pulse rounded-md bg-gray-100" role="status" aria-label="Loading" />
        )}
        {query.isError && <LoadFailed message="Could not load the client's staff member." query={query} />}
        {client && (
          // One list per row: a <dl> may hold only its terms and their groups, not the buttons beside them.
          <div className="flex flex-col gap-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <dl className="min-w-0">
                <dt className="text-gray-600">Assigned to</dt>
                <dd className="break-words font-medium text-gray-900">
                  {client.assignedStaff ? client.assignedStaff.name || 'Staff member' : "No one (the admins' pool)"}
                </dd>
              </dl>
              <Button size="sm" variant="outline" onClick={() => setOpen('assign')}>
                <UserCheck aria-hidden="true" /> {client.assignedStaff ? 'Change...' : 'Assign to...'}
              </Button>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <dl>
                <dt className="text-gray-600">Role</dt>
                <dd className="font-medium text-gray-900">{roleLabels.client}</dd>
              </dl>
              <Button size="sm" variant="outline" onClick={() => setOpen('role')}>
                <UserCog aria-hidden="true" /> Change role...
              </Button>
            </div>
          </div>
        )}
      </CardContent>
      {client && open === 'assign' && (
        <Suspense fallback={null}>
          <AssignDialog
            clientIds={[clientId]}
            clientName={name}
            current={client.assignedStaff?.id ?? null}
            open
            onOpenChange={(o) => !o && setOpen(null)}
            onDone={() => setOpen(null)}
          />
        </Suspense>
      )}
      {client && open === 'role' && (
        <Suspense fallback={null}>
          <RoleDialog
            user={{ id: clientId, name: client.name, email: client.email, role: 'client' }}
            open
            onOpenChange={(o) => !o && setOpen(null)}
            onDone={(role) => role !== 'client' && navigate('/team')}
          />
        </Suspense>
      )}
    </Card>
  );
}
