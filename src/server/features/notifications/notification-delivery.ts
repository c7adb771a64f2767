import type { Config } from '../../config';
import type { Realtime } from '../../lib/realtime';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { setNotificationAppUrl } from './notifications.service';

/**
 * A notification's e-mail is queued in the outbox inside the transaction that adds its row (see
 * sendNotification), where no mailer is at hand. The database announces each row on commit
 * ('notify:<userId>', migration 0015): that wakes the mailer here, so the e-mail leaves within
 * moments instead of at the outbox's next round. Every instance hears it; the outbox's claim
 * (FOR UPDATE SKIP LOCKED) lets one of them send each message. Returns the stop function.
 */
export function startNotificationDelivery(deps: {
  config: Pick<Config, 'appUrl'>;
  realtime: Realtime;
  mailer: Pick<Mailer, 'drain'>;
  log: Logger;
}) {
  setNotificationAppUrl(deps.config.appUrl);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const wake = () => {
    // A burst of rows (a bulk change, many admins) makes one drain.
    timer ??= setTimeout(() => {
      timer = undefined;
      running = (running ?? Promise.resolve())
        .then(() => deps.mailer.drain())
        .catch((e: unknown) => deps.log.warn(`notification mail not delivered yet (retried later): ${String(e)}`));
    }, 50);
  };
  const unsubscribe = deps.realtime.subscribe('notify:*', (data) => {
    if (data !== null) wake();
  });
  return async () => {
    unsubscribe();
    clearTimeout(timer);
    timer = undefined;
    await running;
  };
}
