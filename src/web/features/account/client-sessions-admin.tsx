import { useState } from 'react';
import { toast } from '../../lib/toast';
import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useRevokeClientSessions } from './sessions-api';
import { countLabel } from '../../../shared/format';

/** An admin acting for a client: end every session of that client (a lost device, a suspected takeover). */
export function ClientSessionsAdmin({ clientId }: { clientId: string }) {
  const revoke = useRevokeClientSessions(clientId);
  const [confirming, setConfirming] = useState(false);
  const run = () =>
    revoke.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        toast.success(`The client was signed out of ${countLabel(revoked, 'session')}`);
        setConfirming(false);
      },
      onError: (e) => toast.error(e.message || 'Could not sign the client out'),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <LogOut className="size-5 text-brand-700" aria-hidden="true" /> Client Sessions
        </CardTitle>
        <CardDescription>
          Sign this client out on every device, for example after a lost laptop or a suspected break-in. They can sign
          in again with their password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setConfirming(true)} disabled={revoke.isPending}>
          End all sessions
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End all of this client's sessions?"
        description="The client will be signed out on every device at once. This is recorded in their account activity."
        confirmLabel="End all sessions"
        busyLabel="Ending sessions..."
        busy={revoke.isPending}
        onConfirm={run}
      />
    </Card>
  );
}
