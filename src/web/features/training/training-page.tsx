import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Video } from 'lucide-react';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryStates } from '../../components/query-states';
import { usePagedList } from '../../lib/paged-list';
import { deleteVideoFailed, NO_TRAINING_VIDEOS } from '../../../shared/training-rules';
import type { TrainingVideo } from '../../../shared/training';
import { useDocumentTitle } from '../placeholders/use-document-title';
import { useDeleteVideo, useRefreshTraining, useSetIntro, videosQuery } from './api';
import { ClientProgress } from './client-progress';
import { ReorderDialog } from './reorder-dialog';
import { VideoCard } from './video-card';
import { plural } from '../../../shared/format';
import { PageHeader } from '../../components/page-header';
import { ReorderAddButtons } from '../../components/reorder-add-buttons';
import { lazyPage } from '../../app/lazy-page';
import { useIsPortalAdmin } from '../../app/portal-admin';

// Staff's video form (react-hook-form, the schema) loads only for staff: a client's page does without it.
const VideoFormDialog = lazyPage(() => import('./video-form-dialog'), 'VideoFormDialog');

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** /training: the video library. Everyone watches (progress saved); admins manage it and see a client's progress. */
export function TrainingPage() {
  useDocumentTitle('Training Videos');
  // Shared content managed by administrators: a staff member sees it as any signed-in user does.
  const isAdmin = useIsPortalAdmin();
  const list = usePagedList(videosQuery());
  const refresh = useRefreshTraining();
  const remove = useDeleteVideo();
  const setIntro = useSetIntro();
  const [playing, setPlaying] = useState<string | null>(null);
  const [form, setForm] = useState<{ video?: TrainingVideo } | null>(null);
  const [deleting, setDeleting] = useState<TrainingVideo | null>(null);
  const [reordering, setReordering] = useState(false);
  const [params, setParams] = useSearchParams();

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.title} deleted.`, { duration: 2000 });
      if (playing === deleting.id) setPlaying(null);
      setDeleting(null);
    } catch (err) {
      toast.error(deleteVideoFailed(message(err)));
    }
  }

  async function changeIntro(video: TrainingVideo, intro: boolean) {
    try {
      await setIntro.mutateAsync(intro ? video.id : null);
      toast.success(intro ? `${video.title} now plays on the dashboard.` : 'The dashboard has no intro video now.');
    } catch (err) {
      toast.error(`Could not change the dashboard intro: ${message(err)}`);
    }
  }

  const watchedCount = list.lastPage?.watchedCount ?? 0;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title="Training Videos"
        intro="Short lessons on building your business. Your place in each video is saved."
        actions={
          isAdmin && (
            <div className="flex flex-wrap gap-2">
              <ReorderAddButtons
                count={list.data ? list.total : undefined}
                reorderLabel="Re-order Videos"
                addLabel="Add Training Video"
                onReorder={() => setReordering(true)}
                onAdd={() => setForm({})}
              />
            </div>
          )
        }
      >
        {list.data && list.total > 0 && (
          <p className="mt-1 text-sm font-medium text-gray-900" data-testid="watched-count">
            {watchedCount} of {list.total} {plural(list.total, 'video')} watched
          </p>
        )}
      </PageHeader>

      <QueryStates
        query={list}
        noun="videos"
        loading="Loading training videos..."
        error="Could not load the training videos."
        empty={{
          title: NO_TRAINING_VIDEOS,
          hint: isAdmin ? 'Add the first one with Add Training Video.' : 'New lessons will appear here.',
          icon: <Video aria-hidden className="size-8 text-gray-400" />,
        }}
      >
        {(videos) => (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
            {videos.map((v) => (
              <VideoCard
                key={v.id}
                video={v}
                isAdmin={isAdmin}
                playing={playing === v.id}
                onPlay={() => setPlaying(v.id)}
                onClose={() => {
                  setPlaying((p) => (p === v.id ? null : p));
                  void refresh();
                }}
                onEdit={() => setForm({ video: v })}
                onDelete={() => setDeleting(v)}
                onSetIntro={(intro) => void changeIntro(v, intro)}
                introBusy={setIntro.isPending}
              />
            ))}
          </div>
        )}
      </QueryStates>

      {isAdmin && (
        <ClientProgress
          clientId={params.get('client') || null}
          onChange={(id) => setParams(id ? { client: id } : {})}
        />
      )}

      {isAdmin && (
        <>
          <Suspense fallback={null}>
            <VideoFormDialog open={form !== null} onOpenChange={(o) => !o && setForm(null)} video={form?.video} />
          </Suspense>
          <ReorderDialog open={reordering} onOpenChange={setReordering} />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(o) => !o && setDeleting(null)}
            title="Delete this video?"
            description={deleting ? `“${deleting.title}” and its resource materials will be deleted permanently.` : ''}
            confirmLabel="Delete"
            busy={remove.isPending}
            onConfirm={() => void confirmDelete()}
          />
        </>
      )}
    </div>
  );
}
