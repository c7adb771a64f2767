import { CalendarDays, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { ComplianceTask } from '../../../shared/compliance';
import { sectionTitle } from '../../../shared/document-requests-rules';
import { FlagBadges, PriorityBadge, RequestBadge, StatusBadge, formatDue } from './task-display';
import { countLabel } from '../../../shared/format';

/** One task: the tile opens its details; admins also get Edit and Delete. */
export function TaskTile(props: {
  task: ComplianceTask;
  isAdmin: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { task } = props;
  const done = task.status === 'Completed';
  return (
    <li
      aria-label={task.name}
      className={cn(
        'flex flex-col rounded-xl border bg-white shadow-sm',
        done
          ? 'border-green-300 bg-green-50/60'
          : task.overdue
            ? 'border-red-300'
            : task.status === 'Submitted'
              ? 'border-sky-300'
              : 'border-amber-300',
      )}
    >
      {/* The task's name is the button (its label names what it opens and contains what it shows);
          the button's overlay makes the whole upper part of the tile clickable. */}
      <div className="relative flex flex-1 flex-col gap-3 rounded-xl p-4 has-focus-visible:ring-2 has-focus-visible:ring-brand-600">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-medium text-gray-900">
            <button
              type="button"
              onClick={props.onOpen}
              className="cursor-pointer text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
              aria-label={`View task ${task.name}`}
            >
              {task.name}
            </button>
          </h3>
          <StatusBadge task={task} />
        </div>
        {task.kind === 'document_request' && (
          <p className="text-sm text-gray-700">
            Upload to <span className="font-medium">{sectionTitle(task.requestedDocumentType)}</span>
            {task.uploadCount > 0 && ` · ${countLabel(task.uploadCount, 'upload')}`}
          </p>
        )}
        {task.rejectReason && task.status === 'Awaiting Completion' && (
          <p className="line-clamp-2 rounded-md bg-red-50 px-2 py-1 text-sm text-red-800">
            Rejected: {task.rejectReason}
          </p>
        )}
        {task.description && <p className="line-clamp-2 text-sm text-gray-600">{task.description}</p>}
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm',
            task.overdue ? 'font-medium text-red-700' : 'text-gray-700',
          )}
        >
          <CalendarDays className="size-4" aria-hidden="true" />{' '}
          {task.dueDate ? `Due ${formatDue(task.dueDate)}` : 'No due date'}
        </p>
        <div className="flex flex-wrap gap-1.5">
          <RequestBadge task={task} />
          <PriorityBadge task={task} />
          <FlagBadges task={task} />
        </div>
      </div>
      {props.isAdmin && (
        <div className="flex justify-end gap-2 border-t border-gray-100 px-4 py-2">
          <Button size="sm" variant="ghost" onClick={props.onEdit} aria-label={`Edit task ${task.name}`}>
            <Pencil aria-hidden="true" /> Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={props.onDelete}
            aria-label={`Delete task ${task.name}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      )}
    </li>
  );
}
