import { useState } from 'react';
import { Send, Workflow } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { DELETE_AUTOMATION_CONFIRM, NO_AUTOMATIONS, type Automation } from '../../../shared/automations';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { automationsQuery, useDeleteAutomation } from './api';
import { AutomationCard } from './automation-card';
import { AutomationFormDialog } from './automation-form-dialog';
import { ReorderDialog } from './reorder-dialog';
import { AllRequests, YourRequests } from './request-lists';
import { RequestDialog } from './request-dialog';
import { PageHeader } from '../../components/page-header';
import { ReorderAddButtons } from '../../components/reorder-add-buttons';
import { useIsPortalAdmin } from '../../app/portal-admin';

/** /automations: the shared catalogue (admins manage it) and automation requests. */
export function AutomationsPage() {
  useDocumentTitle('Automations');
  // Staff (admins and staff members) move requests along; only administrators manage the catalogue.
  const { isAdmin: isStaff, user } = useAuth();
  const isAdmin = useIsPortalAdmin();
  const list = usePagedList(automationsQuery());
  const remove = useDeleteAutomation();
  const [form, setForm] = useState<{ automation?: Automation } | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const [reordering, setReordering] = useState(false);
  const [requesting, setRequesting] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.name || 'Automation'} deleted.`);
      setDeleting(null);
    } catch (err) {
      toast.error(`Could not delete the automation: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Automations"
        intro="Automations that keep your business running."
        actions={
          <div className="flex flex-wrap gap-2">
            {isAdmin ? (
              <ReorderAddButtons
                count={list.data ? list.total : undefined}
                reorderLabel="Re-order"
                addLabel="Add Automation"
                onReorder={() => setReordering(true)}
                onAdd={() => setForm({})}
              />
            ) : (
              <Button onClick={() => setRequesting(true)}>
                <Send aria-hidden /> Request Automation
              </Button>
            )}
          </div>
        }
      />

      <QueryStates
        query={list}
        noun="automations"
        loading="Loading automations..."
        error="Could not load the automations."
        empty={{
          title: NO_AUTOMATIONS,
          hint: isAdmin ? 'Add the first one with Add Automation.' : 'Ask for one with Request Automation.',
          icon: <Workflow aria-hidden className="size-8 text-gray-400" />,
        }}
      >
        {(items) => (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((a) => (
              <AutomationCard
                key={a.id}
                automation={a}
                isAdmin={isAdmin}
                onEdit={() => setForm({ automation: a })}
                onDelete={() => setDeleting(a)}
              />
            ))}
          </div>
        )}
      </QueryStates>

      {isStaff ? <AllRequests /> : user && <YourRequests clientId={user.id} />}

      {isAdmin ? (
        <>
          <AutomationFormDialog
            open={form !== null}
            onOpenChange={(o) => !o && setForm(null)}
            automation={form?.automation}
          />
          <ReorderDialog open={reordering} onOpenChange={setReordering} />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(o) => !o && setDeleting(null)}
            title="Delete automation"
            description={DELETE_AUTOMATION_CONFIRM}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={() => void confirmDelete()}
          />
        </>
      ) : (
        user && <RequestDialog clientId={user.id} open={requesting} onOpenChange={setRequesting} />
      )}
    </div>
  );
}
