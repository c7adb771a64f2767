import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import type { Automation } from '../../../shared/automations';
import { everyAutomationQuery, useSaveAutomationOrder } from './api';

/** Re-order: select one (click again to deselect), Move Up / Move Down, Save Order (renumbered from 1). Stays open on failure. */
export function ReorderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Re-order Automations" description="Select an automation, then move it up or down. Save Order applies the new order.">
        {open && <Reorder onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Reorder({ onDone }: { onDone: () => void }) {
  const query = useQuery(everyAutomationQuery());
  const save = useSaveAutomationOrder();
  const [moved, setOrder] = useState<Automation[] | null>(null);
  const order = moved ?? query.data ?? null;
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (query.isError)
    return (
      <Alert tone="error" className="flex items-center justify-between gap-2">
        Could not load the automations. {query.error.message}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (!order)
    return (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner className="size-4" label="" /> Loading automations...
      </p>
    );

  const index = order.findIndex((a) => a.id === selected);
  const move = (by: -1 | 1) => {
    if (index < 0) return;
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    setOrder(next);
  };

  async function submit() {
    if (!order) return;
    setError(null);
    try {
      await save.mutateAsync(order.map((a) => a.id));
      toast.success('Automation order saved.');
      onDone();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      toast.error(`Could not save the order: ${message}`);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex max-h-[40vh] flex-col gap-1 overflow-y-auto" aria-label="Automations in display order">
        {order.map((a, i) => (
          <li key={a.id}>
            <button
              type="button"
              aria-pressed={a.id === selected}
              onClick={() => setSelected((s) => (s === a.id ? null : a.id))}
              className={cn(
                'flex w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                a.id === selected ? 'border-brand-700 bg-brand-50 font-medium text-brand-900' : 'border-gray-200 text-gray-800 hover:bg-gray-50',
              )}
            >
              <span className="w-6 shrink-0 tabular-nums text-gray-600">{i + 1}.</span>
              <span aria-hidden>{a.emoji}</span>
              <span className="min-w-0 flex-1 truncate">{a.name || 'Untitled automation'}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={index <= 0 || save.isPending} onClick={() => move(-1)}>
          <ArrowUp aria-hidden /> Move Up
        </Button>
        <Button variant="outline" size="sm" disabled={index < 0 || index >= order.length - 1 || save.isPending} onClick={() => move(1)}>
          <ArrowDown aria-hidden /> Move Down
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
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
