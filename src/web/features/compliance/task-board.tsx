import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { QueryStates } from '../../components/query-states';
import { ShowMore, usePagedList } from '../../lib/paged-list';
import { useRenderInSteps } from '../../lib/use-render-in-steps';
import { Spinner } from '../../components/ui/spinner';
import { lazyPage } from '../../app/lazy-page';
import { TASK_NOT_FOUND, taskProgress } from '../../../shared/compliance-rules';
import type { ComplianceTask, TaskCounts, TaskFilters as Filters, TaskInput } from '../../../shared/compliance';
import type { DocumentRequestInput } from '../../../shared/document-requests';
import {
  complianceTaskQuery,
  complianceTasksQuery,
  useAddDocumentRequest,
  useAddTask,
  useDeleteTask,
  useUpdateTask,
} from './api';
import { TaskDetail } from './task-detail';
import { filtersFrom, hasFilters, TaskFilters, withFilters } from './task-filters';
import { TaskTile } from './task-tile';

// The forms (react-hook-form, the schemas) load when one opens: the board's first paint does without them.
const RequestForm = lazyPage(() => import('./request-form'), 'RequestForm');
const TaskForm = lazyPage(() => import('./task-form'), 'TaskForm');
const formLoading = <Spinner label="Loading the form" />;

/** ?task=<id> as a task id, or null. */
const taskIdFrom = (params: URLSearchParams) => {
  const raw = params.get('task');
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
};

/**
 * One client's tasks: the counts over all of them, filters, 45 tiles a page (Show more / Show all),
 * and the dialogs. ?task=<id> opens that task's details, loaded by id when it is not on a loaded page.
 */
export function TaskBoard({
  clientId,
  isAdmin,
  adding,
  setAdding,
  requesting,
  setRequesting,
}: {
  clientId: string;
  isAdmin: boolean;
  adding: boolean;
  setAdding: (o: boolean) => void;
  requesting: boolean;
  setRequesting: (o: boolean) => void;
}) {
  const [params, setParams] = useSearchParams();
  // The filters live in the address (?status=&priority=&overdue=) and, so the controls answer at
  // once (the router applies address changes in a transition), in state that follows the address.
  const fromUrl = filtersFrom(params);
  const urlKey = JSON.stringify(fromUrl);
  const [filters, setFilterState] = useState(fromUrl);
  const [seenUrlKey, setSeenUrlKey] = useState(urlKey);
  if (urlKey !== seenUrlKey) {
    setSeenUrlKey(urlKey);
    setFilterState(fromUrl);
  }
  const list = usePagedList(complianceTasksQuery(clientId, filters));
  const [editing, setEditing] = useState<ComplianceTask | null>(null);
  const [deleting, setDeleting] = useState<ComplianceTask | null>(null);
  const addTask = useAddTask(clientId);
  const addRequest = useAddDocumentRequest(clientId);
  const updateTask = useUpdateTask(clientId);
  const deleteTask = useDeleteTask(clientId);

  const openId = taskIdFrom(params);
  const loaded = list.data?.find((t) => t.id === openId);
  const byId = useQuery({ ...complianceTaskQuery(clientId, openId ?? 0), enabled: openId !== null && !loaded });
  const open = openId === null ? null : (loaded ?? byId.data ?? null);
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
  const missing = openId !== null && !loaded && byId.isError;
  useEffect(() => {
    if (!missing) return;
    toast.error(TASK_NOT_FOUND);
    setOpen(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed id
  }, [missing]);

  const setFilters = (f: Filters) => {
    setFilterState(filtersFrom(withFilters(new URLSearchParams(), f)));
    setParams((prev) => withFilters(prev, f), { replace: true });
  };

  const saveNew = (json: TaskInput) =>
    addTask.mutate(json, {
      onSuccess: () => {
        toast.success('Task added');
        setAdding(false);
      },
      onError: (e) => toast.error('Error adding task!', { description: e.message }),
    });
  const saveRequest = (json: DocumentRequestInput) =>
    addRequest.mutate(json, {
      onSuccess: (task) => {
        toast.success(`Requested ${task.requestedDocument}`);
        setRequesting(false);
      },
      onError: (e) => toast.error('Error requesting the document!', { description: e.message }),
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

  const filtered = hasFilters(filters);
  return (
    <section aria-label="Tasks" className="flex flex-col gap-4">
      <Progress counts={list.lastPage?.counts} />
      <TaskFilters value={filters} onChange={setFilters} matching={list.data ? list.total : undefined} />
      <QueryStates
        query={list}
        loading="Loading tasks..."
        error="Could not load the tasks."
        empty={
          filtered
            ? {
                title: 'No tasks match these filters',
                hint: 'Change or clear the filters to see more tasks.',
                icon: <ClipboardList className="size-8 text-gray-400" aria-hidden="true" />,
              }
            : {
                title: 'No tasks found',
                hint: isAdmin
                  ? 'Use Add Task to give this client their first task.'
                  : 'Your build-out tasks will appear here.',
                icon: <ClipboardList className="size-8 text-gray-400" aria-hidden="true" />,
              }
        }
      >
        {(tasks) => (
          <>
            <TaskTiles
              tasks={tasks}
              isAdmin={isAdmin}
              onOpen={(t) => setOpen(t.id)}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
            <MorePages key={JSON.stringify(filters)} list={list} noun={filtered ? 'matching tasks' : 'tasks'} />
          </>
        )}
      </QueryStates>
      <TaskDetail task={open} clientId={clientId} isAdmin={isAdmin} onClose={() => setOpen(null)} />
      <Dialog open={requesting} onOpenChange={(o) => !addRequest.isPending && setRequesting(o)}>
        <DialogContent
          title="Request a Document"
          description="The client gets a task with an upload slot; the file goes to the section you choose."
          className="max-w-2xl"
        >
          {requesting && (
            <Suspense fallback={formLoading}>
              <RequestForm
                busy={addRequest.isPending}
                error={addRequest.error}
                onSubmit={saveRequest}
                onCancel={() => setRequesting(false)}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={adding} onOpenChange={(o) => !addTask.isPending && setAdding(o)}>
        <DialogContent
          title="Add Task"
          description="A new task on this client's compliance list."
          className="max-w-2xl"
        >
          {adding && (
            <Suspense fallback={formLoading}>
              <TaskForm
                submitLabel="Add Task"
                busy={addTask.isPending}
                error={addTask.error}
                onSubmit={saveNew}
                onCancel={() => setAdding(false)}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={Boolean(editing)} onOpenChange={(o) => !o && !updateTask.isPending && setEditing(null)}>
        <DialogContent title="Edit Task" className="max-w-2xl">
          {editing && (
            <Suspense fallback={formLoading}>
              <TaskForm
                key={editing.id}
                task={editing}
                submitLabel="Save Changes"
                busy={updateTask.isPending}
                error={updateTask.error}
                onSubmit={saveEdit}
                onCancel={() => setEditing(null)}
              />
            </Suspense>
          )}
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
    </section>
  );
}

/** Tiles a phone's screen and a wide screen's first rows show; the rest of a page of 45 follows in steps. */
const TILES_AT_ONCE = 9;

function TaskTiles({
  tasks,
  isAdmin,
  onOpen,
  onEdit,
  onDelete,
}: {
  tasks: ComplianceTask[];
  isAdmin: boolean;
  onOpen: (t: ComplianceTask) => void;
  onEdit: (t: ComplianceTask) => void;
  onDelete: (t: ComplianceTask) => void;
}) {
  const shown = useRenderInSteps(tasks.length, TILES_AT_ONCE);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {tasks.slice(0, shown).map((t) => (
        <TaskTile
          key={t.id}
          task={t}
          isAdmin={isAdmin}
          onOpen={() => onOpen(t)}
          onEdit={() => onEdit(t)}
          onDelete={() => onDelete(t)}
        />
      ))}
    </ul>
  );
}

/** 'N/M tasks completed' over all the client's tasks (the timeline's wording and count), and how many are overdue. */
function Progress({ counts }: { counts: TaskCounts | undefined }) {
  if (!counts || counts.total === 0) return null;
  return (
    <p className="text-sm text-gray-700" data-testid="compliance-progress">
      {taskProgress(counts).text}
      {counts.overdue > 0 && <span className="font-medium text-red-700"> · {counts.overdue} overdue</span>}
    </p>
  );
}

/** Show more (the next 45) and Show all (every remaining page, one after another). */
function MorePages({
  list,
  noun,
}: {
  list: ReturnType<typeof usePagedList<ComplianceTask, { counts: TaskCounts }>>;
  noun: string;
}) {
  const [all, setAll] = useState(false);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (all && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [all, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  if (all && hasNextPage)
    return (
      <p className="py-2 text-center text-sm text-gray-600" role="status">
        Loading all {list.total.toLocaleString('en-US')} {noun}...{' '}
        <Button size="sm" variant="ghost" onClick={() => setAll(false)}>
          Stop
        </Button>
      </p>
    );
  return <ShowMore list={list} noun={noun} onShowAll={() => setAll(true)} />;
}
