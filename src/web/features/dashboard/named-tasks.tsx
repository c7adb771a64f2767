import { CheckCircle2, Circle, Download, LifeBuoy } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CONTACT_SUPPORT_TASK, FREE_GUIDE_TASK } from '../../../shared/compliance-template';
import type { NamedTaskStatus } from '../../../shared/dashboard';
import { useContactSupport, useDownloadFreeGuide } from './api';

/** The three tasks the dashboard names, each with its status and, where the original product gives one, its button. */
export function NamedTasks({ clientId, tasks }: { clientId: string; tasks: NamedTaskStatus[] }) {
  const contact = useContactSupport(clientId);
  const guide = useDownloadFreeGuide(clientId);

  const action = (t: NamedTaskStatus) => {
    if (t.name === CONTACT_SUPPORT_TASK && !t.completed)
      return (
        <Button
          size="sm"
          disabled={contact.isPending}
          onClick={() =>
            contact.mutate(undefined, {
              onSuccess: () => toast.success('Our support team has been notified. We will be in touch soon.'),
              onError: (e) => toast.error(e.message),
            })
          }
        >
          <LifeBuoy aria-hidden />
          {contact.isPending ? 'Contacting...' : 'Contact Support'}
        </Button>
      );
    if (t.name === FREE_GUIDE_TASK)
      return (
        <Button
          size="sm"
          variant={t.completed ? 'outline' : 'default'}
          disabled={guide.isPending}
          onClick={() => guide.mutate(undefined, { onError: (e) => toast.error(e.message) })}
        >
          <Download aria-hidden />
          {guide.isPending ? 'Downloading...' : 'Download Free Guide'}
        </Button>
      );
    return null;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Getting Started</CardTitle>
      </CardHeader>
      <CardContent>
        {tasks.length === 0 ? (
          <p className="text-sm text-gray-600">No tasks found</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100">
            {tasks.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="named-task"
                data-task={t.name}
              >
                <span className="flex items-center gap-2 text-sm font-medium text-gray-900">
                  {t.completed ? (
                    <CheckCircle2 aria-hidden className="size-5 shrink-0 text-green-600" />
                  ) : (
                    <Circle aria-hidden className="size-5 shrink-0 text-gray-500" />
                  )}
                  {t.name}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.completed ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
                  >
                    {t.completed ? 'Completed' : 'Awaiting Completion'}
                  </span>
                </span>
                {action(t)}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
