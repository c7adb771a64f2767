import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AlertTriangle, Archive, Clock, FileText, LifeBuoy, Phone, PlayCircle, TrendingUp } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { branding } from '../../../shared/branding';
import { BUILD_OUT_DAYS, MY_ACCOUNT_TASK } from '../../../shared/compliance-template';
import { taskProgress } from '../../../shared/compliance-rules';
import { archiveUrl } from '../documents/api';
import { activitiesQuery, buildOutQuery } from './api';
import { NamedTasks } from './named-tasks';
import { ProgressPie } from './progress-pie';
import { RecentActivities } from './recent-activities';
import { introQuery } from '../training/api';
import { VideoPlayer } from '../training/video-player';
import { FundabilityCard } from '../fundability/fundability-card';
import { fundabilityQuery } from '../fundability/api';
import { LoadFailed } from '../../components/load-states';

/** The pie appears from this many completed tasks (as in the original product). */
const PIE_FROM = 2;
const CURRENT_PHASE_DAYS = 3;

/** Home, below Business Programs: progress, phase, required action, named tasks, activities. */
export function Dashboard() {
  const { user, isAdmin } = useAuth();
  const clientId = user?.id ?? '';
  const query = useQuery({ ...buildOutQuery(clientId), enabled: Boolean(clientId) });
  // The intro video an admin chose (Training Videos); the welcome card stays as it is without one.
  const intro = useQuery({ ...introQuery(), enabled: Boolean(clientId) }).data ?? null;
  // The cards below mount once the build-out has loaded: their requests start now, beside it, not after it.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!clientId) return;
    if (!isAdmin) void queryClient.prefetchQuery(fundabilityQuery(clientId));
    void queryClient.prefetchInfiniteQuery(activitiesQuery(clientId));
  }, [queryClient, clientId, isAdmin]);

  if (!clientId || query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your dashboard" />
      </div>
    );
  if (query.isError) return <LoadFailed message="Your dashboard could not be loaded." query={query} />;

  const { namedTasks } = query.data;
  // The one count of tasks (all of them), as the timeline and Compliance show it.
  const progress = taskProgress(query.data);
  const { completed, total, percent } = progress;
  const profileDone = namedTasks.find((t) => t.name === MY_ACCOUNT_TASK)?.completed ?? false;

  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-6">
      <h2 id="dashboard-heading" className="sr-only">
        Dashboard
      </h2>
      {!profileDone && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="required-action"
        >
          <div className="flex items-start gap-3">
            <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <div>
              <p className="text-sm font-semibold text-amber-900">Required Client Action</p>
              <p className="text-sm text-amber-900">
                Please complete your profile in My Account so our team can start working on your business build-out.
              </p>
            </div>
          </div>
          <Button asChild size="sm" className="shrink-0">
            <Link to="/account">Complete Your Profile</Link>
          </Button>
        </div>
      )}

      <Card data-testid="welcome-card">
        <CardContent className="flex flex-col items-start gap-3 pt-6 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50">
            <PlayCircle aria-hidden className="size-7 text-brand-700" />
          </span>
          <div>
            <h3 className="text-lg font-semibold text-gray-900">Welcome to your business build-out</h3>
            <p className="text-sm text-gray-600">
              Over the next {BUILD_OUT_DAYS} days you complete one build-out task a day. Start with the three tasks
              below, then follow your timeline on Business Compliance.{' '}
              {intro
                ? `Start with the introduction video: ${intro.title}.`
                : 'Your introduction video will appear here.'}
            </p>
          </div>
        </CardContent>
        {intro && (
          <CardContent className="pt-0">
            <div className="mx-auto max-w-3xl">
              <VideoPlayer key={intro.id} video={intro} />
            </div>
          </CardContent>
        )}
      </Card>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card data-testid="overall-progress">
          <CardHeader className="pb-2">
            <CardDescription className="flex items-center gap-2">
              <TrendingUp aria-hidden className="size-4" />
              Overall Progress
            </CardDescription>
            <CardTitle className="text-3xl tabular-nums">{percent}%</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-gray-600">{progress.text}</CardContent>
        </Card>
        <Card>
          <CardHeader className="pb-2">
            <CardDescription className="flex items-center gap-2">
              <Clock aria-hidden className="size-4" />
              Current Phase
            </CardDescription>
            <CardTitle className="text-xl">Business Formation</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-gray-600">
            Setting up your business foundation. Estimated time:{' '}
            <span className="font-medium text-gray-900">{CURRENT_PHASE_DAYS} days</span>
          </CardContent>
        </Card>
      </div>

      {/* An admin's own home has no client records to check: they open /fundability for a client. */}
      {!isAdmin && <FundabilityCard clientId={clientId} />}

      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to="/documents">
            <FileText aria-hidden />
            View Documents
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href={branding.liveSupportUrl} target="_blank" rel="noreferrer">
            <LifeBuoy aria-hidden />
            Support
          </a>
        </Button>
        <Button asChild variant="link">
          <a href={archiveUrl(clientId)} download>
            <Archive aria-hidden />
            Download All Business Documents
          </a>
        </Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <NamedTasks clientId={clientId} tasks={namedTasks} />
        {completed >= PIE_FROM ? (
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Build-Out Progress</CardTitle>
            </CardHeader>
            <CardContent>
              <ProgressPie completed={completed} total={total} />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Build-Out Progress</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-gray-600">
              Your progress chart appears once you have completed {PIE_FROM} tasks.
            </CardContent>
          </Card>
        )}
      </div>

      <Card>
        <CardContent className="flex flex-col items-start gap-3 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <p className="text-sm text-gray-700">
              Have questions about your build-out? Call your agent, we are happy to help.
            </p>
          </div>
          <Button asChild size="sm">
            <a href={`tel:${branding.phone.replace(/[^\d+]/g, '')}`}>Call {branding.phone}</a>
          </Button>
        </CardContent>
      </Card>

      <RecentActivities clientId={clientId} />
    </section>
  );
}
