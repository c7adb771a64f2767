import { Suspense } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import type { ComplianceTask } from '../../../shared/compliance';
import { FlagBadges, PriorityBadge, RequestBadge, StatusBadge, formatDue, taskFlags } from './task-display';
import { Spinner } from '../../components/ui/spinner';
import { lazyPage } from '../../app/lazy-page';

// The request's upload and review forms load with the task that has one, not with the board.
const RequestPanel = lazyPage(() => import('./request-panel'), 'RequestPanel');

/** Details of one task (clients and admins); a document request adds its upload slot and review. */
export function TaskDetail({
  task,
  clientId,
  isAdmin,
  onClose,
}: {
  task: ComplianceTask | null;
  clientId: string;
  isAdmin: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(task)} onOpenChange={(o) => !o && onClose()}>
      {task && (
        <DialogContent title={task.name} description="Task details" className="max-w-xl">
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge task={task} />
            <RequestBadge task={task} />
            <PriorityBadge task={task} />
            <FlagBadges task={task} />
          </div>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-500">Status</dt>
            <dd className="text-gray-900">
              {task.status}
              {task.overdue && <span className="ml-2 font-medium text-red-700">(Overdue)</span>}
            </dd>
            <dt className="text-gray-500">Due date</dt>
            <dd className="text-gray-900">{formatDue(task.dueDate)}</dd>
            <dt className="text-gray-500">Priority</dt>
            <dd className="text-gray-900">{task.priority}</dd>
            <dt className="text-gray-500">Type</dt>
            <dd className="text-gray-900">
              {[task.kind === 'document_request' ? 'Document request' : '', ...taskFlags(task)]
                .filter(Boolean)
                .join(', ') || 'General task'}
            </dd>
            <dt className="text-gray-500">Added</dt>
            <dd className="text-gray-900">{formatDue(task.createdAt)}</dd>
          </dl>
          <h3 className="mt-4 text-sm font-medium text-gray-900">Description</h3>
          <p className="mt-1 whitespace-pre-line text-sm text-gray-700">{task.description || 'No description.'}</p>
          {task.kind === 'document_request' && (
            <Suspense fallback={<Spinner label="Loading the request" />}>
              <RequestPanel task={task} clientId={clientId} isAdmin={isAdmin} />
            </Suspense>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
