import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { Card, CardContent } from '../../components/ui/card';
import { BUILD_OUT_DAYS } from '../../../shared/compliance-template';
import { taskProgress } from '../../../shared/compliance-rules';
import { buildOutQuery } from './api';
import { LoadFailed } from '../../components/load-states';

/** The Business Build Out Timeline: one dot per task, a progress bar, 'N/M tasks completed' and the day. */
export function TimelineBanner() {
  const { user } = useAuth();
  const clientId = user?.id ?? '';
  const query = useQuery({ ...buildOutQuery(clientId), enabled: Boolean(clientId) });
  const data = query.data;
  const tasks = data?.tasks ?? [];
  // The one count (all the client's tasks, as Compliance shows it); M is 45 while there are none.
  const progress = taskProgress(data);
  const percent = progress.percent;

  return (
    <section aria-labelledby="timeline-heading">
      <Card className="overflow-hidden border-brand-100 bg-gradient-to-br from-brand-50 to-white">
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="timeline-heading" className="text-lg font-semibold text-gray-900">
              Business Build Out Timeline
            </h2>
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-800 px-3 py-1 text-sm font-medium text-white"
              data-testid="build-out-day"
            >
              <CalendarDays aria-hidden className="size-4" />
              Day {data?.totalDays ?? 0}
            </span>
          </div>
          {query.isError ? (
            <LoadFailed message="Your timeline could not be loaded." query={query} />
          ) : (
            <ol aria-label="Build-out tasks" className="flex flex-wrap gap-1.5" aria-busy={query.isPending}>
              {(tasks.length
                ? tasks
                : Array.from({ length: BUILD_OUT_DAYS }, (_, i) => ({ id: -i - 1, name: '', completed: false }))
              ).map((t, i) => (
                <li
                  key={t.id}
                  data-testid="timeline-dot"
                  data-completed={t.completed}
                  title={t.name ? `${t.name}: ${t.completed ? 'completed' : 'not completed'}` : undefined}
                  aria-label={
                    t.name
                      ? `Task ${i + 1}, ${t.name}: ${t.completed ? 'completed' : 'not completed'}`
                      : `Task ${i + 1}: loading`
                  }
                  className={`size-3 rounded-full ${t.completed ? 'bg-green-600' : 'bg-gray-300'} ${query.isPending ? 'animate-pulse' : ''}`}
                />
              ))}
            </ol>
          )}
          <div className="flex flex-col gap-1.5">
            <div
              role="progressbar"
              aria-label="Tasks completed"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${progress.sentence} (${percent}%)`}
              className="h-2.5 overflow-hidden rounded-full bg-gray-200"
            >
              <div className="h-full rounded-full bg-green-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <div className="flex justify-between text-sm text-gray-700">
              <span data-testid="tasks-completed">{progress.text}</span>
              <span className="tabular-nums text-gray-500">{percent}%</span>
            </div>
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
