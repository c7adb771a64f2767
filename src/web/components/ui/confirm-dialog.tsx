import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';

/** Asks before a destructive action; the confirm button stays disabled while it runs. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={props.open} onOpenChange={(o) => !props.busy && props.onOpenChange(o)}>
      <DialogContent title={props.title} description={props.description}>
        {props.children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={props.busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={props.onConfirm} disabled={props.busy}>
            {props.busy ? (props.busyLabel ?? 'Deleting...') : props.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
