import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FileUp, Plus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { useDefaultClient } from '../../lib/client-options';
import { ClientSelector } from '../../components/client-selector';
import { TaskBoard } from './task-board';
import { PageHeader } from '../../components/page-header';

/** /compliance: a client's task tiles; admins pick a client and add, edit and delete tasks. ?task=<id> opens one (see TaskBoard). */
export function CompliancePage() {
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  // The original product orders the admin's client list by name: with no ?client=, the first by name.
  const chosen = useDefaultClient(isAdmin, params.get('client'), 'name_asc');
  const clientId = isAdmin ? chosen : (user?.id ?? null);
  const [adding, setAdding] = useState(false);
  const [requesting, setRequesting] = useState(false);

  const add = () => (clientId ? setAdding(true) : toast.error('No user selected!'));
  const request = () => (clientId ? setRequesting(true) : toast.error('No user selected!'));
  const selectClient = (id: string) => setParams({ client: id });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Business Compliance"
        intro="Your build-out tasks with their due dates. Overdue tasks are marked so nothing slips."
        actions={
          isAdmin && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={request}>
                <FileUp aria-hidden="true" /> Request a Document
              </Button>
              <Button onClick={add}>
                <Plus aria-hidden="true" /> Add Task
              </Button>
            </div>
          )
        }
      />
      {isAdmin && <ClientSelector value={clientId} onChange={selectClient} />}
      {clientId && (
        <TaskBoard
          key={clientId}
          clientId={clientId}
          isAdmin={isAdmin}
          adding={adding}
          setAdding={setAdding}
          requesting={requesting}
          setRequesting={setRequesting}
        />
      )}
    </div>
  );
}
