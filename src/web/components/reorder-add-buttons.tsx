import { ArrowUpDown, Plus } from 'lucide-react';
import { Button } from './ui/button';

/** Staff's actions over an ordered catalogue (automations, videos): Re-order, once there are two to order, and Add. */
export function ReorderAddButtons({
  count,
  reorderLabel,
  addLabel,
  onReorder,
  onAdd,
}: {
  /** How many there are; unknown (undefined) while the list loads. */
  count: number | undefined;
  reorderLabel: string;
  addLabel: string;
  onReorder: () => void;
  onAdd: () => void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onReorder} disabled={count === undefined || count < 2}>
        <ArrowUpDown aria-hidden /> {reorderLabel}
      </Button>
      <Button onClick={onAdd}>
        <Plus aria-hidden /> {addLabel}
      </Button>
    </>
  );
}
