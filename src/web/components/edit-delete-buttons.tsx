import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './ui/button';

/** A record card's Edit and Delete icons, named after the record for screen readers. */
export function EditDeleteButtons({
  title,
  onEdit,
  onDelete,
}: {
  title: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${title}`}>
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={`Delete ${title}`}
      >
        <Trash2 />
      </Button>
    </div>
  );
}
