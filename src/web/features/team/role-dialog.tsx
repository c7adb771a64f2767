import { useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { isDemotion, roleLabels, roles, type Role } from '../../../shared/roles';
import { useChangeRole } from './api';

/** What each role may do, as the dialog explains it beside the choice. */
const roleHints: Record<Role, string> = {
  client: 'Works on their own account only.',
  staff: 'Works the clients assigned to them.',
  admin: 'Works every client and manages the portal: the team, roles and assignments.',
};

/** What a change to a lower role takes away, said before it is made. */
function demotionWarning(from: Role, to: Role) {
  const clients = from === 'staff' ? " The clients assigned to them go back to the admins' pool." : '';
  if (to === 'client') return `They will no longer act for any client.${clients}`;
  return 'They will no longer manage the portal, and will work only the clients assigned to them.';
}

/**
 * Admins: change a user's role. A change to a lower role (an administrator to staff, staff to
 * client) is confirmed in a second step that says what it takes away. `onDone` runs after a change.
 */
export function RoleDialog({
  user,
  open,
  onOpenChange,
  onDone,
}: {
  user: { id: string; name: string; email: string; role: Role };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: (role: Role) => void;
}) {
  const change = useChangeRole();
  const [role, setRole] = useState<Role>(user.role);
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const hintId = useId();
  const who = user.name || user.email;

  function save() {
    if (isDemotion(user.role, role) && !confirming) return setConfirming(true);
    change.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => {
          toast.success(`${who} is now ${role === 'admin' ? 'an' : 'a'} ${roleLabels[role].toLowerCase()}.`);
          onOpenChange(false);
          onDone?.(role);
        },
        onError: (e) => {
          setConfirming(false);
          toast.error(e.message);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !change.isPending && onOpenChange(o)}>
      <DialogContent title="Change role" description={`What ${who} can do in the portal.`}>
        <div className="flex flex-col gap-4">
          {confirming ? (
            <Alert tone="warning">
              <p className="font-medium">
                Make {who} {role === 'admin' ? 'an' : 'a'} {roleLabels[role].toLowerCase()}?
              </p>
              <p>{demotionWarning(user.role, role)}</p>
            </Alert>
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={selectId}>Role</Label>
              <select
                id={selectId}
                aria-describedby={hintId}
                className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                value={role}
                onChange={(e) => setRole(e.target.value as Role)}
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabels[r]}
                    {r === user.role ? ' (current)' : ''}
                  </option>
                ))}
              </select>
              <p id={hintId} className="text-sm text-gray-600">
                {roleHints[role]}
              </p>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {confirming ? (
              <Button variant="outline" disabled={change.isPending} onClick={() => setConfirming(false)}>
                Back
              </Button>
            ) : (
              <DialogClose asChild>
                <Button variant="outline" disabled={change.isPending}>
                  Cancel
                </Button>
              </DialogClose>
            )}
            <Button
              variant={confirming ? 'destructive' : 'default'}
              onClick={save}
              disabled={change.isPending || role === user.role}
            >
              {change.isPending ? 'Saving...' : confirming ? `Make ${roleLabels[role].toLowerCase()}` : 'Save role'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
