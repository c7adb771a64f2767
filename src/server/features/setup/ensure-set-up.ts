import type { Deps, SessionUser } from '../../app-env';
import { setUpUser } from './setup.service';
import { isStaffRole } from '../../../shared/roles';

// Users this process has seen set up, per database (tests run several apps in one process). A
// set-up user costs nothing after their first request here; the bound only caps the memory, since
// forgetting a user costs one idempotent claim at their next request.
const MAX_REMEMBERED = 50_000;
const seen = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * First-login set-up at a client's first authenticated request to this process, so that the page's
 * own requests find the starter data without the web app waiting for POST /api/me/setup first
 * (no waterfall). setUpUser's claim on users.setup_at makes it once per user across
 * requests and instances. A failure is logged and retried at the next request; the request goes on.
 */
export function ensureSetUp(deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'log'>, user: SessionUser): Promise<void> {
  if (isStaffRole(user.role)) return Promise.resolve();
  let users = seen.get(deps.db);
  if (!users) seen.set(deps.db, (users = new Map()));
  const known = users.get(user.id);
  if (known) return known;
  if (users.size >= MAX_REMEMBERED) users.clear();
  const run = setUpUser(deps, { id: user.id, name: user.name ?? '', email: user.email, phone: user.phone ?? '' }).then(
    () => undefined,
    (e: unknown) => {
      users.delete(user.id);
      deps.log.error(
        `first-login setup of ${user.id} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
    },
  );
  users.set(user.id, run);
  return run;
}
