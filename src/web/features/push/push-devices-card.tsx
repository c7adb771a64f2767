import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { BellRing } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryStates } from '../../components/query-states';
import { formatDate } from '../../../shared/format';
import type { PushDevice } from '../../../shared/push-rules';
import { pushDevicesQuery, thisDeviceQuery, useRemovePushDevice, useTurnOnPush } from './api';
import { watchPushAvailability, type PushAvailability } from './push-browser';

const UNAVAILABLE: Record<'unsupported' | 'denied', string> = {
  unsupported:
    'This browser cannot show notifications from websites. On an iPhone or iPad, add the portal to your Home Screen first, then open it from there.',
  denied:
    "Notifications are blocked for this site in this browser. Allow them in the browser's site settings, then reload this page.",
};

/**
 * My Account's "Notifications on this device": Web Push in this browser (the browser asks for
 * permission), and every device where it is on, each removable. What is pushed follows the
 * Push notifications preference.
 */
export function PushDevicesCard() {
  const devices = useQuery(pushDevicesQuery());
  const thisDevice = useQuery(thisDeviceQuery());
  const turnOn = useTurnOnPush();
  const remove = useRemovePushDevice();
  // Unknown until the browser says: the button waits rather than offering what may not work.
  const [availability, setAvailability] = useState<PushAvailability | null>(null);
  useEffect(() => watchPushAvailability(setAvailability), []);
  const [removing, setRemoving] = useState<PushDevice | null>(null);
  const titleId = useId();
  const isThis = (d: PushDevice) => !!thisDevice.data && d.endpointTag === thisDevice.data;
  const onHere = devices.data?.some(isThis) ?? false;

  const start = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => toast.success('Notifications turned on for this device'),
      onError: (e) => toast.error(e.message || 'Could not turn notifications on'),
    });
  const confirmRemove = () => {
    if (!removing) return;
    const here = isThis(removing);
    remove.mutate(
      { id: removing.id, thisDevice: here },
      {
        onSuccess: () => {
          setRemoving(null);
          toast.success(here ? 'Notifications turned off for this device' : `Removed ${removing.label}`);
        },
        onError: (e) => toast.error(e.message || 'Could not remove that device'),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <BellRing className="size-5 text-brand-700" aria-hidden="true" /> Notifications on this device
        </CardTitle>
        <CardDescription>
          Get your notifications on this computer or phone, even when the portal is closed. They follow your Push
          notifications preference.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {onHere ? (
          <p className="text-sm text-gray-700">Notifications are on for this device.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <div>
              <Button
                onClick={start}
                disabled={availability !== 'available' || turnOn.isPending}
                aria-describedby={availability && availability !== 'available' ? `${titleId}-why` : undefined}
              >
                <BellRing aria-hidden="true" />{' '}
                {turnOn.isPending ? 'Turning on...' : 'Turn on notifications on this device'}
              </Button>
            </div>
            {availability && availability !== 'available' && (
              <p id={`${titleId}-why`} className="text-sm text-gray-600">
                {UNAVAILABLE[availability]}
              </p>
            )}
          </div>
        )}
        <section aria-labelledby={`${titleId}-list`} className="flex flex-col gap-2">
          <h3 id={`${titleId}-list`} className="text-sm font-medium text-gray-900">
            Devices with notifications on
          </h3>
          <QueryStates
            query={devices}
            loading="Loading devices..."
            error="Could not load your devices."
            empty={{ title: 'No devices yet', hint: 'Turn notifications on above to add this one.' }}
          >
            {(items) => (
              <ul className="divide-y divide-gray-100" aria-labelledby={`${titleId}-list`}>
                {items.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                        {d.label}
                        {isThis(d) && (
                          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                            This device
                          </span>
                        )}
                      </p>
                      <p className="text-sm text-gray-600">Added {formatDate(d.createdAt)}</p>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      className="shrink-0"
                      onClick={() => setRemoving(d)}
                      aria-label={`Remove ${d.label}, added ${formatDate(d.createdAt)}`}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        </section>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Turn off notifications on ${removing?.label ?? 'this device'}?`}
        description="It stops receiving your notifications at once. You can turn them on again from that device."
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
