import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseMutationResult, type UseQueryOptions } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { toast } from '../lib/toast';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Dialog, DialogContent } from './ui/dialog';
import { Spinner } from './ui/spinner';
import { cn } from '../lib/cn';
import { LoadFailed } from './load-states';

type Item = { id: string };
type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

type ReorderDialogProps<T extends Item, K extends QueryKey> = OpenProps & {
  title: string;
  description: string;
  /** Plural, lower case: 'videos', 'automations' (loading and error lines, the list's name). */
  noun: string;
  /** Every item in its saved order. */
  query: UseQueryOptions<T[], Error, T[], K>;
  /** Saves the ids in their new order (the server renumbers from 1). */
  save: UseMutationResult<unknown, Error, string[]>;
  renderItem: (item: T) => ReactNode;
  savedMessage: string;
  failedMessage: (reason: string) => string;
};

/**
 * An area's Re-order dialog from its words, its whole list and the hook that saves the order, so
 * the area states only what differs.
 */
export function reorderDialogFor<T extends Item, K extends QueryKey>({
  query,
  useSave,
  ...spec
}: Omit<ReorderDialogProps<T, K>, keyof OpenProps | 'query' | 'save'> & {
  query: () => ReorderDialogProps<T, K>['query'];
  useSave: () => ReorderDialogProps<T, K>['save'];
}) {
  return function AreaReorderDialog(props: OpenProps) {
    const save = useSave();
    return <ReorderDialog {...props} {...spec} query={query()} save={save} />;
  };
}

/**
 * Re-order (videos, automations): select one (click again to deselect), Move Up / Move Down
 * (disabled at the ends), Save Order. Stays open with the reason on failure.
 */
function ReorderDialog<T extends Item, K extends QueryKey>({
  open,
  onOpenChange,
  title,
  description,
  ...props
}: ReorderDialogProps<T, K>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {open && <Reorder {...props} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Reorder<T extends Item, K extends QueryKey>({
  noun,
  query: options,
  save,
  renderItem,
  savedMessage,
  failedMessage,
  onDone,
}: Omit<ReorderDialogProps<T, K>, 'open' | 'onOpenChange' | 'title' | 'description'> & { onDone: () => void }) {
  const query = useQuery(options);
  // The order being edited; the saved one until the first move.
  const [moved, setOrder] = useState<T[] | null>(null);
  const order = moved ?? query.data ?? null;
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (query.isError) return <LoadFailed message={`Could not load the ${noun}. ${query.error.message}`} query={query} />;
  if (!order)
    return (
      <p className="flex items-center gap-2 text-sm text-gray-600" role="status">
        <Spinner className="size-4" label="" /> Loading {noun}...
      </p>
    );

  const index = order.findIndex((item) => item.id === selected);
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
      await save.mutateAsync(order.map((item) => item.id));
      toast.success(savedMessage);
      onDone();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      toast.error(failedMessage(message));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <ol
        className="flex max-h-[40vh] flex-col gap-1 overflow-y-auto"
        aria-label={`${noun[0].toUpperCase()}${noun.slice(1)} in display order`}
      >
        {order.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              aria-pressed={item.id === selected}
              onClick={() => setSelected((s) => (s === item.id ? null : item.id))}
              className={cn(
                'flex w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                item.id === selected
                  ? 'border-brand-700 bg-brand-50 font-medium text-brand-900'
                  : 'border-gray-200 text-gray-800 hover:bg-gray-50',
              )}
            >
              <span className="w-6 shrink-0 tabular-nums text-gray-600">{i + 1}.</span>
              {renderItem(item)}
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={index <= 0 || save.isPending} onClick={() => move(-1)}>
          <ArrowUp aria-hidden /> Move Up
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={index < 0 || index >= order.length - 1 || save.isPending}
          onClick={() => move(1)}
        >
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
