import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CopyButton } from '../../components/copy-button';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { useServerError } from '../../lib/server-error';
import { packetLinkInput, SHARE_DAYS, type FundingPacket } from '../../../shared/packets';
import { formatDate } from '../../../shared/format';
import { useCreateLink } from './api';
import { PacketItems } from './funding-packet-page';

/**
 * Shares a ready packet: the items the link will share are shown first, exactly as the lender's
 * page lists them; the address is shown once, after the link is made (only its hash is kept).
 */
export function ShareDialog({
  clientId,
  packet,
  onClose,
}: {
  clientId: string;
  packet: FundingPacket;
  onClose: () => void;
}) {
  const create = useCreateLink(clientId);
  const [url, setUrl] = useState<string | null>(null);
  const form = useForm<z.input<typeof packetLinkInput>, unknown, z.output<typeof packetLinkInput>>({
    resolver: zodResolver(packetLinkInput),
    defaultValues: { packetId: packet.id, days: SHARE_DAYS.default, label: '' },
  });
  useServerError(form, create.error);
  const submit = form.handleSubmit((v) =>
    create.mutate(v, {
      onSuccess: (body) => setUrl(body.url),
    }),
  );
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent
        title="Share with a lender"
        description={`The packet of ${formatDate(packet.createdAt)}. Anyone with the link can open it until it expires or you revoke it.`}
      >
        {url ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-gray-800">
              Send this link to the lender. It is shown only now: copy it before you close this window.
            </p>
            <p
              className="rounded-md bg-gray-50 px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]"
              data-testid="share-url"
            >
              {url}
            </p>
            <div className="flex justify-end gap-2">
              <CopyButton label="Copy link" value={() => url} />
              <Button type="button" onClick={onClose}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <div>
              <p className="text-sm font-medium text-gray-900">What the lender will see</p>
              {/* Focusable, so a keyboard can scroll a long index. */}
              <div
                tabIndex={0}
                role="region"
                aria-label="Items the link shares"
                className="max-h-56 overflow-y-auto rounded-md border border-gray-200 px-3"
              >
                <PacketItems items={packet.items} />
              </div>
              <p className="mt-1 text-xs text-gray-600">
                The PDF and its manifest, nothing else. Your SSN and bank numbers are never in the packet; the EIN shows
                its last 4 digits only.
              </p>
            </div>
            <TextField
              id="share-days"
              type="number"
              inputMode="numeric"
              min={SHARE_DAYS.min}
              max={SHARE_DAYS.max}
              label={`Days the link works (${SHARE_DAYS.min} to ${SHARE_DAYS.max})`}
              error={errors.days?.message}
              {...form.register('days', { valueAsNumber: true })}
            />
            <TextField
              id="share-label"
              label="Who it is for (optional)"
              hint="Only you and our staff see it."
              maxLength={100}
              error={errors.label?.message}
              {...form.register('label')}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create link'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
