import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { securityQuery } from './api';
import { ChangePasswordDialog } from './change-password-dialog';
import { formatDate } from '../../../shared/format';
import { LoadFailed } from '../../components/load-states';

/** Panel 3: password status and the Change Password button (disabled for admins). `own`: the admin's own account. */
export function SecuritySettings({
  clientId,
  isAdmin,
  own = false,
}: {
  clientId: string;
  isAdmin: boolean;
  own?: boolean;
}) {
  const query = useQuery(securityQuery(clientId));
  const [open, setOpen] = useState(false);
  const changed = query.data?.lastPasswordChange;
  const noteId = `change-password-admin-note${own ? '-own' : ''}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound className="size-5 text-brand-700" aria-hidden="true" /> Security Settings
        </CardTitle>
        <CardDescription>Keep your account secure.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {query.isError && <LoadFailed message="Could not load the password status." query={query} />}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm font-medium text-gray-900">Password</p>
            <p className="text-sm text-gray-600">
              {query.isPending ? 'Loading...' : changed ? `Last changed ${formatDate(changed)}` : 'Password unchanged'}
            </p>
          </div>
          <Button
            variant="outline"
            onClick={() => setOpen(true)}
            disabled={isAdmin}
            aria-describedby={isAdmin ? noteId : undefined}
          >
            Change Password
          </Button>
        </div>
        {isAdmin && (
          <p id={noteId} className="text-xs text-gray-500">
            {own
              ? 'Administrators cannot change their password here. To choose a new one, use Forgot password? on the Sign In page.'
              : 'Administrators cannot change passwords here. Clients change their own password from their My Account page.'}
          </p>
        )}
        {!isAdmin && <ChangePasswordDialog open={open} onOpenChange={setOpen} />}
      </CardContent>
    </Card>
  );
}
