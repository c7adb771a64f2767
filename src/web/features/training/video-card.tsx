import { useState } from 'react';
import { CheckCircle2, Clock, FolderOpen, Pencil, Play, Star, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { TrainingVideo } from '../../../shared/training';
import { ResourcesDialog } from './resources-dialog';
import { VideoPlayer } from './video-player';

/** How far into a video the caller is, as a whole percent (0 when not started). */
export const percentWatched = (p: { positionSeconds: number; durationSeconds: number } | null) =>
  p && p.durationSeconds > 0 ? Math.min(100, Math.round((p.positionSeconds / p.durationSeconds) * 100)) : 0;

/** One video: thumbnail (the play button), title, length, description, progress, resources; admin controls. */
export function VideoCard({
  video,
  isAdmin,
  playing,
  onPlay,
  onClose,
  onEdit,
  onDelete,
  onSetIntro,
  introBusy,
}: {
  video: TrainingVideo;
  isAdmin: boolean;
  playing: boolean;
  onPlay: () => void;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onSetIntro: (intro: boolean) => void;
  introBusy: boolean;
}) {
  const [resourcesOpen, setResourcesOpen] = useState(false);
  const titleId = `video-${video.id}-title`;
  const percent = percentWatched(video.progress);
  const watched = video.progress?.watched ?? false;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex min-w-0 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm',
        playing && 'col-span-full',
      )}
      data-testid="video-card"
      data-search-id={video.id}
    >
      {playing ? (
        <div className="mx-auto w-full max-w-4xl p-3">
          <VideoPlayer video={video} onClose={onClose} autoPlay />
        </div>
      ) : (
        <button
          type="button"
          onClick={onPlay}
          aria-label={`Play ${video.title}, ${video.duration}`}
          className="group relative block aspect-video w-full overflow-hidden bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
        >
          <img
            src={video.thumbnailUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform group-hover:scale-105"
          />
          <span className="absolute inset-0 flex items-center justify-center bg-black/10 group-hover:bg-black/25">
            <span className="flex size-12 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow">
              <Play aria-hidden className="ml-0.5 size-6 fill-current" />
            </span>
          </span>
          <span className="absolute bottom-2 right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium tabular-nums text-white">
            {video.duration}
          </span>
        </button>
      )}
      {!playing && !watched && percent > 0 && (
        <div
          role="progressbar"
          aria-label={`${video.title}: ${percent}% watched`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 w-full bg-gray-200"
          data-testid="video-progress"
        >
          <div className="h-full bg-brand-700" style={{ width: `${Math.max(percent, 2)}%` }} />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          {watched && (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
              <CheckCircle2 aria-hidden className="size-3.5" /> Watched
            </span>
          )}
          {isAdmin && video.isIntro && (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
              <Star aria-hidden className="size-3.5" /> Dashboard intro
            </span>
          )}
        </div>
        <h2 id={titleId} className="text-base font-semibold break-words text-gray-900">
          {video.title}
        </h2>
        <p className="flex items-center gap-1 text-xs text-gray-600">
          <Clock aria-hidden className="size-3.5" /> {video.duration}
          {!watched && percent > 0 && <span> · {percent}% watched</span>}
        </p>
        <p className="line-clamp-3 text-sm break-words text-gray-700" title={video.description}>
          {video.description}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={() => setResourcesOpen(true)}>
            <FolderOpen aria-hidden /> Resource Materials ({video.resourceCount})
          </Button>
        </div>
        {isAdmin && (
          <div className="flex flex-wrap items-center gap-1 border-t border-gray-100 pt-2">
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={introBusy}
              onClick={() => onSetIntro(!video.isIntro)}
            >
              {video.isIntro ? 'Remove as dashboard intro' : 'Set as dashboard intro'}
            </Button>
            <span className="ml-auto flex gap-1">
              <Button variant="ghost" size="icon" aria-label={`Edit ${video.title}`} title="Edit" onClick={onEdit}>
                <Pencil />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-red-600 hover:bg-red-50"
                aria-label={`Delete ${video.title}`}
                title="Delete"
                onClick={onDelete}
              >
                <Trash2 />
              </Button>
            </span>
          </div>
        )}
      </div>
      <ResourcesDialog video={video} isAdmin={isAdmin} open={resourcesOpen} onOpenChange={setResourcesOpen} />
    </article>
  );
}
