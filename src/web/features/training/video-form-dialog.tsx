import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { describedBy, FormField } from '../../components/ui/form-field';
import { UploadProgress } from '../../components/file-upload';
import { uploadFormWithProgress } from '../../lib/file-requests';
import { ApiError } from '../../lib/api-error';
import { putServerError } from '../../lib/server-error';
import {
  FILES_REQUIRED,
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_ACCEPT,
  uploadVideoFailed,
  VIDEO_ACCEPT,
} from '../../../shared/training-rules';
import { videoFields, type TrainingVideo } from '../../../shared/training';
import { formatFileSize } from '../../../shared/format';
import { addVideoUpload, editVideoUpload, useRefreshTraining } from './api';
import { Textarea } from '../../components/ui/textarea';

type FormValues = z.input<typeof videoFields>;
type Output = z.output<typeof videoFields>;

const fileClass =
  'block w-full text-sm text-gray-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-gray-900 hover:file:bg-gray-50 disabled:opacity-60';

/** Add Training Video (both files required) or edit one (files optional: a blank one keeps the stored file). */
export function VideoFormDialog({
  open,
  onOpenChange,
  video,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  video?: TrainingVideo;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={video ? 'Edit Training Video' : 'Add Training Video'}
        description={video ? 'Change the details; choose a file only to replace it.' : undefined}
      >
        {/* Mounted while open only, so each opening starts from the video's current values. */}
        {open && <VideoForm video={video} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function VideoForm({ video, onDone }: { video?: TrainingVideo; onDone: () => void }) {
  const p = useId();
  const refresh = useRefreshTraining();
  const form = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(videoFields),
    defaultValues: {
      title: video?.title ?? '',
      duration: video?.duration ?? '',
      description: video?.description ?? '',
    },
  });
  const { register, formState, control } = form;
  const e = formState.errors;
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const filesMissing = !video && (!thumbnail || !file);
  const [title, duration, description] = useWatch({ control, name: ['title', 'duration', 'description'] });
  const textMissing = !title?.trim() || !duration?.trim() || !description?.trim();

  const submit = form.handleSubmit(async (values) => {
    if (filesMissing) {
      setError(FILES_REQUIRED);
      return;
    }
    if (thumbnail && thumbnail.size > MAX_THUMBNAIL_BYTES) {
      setError(`The thumbnail is too large. The maximum size is ${formatFileSize(MAX_THUMBNAIL_BYTES)}.`);
      return;
    }
    setError(null);
    const body = new FormData();
    body.append('title', values.title);
    body.append('duration', values.duration);
    body.append('description', values.description);
    if (thumbnail) body.append('thumbnail', thumbnail);
    if (file) body.append('video', file);
    setProgress(0);
    const result = await uploadFormWithProgress(video ? editVideoUpload(video.id) : addVideoUpload, body, setProgress);
    setProgress(null);
    if (!result.ok) {
      // A refusal of a typed field stands under it; one of a file, or of no field, in the alert.
      setError(putServerError(form, new ApiError(result.error, result.status, undefined, result.field)));
      toast.error(uploadVideoFailed(result.error));
      return;
    }
    toast.success(video ? `${values.title} saved.` : `${values.title} added.`);
    void refresh();
    onDone();
  });

  const id = (name: string) => `${p}-${name}`;
  return (
    <form onSubmit={(ev) => void submit(ev)} noValidate className="flex flex-col gap-4">
      <FormField id={id('title')} label="Title" error={e.title?.message}>
        <Input
          id={id('title')}
          autoComplete="off"
          disabled={busy}
          aria-invalid={Boolean(e.title)}
          aria-describedby={describedBy(id('title'), undefined, e.title)}
          {...register('title')}
        />
      </FormField>
      <FormField
        id={id('duration')}
        label="Duration"
        hint="Minutes and seconds, like 10:30."
        error={e.duration?.message}
      >
        <Input
          id={id('duration')}
          autoComplete="off"
          placeholder="10:30"
          disabled={busy}
          aria-invalid={Boolean(e.duration)}
          aria-describedby={describedBy(id('duration'), true, e.duration)}
          {...register('duration')}
        />
      </FormField>
      <FormField id={id('description')} label="Description" error={e.description?.message}>
        <Textarea
          id={id('description')}
          className="min-h-24"
          disabled={busy}
          aria-invalid={Boolean(e.description)}
          aria-describedby={describedBy(id('description'), undefined, e.description)}
          {...register('description')}
        />
      </FormField>
      <FormField
        id={id('thumbnail')}
        label={video ? 'Thumbnail (optional)' : 'Thumbnail'}
        hint={video ? 'Leave empty to keep the current picture.' : 'An image, shown on the card.'}
      >
        <input
          id={id('thumbnail')}
          type="file"
          accept={THUMBNAIL_ACCEPT}
          className={fileClass}
          disabled={busy}
          aria-describedby={`${id('thumbnail')}-hint`}
          onChange={(ev) => setThumbnail(ev.target.files?.[0] ?? null)}
        />
      </FormField>
      <FormField
        id={id('video')}
        label={video ? 'Video file (optional)' : 'Video file'}
        hint={video ? 'Leave empty to keep the current video.' : 'The video people will watch.'}
      >
        <input
          id={id('video')}
          type="file"
          accept={VIDEO_ACCEPT}
          className={fileClass}
          disabled={busy}
          aria-describedby={`${id('video')}-hint`}
          onChange={(ev) => setFile(ev.target.files?.[0] ?? null)}
        />
      </FormField>
      {filesMissing && !error && <p className="text-sm text-gray-600">{FILES_REQUIRED}</p>}
      {busy && <UploadProgress percent={progress} />}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || filesMissing || textMissing}>
          {busy ? 'Uploading...' : video ? 'Save Changes' : 'Add Video'}
        </Button>
      </div>
    </form>
  );
}
