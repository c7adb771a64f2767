import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { CalendarPlus, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CopyButton } from '../../components/copy-button';
import { LoadFailed, Loading } from '../../components/load-states';
import { formatDateTime } from '../../../shared/format';
import { calendarFeedQuery, useCreateCalendarFeed, useDeleteCalendarFeed } from './api';

/**
 * My Account's "Add to calendar": a private calendar address of the client's due dates. Only the
 * token's hash is kept, so the address is shown once, right after it is made; later visits offer
 * a new one instead.
 */
export function CalendarFeedCard() {
  const query = useQuery(calendarFeedQuery());
  const create = useCreateCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const [confirm, setConfirm] = useState<'regenerate' | 'off' | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const busy = create.isPending || remove.isPending;
  const titleId = useId();

  const makeAddress = (regenerating: boolean) =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        setConfirm(null);
        toast.success(
          regenerating ? 'New calendar address made. The old one no longer works.' : 'Calendar feed turned on',
        );
      },
      onError: (e) => toast.error(e.message || 'Could not make a calendar address'),
    });
  const turnOff = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirm(null);
        toast.success('Calendar feed turned off');
      },
      onError: (e) => toast.error(e.message || 'Could not turn the calendar feed off'),
    });

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <CalendarPlus className="size-5 text-brand-700" aria-hidden="true" /> Add to calendar
        </CardTitle>
        <CardDescription>
          See your task and document due dates in Google, Apple or Outlook Calendar. The address is private: anyone who
          has it can read these dates, so keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.isError && !query.data ? (
          <LoadFailed message="Could not load your calendar feed." query={query} />
        ) : !query.data ? (
          <Loading label="Loading calendar feed..." />
        ) : !query.data.enabled ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-gray-700">Your calendar feed is off.</p>
            <Button onClick={() => makeAddress(false)} disabled={busy}>
              <CalendarPlus aria-hidden="true" /> {create.isPending ? 'Turning on...' : 'Add to calendar'}
            </Button>
          </div>
        ) : (
          <>
            {url ? (
              <FeedAddress url={url} />
            ) : (
              <p className="text-sm text-gray-700">
                Your calendar feed is on (address made {formatDateTime(query.data.createdAt!)}). For your privacy the
                address is shown only once, when it is made. To add it to another calendar, make a new address: the old
                one stops working.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setConfirm('regenerate')} disabled={busy}>
                <RefreshCw aria-hidden="true" /> New address
              </Button>
              <Button variant="outline" onClick={() => setConfirm('off')} disabled={busy}>
                Turn off
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm === 'regenerate'}
        onOpenChange={(o) => setConfirm(o ? 'regenerate' : null)}
        title="Make a new calendar address?"
        description="The current address stops working at once: calendars subscribed to it stop updating until you add the new one."
        confirmLabel="Make a new address"
        busyLabel="Making..."
        busy={create.isPending}
        onConfirm={() => makeAddress(true)}
      />
      <ConfirmDialog
        open={confirm === 'off'}
        onOpenChange={(o) => setConfirm(o ? 'off' : null)}
        title="Turn off the calendar feed?"
        description="The address stops working at once: calendars subscribed to it stop updating. You can turn the feed on again later with a new address."
        confirmLabel="Turn off"
        busyLabel="Turning off..."
        busy={remove.isPending}
        onConfirm={turnOff}
      />
    </Card>
  );
}

/** The new address with Copy, and how to subscribe to it in each calendar. */
function FeedAddress({ url }: { url: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>Your calendar address</Label>
        <div className="flex items-center gap-2">
          <Input id={id} readOnly value={url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
          <CopyButton label="calendar address" value={() => url} />
        </div>
        <p className="text-sm text-gray-600">Copy it now: it is shown only this once.</p>
      </div>
      <div className="grid gap-4 text-sm text-gray-700 sm:grid-cols-3">
        <section>
          <h3 className="font-medium text-gray-900">Google Calendar</h3>
          <p>
            On a computer, open Google Calendar. Next to &quot;Other calendars&quot; choose +, then &quot;From
            URL&quot;. Paste the address and choose &quot;Add calendar&quot;. Google reads it again every few hours.
          </p>
        </section>
        <section>
          <h3 className="font-medium text-gray-900">Apple Calendar</h3>
          <p>
            On a Mac: File, New Calendar Subscription, paste the address, Subscribe. On an iPhone or iPad: Settings,
            Calendar, Accounts, Add Account, Other, Add Subscribed Calendar.
          </p>
        </section>
        <section>
          <h3 className="font-medium text-gray-900">Outlook</h3>
          <p>
            In Outlook on the web or Outlook.com, open Calendar, choose &quot;Add calendar&quot;, then &quot;Subscribe
            from web&quot;. Paste the address, name the calendar and choose Import.
          </p>
        </section>
      </div>
    </div>
  );
}
