import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { LoadFailed } from '../../components/load-states';
import { countLabel } from '../../../shared/format';
import { staffMembersQuery, useAssignClients } from './api';

const POOL = '';

/**
 * Admins: "Assign to..." the selected clients (the Clients list), or one client (`clientName`, their
 * page, starting from `current`, their staff member now): a staff member, or no one (the admins' pool).
 */
export function AssignDialog({
  clientIds,
  clientName,
  current = null,
  open,
  onOpenChange,
  onDone,
}: {
  clientIds: string[];
  clientName?: string;
  current?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const staff = useQuery({ ...staffMembersQuery(), enabled: open });
  const assign = useAssignClients();
  const [staffId, setStaffId] = useState(current ?? POOL);
  const selectId = useId();
  const who = clientName ?? countLabel(clientIds.length, 'client');

  function save() {
    assign.mutate(
      { clientIds, staffId: staffId === POOL ? null : staffId },
      {
        onSuccess: (result) => {
          toast.success(
            result.staff
              ? `${who} assigned to ${result.staff.name || 'the staff member'}.`
              : `${who} back in the admins' pool.`,
          );
          onDone();
        },
        onError: (e) => toast.error(e.message),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !assign.isPending && onOpenChange(o)}>
      <DialogContent
        title="Assign to..."
        description={clientName ? `Who works with ${clientName}.` : `Who works the ${who} you selected.`}
      >
        <div className="flex flex-col gap-4">
          {staff.isError ? (
            <LoadFailed message="Could not load the staff members." query={staff} />
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={selectId}>Staff member</Label>
              <select
                id={selectId}
                className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                value={staffId}
                disabled={staff.isPending}
                onChange={(e) => setStaffId(e.target.value)}
              >
                <option value={POOL}>No one (the admins' pool)</option>
                {staff.data?.items.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name || m.email} ({countLabel(m.assignedClients, 'client')})
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={assign.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button onClick={save} disabled={assign.isPending || staff.isPending}>
              {assign.isPending ? 'Assigning...' : 'Assign'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
