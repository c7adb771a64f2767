import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { Laptop, LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryStates } from '../../components/query-states';
import { countLabel, formatDateTime, formatIpAddress } from '../../../shared/format';
import type { SessionView } from '../../../shared/sessions';
import { mySessionsQuery, useRevokeOtherSessions, useRevokeSession } from './sessions-api';

/** Security Settings: where the user is signed in, with 'Sign out' per device and everywhere else. */
export function SessionsPanel() {
  const query = useQuery(mySessionsQuery());
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = query.data?.filter((s) => !s.current).length ?? 0;

  const signOut = (s: SessionView) =>
    revoke.mutate(s.id, {
      onSuccess: () => toast.success(`Signed out of ${s.device}`),
      onError: (e) => toast.error(e.message || 'Could not sign out that session'),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        toast.success(`Signed out of ${countLabel(revoked, 'other session')}`);
        setConfirming(false);
      },
      onError: (e) => toast.error(e.message || 'Could not sign out your other sessions'),
    });

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Laptop className="size-5 text-brand-700" aria-hidden="true" /> Active Sessions
          </CardTitle>
          <CardDescription>Devices where your account is signed in. Sign out any you do not recognise.</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={others === 0 || revokeOthers.isPending}>
          <LogOut aria-hidden="true" /> Sign out everywhere else
        </Button>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={query}
          loading="Loading sessions..."
          error="Could not load your sessions."
          empty={{ title: 'No active sessions', hint: 'Sign in again to see this device here.' }}
        >
          {(sessions) => (
            <ul className="divide-y divide-gray-100" aria-label="Active sessions">
              {sessions.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 sm:flex-nowrap">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                      {s.device}
                      {s.current && (
                        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                          This device
                        </span>
                      )}
                    </p>
                    <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-gray-600 sm:grid-cols-3">
                      <div className="min-w-0">
                        <dt className="inline">Address: </dt>
                        <dd className="inline break-all">{formatIpAddress(s.ipAddress)}</dd>
                      </div>
                      <div>
                        <dt className="inline">Signed in: </dt>
                        <dd className="inline">{formatDateTime(s.createdAt)}</dd>
                      </div>
                      <div>
                        <dt className="inline">Last active: </dt>
                        <dd className="inline">{formatDateTime(s.updatedAt)}</dd>
                      </div>
                    </dl>
                  </div>
                  {!s.current && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="shrink-0"
                      onClick={() => signOut(s)}
                      disabled={revoke.isPending && revoke.variables === s.id}
                      aria-label={`Sign out ${s.device}, signed in ${formatDateTime(s.createdAt)}`}
                    >
                      {revoke.isPending && revoke.variables === s.id ? 'Signing out...' : 'Sign out'}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere else?"
        description={`Every other device (${others}) will be signed out at once and must sign in again. This device stays signed in.`}
        confirmLabel="Sign out everywhere else"
        busyLabel="Signing out..."
        busy={revokeOthers.isPending}
        onConfirm={signOutOthers}
      />
    </Card>
  );
}
