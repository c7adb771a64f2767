import { useState } from 'react';
import { Download, FileText, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FileUpload } from '../../components/file-upload';
import { QueryStates } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { usePagedList } from '../../lib/paged-list';
import { deleteResourceFailed, downloadResourceFailed } from '../../../shared/training-rules';
import type { TrainingVideo, VideoResource } from '../../../shared/training';
import { formatFileSize } from '../../../shared/format';
import { LIMITS } from '../../../shared/limits';
import { downloadResource, resourcesQuery, resourceUpload, useDeleteResource, useRefreshTraining } from './api';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Resource Materials of one video: download each; admins add (PDF, DOC, DOCX) and delete. */
export function ResourcesDialog({
  video,
  isAdmin,
  open,
  onOpenChange,
}: {
  video: TrainingVideo;
  isAdmin: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Resource Materials" description={video.title}>
        {open && <Resources video={video} isAdmin={isAdmin} />}
      </DialogContent>
    </Dialog>
  );
}

function Resources({ video, isAdmin }: { video: TrainingVideo; isAdmin: boolean }) {
  const list = usePagedList(resourcesQuery(video.id));
  const refresh = useRefreshTraining();
  const remove = useDeleteResource(video.id);
  const [deleting, setDeleting] = useState<VideoResource | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const full = list.total >= LIMITS.resourcesPerVideo;

  async function download(r: VideoResource) {
    setDownloading(r.id);
    try {
      await downloadResource(r);
    } catch (err) {
      toast.error(downloadResourceFailed(message(err)));
    } finally {
      setDownloading(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`${deleting.name} deleted.`, { duration: 2000 });
      setDeleting(null);
    } catch (err) {
      toast.error(deleteResourceFailed(message(err)));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {isAdmin &&
        (full ? (
          <Alert tone="info">
            This video has {LIMITS.resourcesPerVideo} resources, the most it can have. Delete one to add another.
          </Alert>
        ) : (
          <FileUpload
            label="Add a resource"
            target={resourceUpload(video.id)}
            onUploaded={(_body, file) => {
              toast.success(`${file.name} uploaded.`);
              void refresh();
            }}
          />
        ))}
      <QueryStates
        query={list}
        noun="resources"
        loading="Loading resources..."
        error="Could not load the resources."
        empty={{
          title: 'No resources yet',
          hint: isAdmin ? 'Add a PDF, DOC or DOCX above.' : 'Materials for this video will appear here.',
        }}
      >
        {(items) => (
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
            {items.map((r) => (
              <li key={r.id} className="flex items-center gap-3 px-3 py-2">
                <FileText className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-gray-900" title={r.name}>
                    {r.name}
                  </p>
                  <p className="text-xs text-gray-600">{formatFileSize(r.size)}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={downloading === r.id}
                  aria-label={`Download ${r.name}`}
                  onClick={() => void download(r)}
                >
                  <Download aria-hidden />{' '}
                  <span className="hidden sm:inline">{downloading === r.id ? 'Downloading...' : 'Download'}</span>
                </Button>
                {isAdmin && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-600 hover:bg-red-50"
                    aria-label={`Delete ${r.name}`}
                    title="Delete"
                    onClick={() => setDeleting(r)}
                  >
                    <Trash2 />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this resource?"
        description={deleting ? `“${deleting.name}” will be deleted permanently.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
