import { useId, useState } from 'react';
import { ExternalLink, Pencil, RefreshCw, Bell, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../../shared/format';
import { automationStatusColour, automationStatusLabel, type Automation } from '../../../shared/automations';
import { SafeHtml } from './safe-html';

const badge = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-600/30',
};

/** One automation: emoji, name, status, image (enlarge or open in a new tab), description, notes, last updated. */
export function AutomationCard({
  automation: a,
  isAdmin,
  onEdit,
  onDelete,
}: {
  automation: Automation;
  isAdmin: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [enlarged, setEnlarged] = useState(false);
  const titleId = useId();
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 p-5"
      data-testid="automation-card"
      data-search-id={a.id}
    >
      <div className="flex items-start gap-3">
        <span className="text-3xl leading-none" aria-hidden>
          {a.emoji}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="break-words text-base font-semibold text-gray-900">
            {a.name || 'Untitled automation'}
          </h2>
          <p className="text-xs text-gray-600">{a.type}</p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium capitalize ring-1 ring-inset',
            badge[automationStatusColour(a.status)],
          )}
          data-testid="automation-status"
        >
          {automationStatusLabel(a.status)}
        </span>
      </div>
      {a.imageUrl && (
        <div className="flex flex-col gap-1">
          <button
            type="button"
            className="overflow-hidden rounded-md border border-gray-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            onClick={() => setEnlarged(true)}
            aria-label={`Enlarge the image of ${a.name || 'this automation'}`}
          >
            <img src={a.imageUrl} alt="" className="h-40 w-full bg-gray-50 object-contain" loading="lazy" />
          </button>
          <a
            href={a.imageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 self-start text-xs text-brand-700 underline"
          >
            <ExternalLink className="size-3" aria-hidden /> Open image in a new tab
          </a>
        </div>
      )}
      <SafeHtml html={a.description} />
      {a.notes && (
        <div className="rounded-md bg-gray-50 p-3">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-gray-600">Notes</h3>
          <SafeHtml html={a.notes} />
        </div>
      )}
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600">
        {a.isAutoSync && (
          <span className="inline-flex items-center gap-1">
            <RefreshCw className="size-3" aria-hidden /> Auto-sync
          </span>
        )}
        {a.isNotification && (
          <span className="inline-flex items-center gap-1">
            <Bell className="size-3" aria-hidden /> Notifications
          </span>
        )}
        <span>Last updated {formatDateTime(a.updatedAt)}</span>
      </div>
      {isAdmin && (
        <div className="flex gap-2 border-t border-gray-100 pt-3">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${a.name || 'automation'}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-red-700"
            onClick={onDelete}
            aria-label={`Delete ${a.name || 'automation'}`}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      )}
      {a.imageUrl && (
        <Dialog open={enlarged} onOpenChange={setEnlarged}>
          <DialogContent title={a.name || 'Automation image'} className="max-w-3xl">
            <img
              src={a.imageUrl}
              alt={`Image of ${a.name || 'the automation'}`}
              className="max-h-[60vh] w-full object-contain"
            />
            <a
              href={a.imageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex items-center gap-1 text-sm text-brand-700 underline"
            >
              <ExternalLink className="size-4" aria-hidden /> Open in a new tab
            </a>
          </DialogContent>
        </Dialog>
      )}
    </Card>
  );
}
