import { Suspense, useState } from 'react';
import { ShowMore, usePagedList } from '../../lib/paged-list';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import type { Activity } from '../../../shared/activities';
import { activitiesQuery, useAddActivity, useDeleteActivity, useUpdateActivity } from './api';
import { lazyPage } from '../../app/lazy-page';
import { formatDateTime } from '../../../shared/format';
import { LoadFailed } from '../../components/load-states';

// The form (react-hook-form, the schema) loads when it opens: the dashboard's first paint does without it.
const ActivityForm = lazyPage(() => import('./activity-form'), 'ActivityForm');

const statusStyle: Record<Activity['status'], string> = {
  Completed: 'bg-green-100 text-green-800',
  'In Progress': 'bg-brand-50 text-brand-800',
  pending: 'bg-amber-100 text-amber-900',
  urgent: 'bg-red-100 text-red-800',
};

/** Recent Activities: newest first, with add, inline edit and delete (confirmed). */
export function RecentActivities({ clientId }: { clientId: string }) {
  const query = usePagedList(activitiesQuery(clientId));
  const add = useAddActivity(clientId);
  const update = useUpdateActivity(clientId);
  const remove = useDeleteActivity(clientId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-lg">Recent Activities</CardTitle>
        {!adding && (
          <Button size="sm" variant="outline" onClick={() => (add.reset(), setAdding(true))}>
            <Plus aria-hidden />
            Add Activity
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {adding && (
          <div className="rounded-lg border border-gray-200 p-4">
            <Suspense fallback={<Spinner label="Loading the form" />}>
              <ActivityForm
                idPrefix="new-activity"
                submitLabel="Add Activity"
                pending={add.isPending}
                serverError={add.error}
                onCancel={() => setAdding(false)}
                onSubmit={(values) =>
                  add.mutate(values, { onSuccess: () => (setAdding(false), toast.success('Activity added')) })
                }
              />
            </Suspense>
          </div>
        )}
        {query.isError && !query.data ? (
          <LoadFailed message="Your activities could not be loaded." query={query} />
        ) : !query.data ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading activities" />
          </div>
        ) : query.data.length === 0 ? (
          <p className="py-4 text-center text-sm text-gray-600">
            No activities yet. Add one to keep track of your progress.
          </p>
        ) : (
          <ul
            className="flex max-h-96 flex-col divide-y divide-gray-100 overflow-y-auto"
            aria-label="Recent activities"
          >
            {query.data.map((a) =>
              editing === a.id ? (
                <li key={a.id} className="py-3">
                  <Suspense fallback={<Spinner label="Loading the form" />}>
                    <ActivityForm
                      idPrefix={`activity-${a.id}`}
                      initial={a}
                      submitLabel="Save"
                      pending={update.isPending}
                      serverError={update.error}
                      onCancel={() => setEditing(null)}
                      onSubmit={(values) =>
                        update.mutate(
                          { id: a.id, ...values },
                          { onSuccess: () => (setEditing(null), toast.success('Activity updated')) },
                        )
                      }
                    />
                  </Suspense>
                </li>
              ) : (
                <li key={a.id} className="flex items-start justify-between gap-3 py-3" data-testid="activity">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-medium text-gray-900">{a.title}</p>
                    {a.notes && <p className="break-words text-sm text-gray-600">{a.notes}</p>}
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
                      <span className={`rounded-full px-2 py-0.5 font-medium ${statusStyle[a.status]}`}>
                        {a.status}
                      </span>
                      <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Edit activity ${a.title}`}
                      onClick={() => (update.reset(), setEditing(a.id))}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete activity ${a.title}`}
                      onClick={() => setDeleting(a)}
                    >
                      <Trash2 aria-hidden className="text-red-600" />
                    </Button>
                  </div>
                </li>
              ),
            )}
          </ul>
        )}
        <ShowMore list={query} noun="activities" />
      </CardContent>
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent
          title="Delete activity"
          description={deleting ? `Are you sure you want to delete "${deleting.title}"?` : undefined}
        >
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => (setDeleting(null), toast.success('Activity deleted')),
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
