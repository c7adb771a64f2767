import { useEffect, useRef, useState } from 'react';
import { Maximize, Minimize, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { TrainingVideo } from '../../../shared/training';
import { resumeAt, saveProgress } from './api';

/** While playing, the position is saved this often (and on pause, close and unmount). */
const SAVE_EVERY_MS = 5000;

/**
 * Plays one training video inline: no download or picture-in-picture, a fullscreen toggle, and the
 * caller's position saved as they watch and resumed next time. `onClose` (when given) shows a close
 * button; it is called once the position is saved, so the caller can refresh the list.
 */
export function VideoPlayer({
  video,
  onClose,
  autoPlay = false,
}: {
  video: TrainingVideo;
  onClose?: () => void;
  autoPlay?: boolean;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  // The latest position and length, kept outside the element so unmount can still save them.
  const position = useRef<number | null>(null);
  const duration = useRef(0);
  const lastSaved = useRef<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [closing, setClosing] = useState(false);

  const save = useRef(async () => {
    const at = position.current;
    if (at === null || (lastSaved.current !== null && Math.abs(at - lastSaved.current) < 0.25)) return;
    lastSaved.current = at;
    await saveProgress(video.id, at, duration.current);
  });

  useEffect(() => {
    const flush = save.current;
    const onFullscreen = () =>
      setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreen);
      void flush();
    };
  }, []);

  // Every few seconds while playing.
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => void save.current(), SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [playing]);

  async function toggleFullscreen() {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await frame.current?.requestFullscreen();
    } catch (err) {
      console.error('Fullscreen is not available.', err);
    }
  }

  async function close() {
    setClosing(true);
    videoRef.current?.pause();
    if (document.fullscreenElement) await document.exitFullscreen().catch((err: unknown) => console.error(err));
    await save.current();
    onClose?.();
  }

  return (
    <div className="flex flex-col gap-2">
      <div
        ref={frame}
        className="relative overflow-hidden rounded-lg bg-black [&:fullscreen]:flex [&:fullscreen]:items-center [&:fullscreen]:rounded-none"
      >
        <video
          ref={videoRef}
          className="aspect-video w-full bg-black"
          src={video.streamUrl}
          poster={video.thumbnailUrl}
          controls
          controlsList="nodownload"
          disablePictureInPicture
          playsInline
          preload="metadata"
          autoPlay={autoPlay}
          aria-label={`Video: ${video.title}`}
          data-testid="training-video"
          onContextMenu={(e) => e.preventDefault()}
          onLoadedMetadata={(e) => {
            const el = e.currentTarget;
            duration.current = Number.isFinite(el.duration) ? el.duration : 0;
            const at = resumeAt(video);
            if (at > 0 && (!duration.current || at < duration.current - 0.5)) el.currentTime = at;
            position.current = el.currentTime;
            // Opening and closing without watching saves nothing.
            lastSaved.current = el.currentTime;
          }}
          onTimeUpdate={(e) => {
            position.current = e.currentTarget.currentTime;
            if (Number.isFinite(e.currentTarget.duration)) duration.current = e.currentTarget.duration;
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => {
            setPlaying(false);
            void save.current();
          }}
          onEnded={() => {
            setPlaying(false);
            void save.current();
          }}
        >
          Your browser cannot play this video.
        </video>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => void toggleFullscreen()} aria-pressed={fullscreen}>
          {fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
          {fullscreen ? 'Exit full screen' : 'Full screen'}
        </Button>
        {onClose && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void close()}
            disabled={closing}
            aria-label={`Close ${video.title}`}
          >
            <X aria-hidden /> Close
          </Button>
        )}
      </div>
    </div>
  );
}
