import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { saveOrderFailed, type TrainingVideo } from '../../../shared/training';
import { everyVideoQuery, useSaveOrder } from './api';

/** Re-order Videos: pick a title, move it up or down, save the whole order (renumbered 1..n). */
export function ReorderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Re-order Videos" description="Choose a video, then move it up or down. Save to apply the new order.">
        {open && <Reorder onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Reorder({ onDone }: { onDone: () => void }) {
  const query = useQuery(everyVideoQuery());
  const save = useSaveOrder();
  // The order being edited; the saved one until the first move.
  const [moved, setOrder] = useState<TrainingVideo[] | null>(null);
  const order = moved ?? query.data ?? null;
  const [selected, setSelected] = useState<string | null>(null);

  if (query.isError)
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        Could not load the videos. {query.error.message}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (!order)
    return (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner className="size-4" label="" /> Loading videos...
      </p>
    );

  const index = order.findIndex((v) => v.id === selected);
  const move = (by: -1 | 1) => {
    if (index < 0) return;
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    setOrder(next);
  };

  async function submit() {
    if (!order) return;
    try {
      await save.mutateAsync(order.map((v) => v.id));
      toast.success('Video order saved.');
      onDone();
    } catch (err) {
      toast.error(saveOrderFailed(err instanceof Error ? err.message : String(err)));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex max-h-[40vh] flex-col gap-1 overflow-y-auto" aria-label="Videos in display order">
        {order.map((v, i) => (
          <li key={v.id}>
            <button
              type="button"
              aria-pressed={v.id === selected}
              onClick={() => setSelected(v.id)}
              className={cn(
                'flex w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                v.id === selected ? 'border-brand-700 bg-brand-50 font-medium text-brand-900' : 'border-gray-200 text-gray-800 hover:bg-gray-50',
              )}
            >
              <span className="w-6 shrink-0 tabular-nums text-gray-600">{i + 1}.</span>
              <span className="min-w-0 flex-1 truncate">{v.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={index <= 0 || save.isPending} onClick={() => move(-1)}>
          <ArrowUp aria-hidden /> Move up
        </Button>
        <Button variant="outline" size="sm" disabled={index < 0 || index >= order.length - 1 || save.isPending} onClick={() => move(1)}>
          <ArrowDown aria-hidden /> Move down
        </Button>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Order'}
        </Button>
      </div>
    </div>
  );
}
