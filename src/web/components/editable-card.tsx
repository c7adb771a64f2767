import type { ReactNode } from 'react';
import { Card, CardContent } from './ui/card';
import { ConfirmDialog } from './ui/confirm-dialog';
import { EditDeleteButtons } from './edit-delete-buttons';

/**
 * A stored item's card (bank account, card, social account): its heading with Edit and Delete,
 * then its details, or its form in their place while editing; Delete asks first.
 */
export function EditableCard({
  title,
  heading,
  editing,
  onEdit,
  form,
  children,
  confirm,
  className,
  contentClassName,
  'data-search-id': searchId,
}: {
  /** Names the card and its Edit and Delete buttons for screen readers. */
  title: string;
  heading: ReactNode;
  editing: boolean;
  onEdit: () => void;
  form: ReactNode;
  children: ReactNode;
  /** The delete confirmation; Delete opens it. */
  confirm: {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    title: string;
    description: string;
    busy: boolean;
    onConfirm: () => void;
  };
  className?: string;
  contentClassName?: string;
  'data-search-id'?: string;
}) {
  return (
    <Card role="article" aria-label={title} className={className} data-search-id={searchId}>
      <div className="flex items-start justify-between gap-2 p-4 pb-2">
        {heading}
        {!editing && <EditDeleteButtons title={title} onEdit={onEdit} onDelete={() => confirm.onOpenChange(true)} />}
      </div>
      <CardContent className={contentClassName}>{editing ? form : children}</CardContent>
      <ConfirmDialog {...confirm} confirmLabel="Delete" />
    </Card>
  );
}
