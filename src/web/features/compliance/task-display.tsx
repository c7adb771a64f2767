import { AlertTriangle, CheckCircle2, Clock, FileUp, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { ComplianceTask } from '../../../shared/compliance';
import { formatDate } from '../../../shared/format';

export const formatDue = (iso: string | null) => (iso ? formatDate(iso) : 'No due date');

export function Badge({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium', className)}
    >
      {children}
    </span>
  );
}

/** Completed (green), Submitted (blue: waiting for review), Overdue (red, with an icon and the word) or Pending (amber): never colour alone. */
export function StatusBadge({ task }: { task: ComplianceTask }) {
  if (task.status === 'Submitted')
    return (
      <Badge className="border-sky-200 bg-sky-50 text-sky-800">
        <Hourglass className="size-3.5" aria-hidden="true" /> Submitted
      </Badge>
    );
  if (task.status === 'Completed')
    return (
      <Badge className="border-green-200 bg-green-50 text-green-800">
        <CheckCircle2 className="size-3.5" aria-hidden="true" /> Completed
      </Badge>
    );
  if (task.overdue)
    return (
      <Badge className="border-red-200 bg-red-50 text-red-700">
        <AlertTriangle className="size-3.5" aria-hidden="true" /> Overdue
      </Badge>
    );
  return (
    <Badge className="border-amber-200 bg-amber-50 text-amber-800">
      <Clock className="size-3.5" aria-hidden="true" /> Pending
    </Badge>
  );
}

const priorityTone = {
  High: 'border-red-200 text-red-700',
  Medium: 'border-amber-200 text-amber-800',
  Low: 'border-gray-200 text-gray-700',
} as const;
export const PriorityBadge = ({ task }: { task: ComplianceTask }) => (
  <Badge className={cn('bg-white', priorityTone[task.priority])}>{task.priority} priority</Badge>
);

export const taskFlags = (task: ComplianceTask) =>
  [
    task.isBusinessLicense && 'Business License',
    task.isTaxForm && 'Tax Form',
    task.isCompliance && 'Compliance',
  ].filter((f): f is string => Boolean(f));

export function FlagBadges({ task }: { task: ComplianceTask }) {
  return (
    <>
      {taskFlags(task).map((f) => (
        <Badge key={f} className="border-brand-100 bg-brand-50 text-brand-800">
          {f}
        </Badge>
      ))}
    </>
  );
}

/** Marks a document request (a task with an upload slot). */
export function RequestBadge({ task }: { task: ComplianceTask }) {
  if (task.kind !== 'document_request') return null;
  return (
    <Badge className="border-violet-200 bg-violet-50 text-violet-800">
      <FileUp className="size-3.5" aria-hidden="true" /> Document request
    </Badge>
  );
}
