import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ClipboardList, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { QueryStates } from '../../components/query-states';
import { TASKS_PER_VIEW, type ComplianceTask, type TaskInput } from '../../../shared/compliance';
import { clientOptionsQuery, type ClientOption } from '../../lib/client-options';
import { ClientSelector } from '../../components/client-selector';
import { complianceTasksQuery, useAddTask, useDeleteTask, useUpdateTask } from './api';
import { TaskDetail } from './task-detail';
import { TaskForm } from './task-form';
import { TaskTile } from './task-tile';

// The spec orders the admin's client list by name.
const byName = (rows: ClientOption[]) => [...rows].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email, 'en', { sensitivity: 'base' }));

/** /compliance: a client's task tiles; admins pick a client and add, edit and delete tasks. ?task=<id> opens one. */
export function CompliancePage() {
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const clients = useQuery({ ...clientOptionsQuery(), enabled: isAdmin, select: byName });
  const clientId = isAdmin ? (params.get('client') ?? clients.data?.[0]?.id ?? null) : (user?.id ?? null);
  const [adding, setAdding] = useState(false);

  const add = () => (clientId ? setAdding(true) : toast.error('No user selected!'));
  const selectClient = (id: string) => setParams({ client: id });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Business Compliance</h1>
          <p className="text-sm text-gray-600">Your build-out tasks with their due dates. Overdue tasks are marked so nothing slips.</p>
        </div>
        {isAdmin && (
          <Button onClick={add}>
            <Plus aria-hidden="true" /> Add Task
          </Button>
        )}
      </header>
      {isAdmin && <ClientSelector query={clients} value={clientId} onChange={selectClient} />}
      {clientId && <TaskBoard key={clientId} clientId={clientId} isAdmin={isAdmin} adding={adding} setAdding={setAdding} />}
    </div>
  );
}

function TaskBoard({ clientId, isAdmin, adding, setAdding }: { clientId: string; isAdmin: boolean; adding: boolean; setAdding: (o: boolean) => void }) {
  const query = useQuery(complianceTasksQuery(clientId));
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<ComplianceTask | null>(null);
  const [deleting, setDeleting] = useState<ComplianceTask | null>(null);
  const addTask = useAddTask(clientId);
  const updateTask = useUpdateTask(clientId);
  const deleteTask = useDeleteTask(clientId);

  const openId = Number(params.get('task')) || null;
  const open = query.data?.find((t) => t.id === openId) ?? null;
  const setOpen = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('task', String(id));
        else next.delete('task');
        return next;
      },
      { replace: true },
    );

  const saveNew = (json: TaskInput) =>
    addTask.mutate(json, {
      onSuccess: () => {
        toast.success('Task added');
        setAdding(false);
      },
      onError: (e) => toast.error('Error adding task!', { description: e.message }),
    });
  const saveEdit = (json: TaskInput) =>
    editing &&
    updateTask.mutate(
      { taskId: editing.id, json },
      {
        onSuccess: () => {
          toast.success('Task updated');
          setEditing(null);
        },
        onError: (e) => toast.error('Error updating task!', { description: e.message }),
      },
    );
  const confirmDelete = () =>
    deleting &&
    deleteTask.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Task deleted');
        setDeleting(null);
      },
      onError: (e) => toast.error('Error deleting task!', { description: e.message }),
    });

  return (
    <>
      <TaskList query={query} isAdmin={isAdmin} onOpen={(t) => setOpen(t.id)} onEdit={setEditing} onDelete={setDeleting} />
      <TaskDetail task={open} onClose={() => setOpen(null)} />
      <Dialog open={adding} onOpenChange={(o) => !addTask.isPending && setAdding(o)}>
        <DialogContent title="Add Task" description="A new task on this client's compliance list." className="max-w-2xl">
          {adding && <TaskForm submitLabel="Add Task" busy={addTask.isPending} onSubmit={saveNew} onCancel={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
      <Dialog open={Boolean(editing)} onOpenChange={(o) => !o && !updateTask.isPending && setEditing(null)}>
        <DialogContent title="Edit Task" className="max-w-2xl">
          {editing && <TaskForm key={editing.id} task={editing} submitLabel="Save Changes" busy={updateTask.isPending} onSubmit={saveEdit} onCancel={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete task"
        description="Are you sure you want to delete this task?"
        confirmLabel="Delete"
        busy={deleteTask.isPending}
        onConfirm={confirmDelete}
      >
        {deleting && <p className="mb-4 text-sm font-medium text-gray-900">{deleting.name}</p>}
      </ConfirmDialog>
    </>
  );
}

function TaskList(props: {
  query: UseQueryResult<ComplianceTask[]>;
  isAdmin: boolean;
  onOpen: (t: ComplianceTask) => void;
  onEdit: (t: ComplianceTask) => void;
  onDelete: (t: ComplianceTask) => void;
}) {
  return (
    <QueryStates
      query={props.query}
      loading="Loading tasks..."
      error="Could not load the tasks."
      empty={{
        title: 'No tasks found',
        hint: props.isAdmin ? 'Use Add Task to give this client their first task.' : 'Your build-out tasks will appear here.',
        icon: <ClipboardList className="size-8 text-gray-400" aria-hidden="true" />,
      }}
    >
      {(tasks) => <Tasks {...props} tasks={tasks} />}
    </QueryStates>
  );
}

function Tasks(props: { tasks: ComplianceTask[]; isAdmin: boolean; onOpen: (t: ComplianceTask) => void; onEdit: (t: ComplianceTask) => void; onDelete: (t: ComplianceTask) => void }) {
  const tasks = props.tasks;
  const done = tasks.filter((t) => t.status === 'Completed').length;
  const overdue = tasks.filter((t) => t.overdue).length;
  return (
    <section aria-label="Tasks" className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">
        {done} of {tasks.length} tasks completed{overdue > 0 && <span className="font-medium text-red-700"> · {overdue} overdue</span>}
        {tasks.length >= TASKS_PER_VIEW && <span className="text-gray-500"> · showing the first {TASKS_PER_VIEW} by due date</span>}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {tasks.map((t) => (
          <TaskTile key={t.id} task={t} isAdmin={props.isAdmin} onOpen={() => props.onOpen(t)} onEdit={() => props.onEdit(t)} onDelete={() => props.onDelete(t)} />
        ))}
      </ul>
    </section>
  );
}
