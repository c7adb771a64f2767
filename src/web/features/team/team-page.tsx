import { Suspense, useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { Link } from 'react-router';
import { ShieldCheck, UserCog } from 'lucide-react';
import { branding } from '../../../shared/branding';
import { countLabel } from '../../../shared/format';
import { roleLabels } from '../../../shared/roles';
import type { StaffMember } from '../../../shared/staff';
import { useAuth } from '../../app/auth-context';
import { lazyPage } from '../../app/lazy-page';
import { useIsPortalAdmin } from '../../app/portal-admin';
import { PageHeader } from '../../components/page-header';
import { QueryStates } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { usePagedList } from '../../lib/paged-list';
import { Switch } from '../account/switch';
import { teamQuery, useSetTakesNewClients } from './api';

// The role dialog loads when an admin opens it.
const RoleDialog = lazyPage(() => import('./role-dialog'), 'RoleDialog');

/** A staff member's "Takes new clients" switch: new clients are shared out in turn among those who do. */
function TakesNewClients({ member }: { member: StaffMember }) {
  const save = useSetTakesNewClients();
  const labelId = useId();
  const name = member.name || member.email;
  return (
    <span className="flex items-center gap-2">
      <Switch
        labelledBy={labelId}
        checked={member.takesNewClients}
        disabled={save.isPending}
        onCheckedChange={(takesNewClients) =>
          save.mutate(
            { staffId: member.id, takesNewClients },
            {
              onSuccess: () =>
                toast.success(
                  takesNewClients ? `${name} now takes new clients.` : `${name} no longer takes new clients.`,
                ),
              onError: (e) => toast.error(e.message),
            },
          )
        }
      />
      <span id={labelId} className="text-sm text-gray-700">
        Takes new clients<span className="sr-only"> ({name})</span>
      </span>
    </span>
  );
}

/** One member of the team: who they are, their role and clients, and the admin's controls. */
function MemberRow({ member, isYou, onChangeRole }: { member: StaffMember; isYou: boolean; onChangeRole: () => void }) {
  const name = member.name || member.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="break-words font-medium text-gray-900">
          {name}
          {isYou && <span className="ml-2 text-xs font-normal text-gray-600">(you)</span>}
        </p>
        {member.name && <p className="break-all text-sm text-gray-600">{member.email}</p>}
        <p className="text-sm text-gray-700">
          <span className="inline-flex items-center gap-1">
            {member.role === 'admin' && <ShieldCheck className="size-4 text-brand-700" aria-hidden="true" />}
            {roleLabels[member.role]}
          </span>
          {member.role === 'staff' && (
            <>
              {' · '}
              <Link
                to={`/clients?staff=${encodeURIComponent(member.id)}`}
                className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700"
                aria-label={`${countLabel(member.assignedClients, 'client')} of ${name}`}
              >
                {countLabel(member.assignedClients, 'client')}
              </Link>
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {member.role === 'staff' && <TakesNewClients member={member} />}
        {isYou ? (
          <p className="text-sm text-gray-600">Another administrator can change your role.</p>
        ) : (
          <Button size="sm" variant="outline" onClick={onChangeRole} aria-label={`Change role of ${name}`}>
            <UserCog aria-hidden="true" /> Change role...
          </Button>
        )}
      </div>
    </li>
  );
}

/** /team: the portal's administrators and staff members; admins change their roles here. */
export function TeamPage() {
  const { user } = useAuth();
  const isPortalAdmin = useIsPortalAdmin();
  const team = usePagedList(teamQuery(), isPortalAdmin);
  const [editing, setEditing] = useState<StaffMember | null>(null);

  useEffect(() => {
    document.title = `Team · ${branding.productName}`;
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Team"
        intro="The administrators and staff members. To make a client a staff member, open the client from the Clients list."
      >
        <p className="text-sm text-gray-600">
          New clients are assigned in turn to the staff members who take new clients; with none, they stay in the
          admins' pool.
        </p>
      </PageHeader>
      {!isPortalAdmin ? (
        <Alert tone="info">Only administrators manage the team.</Alert>
      ) : (
        <QueryStates
          query={team}
          noun="members"
          loading="Loading the team..."
          error="Could not load the team."
          empty={{ title: 'No team members yet', hint: 'Administrators and staff members will appear here.' }}
        >
          {(members) => (
            <ul
              className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
              aria-label="Team members"
            >
              {members.map((m) => (
                <MemberRow key={m.id} member={m} isYou={m.id === user?.id} onChangeRole={() => setEditing(m)} />
              ))}
            </ul>
          )}
        </QueryStates>
      )}
      {editing && (
        <Suspense fallback={null}>
          <RoleDialog key={editing.id} user={editing} open onOpenChange={(open) => !open && setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
