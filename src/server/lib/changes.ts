import { AsyncLocalStorage } from 'node:async_hooks';

// A service that writes says what it changed; what follows from a change (today: the client's
// fundability history) runs in one place when the work is done. The services do not call the
// follow-up themselves, because one request can make several writes (a profile save completes a
// task too) that must lead to one recompute, after the last of them. The work is a request
// (app.ts runs each inside withChanges); a write outside one (the demo seed, which dates its own
// history points) is heard by no one.

/** The areas whose records the fundability checks read. */
export type ChangedArea =
  | 'profile'
  | 'business-accounts'
  | 'bank-accounts'
  | 'compliance-tasks'
  | 'tradelines'
  | 'store-cards'
  | 'revolving-credits'
  | 'first-step-accounts'
  | 'scores';

export type Change = { clientId: string; area: ChangedArea };

const pending = new AsyncLocalStorage<Change[]>();

/**
 * Says that a write changed a client's records in `area`. Safe inside the write's transaction:
 * the reaction runs only once the work around it has returned, by then committed.
 */
export function announce(change: Change): void {
  pending.getStore()?.push(change);
}

/** Runs `work`, then `react` with the changes it announced, if any (a read announces none). */
export async function withChanges<T>(work: () => Promise<T>, react: (changes: Change[]) => Promise<void>): Promise<T> {
  const changes: Change[] = [];
  const result = await pending.run(changes, work);
  if (changes.length) await react(changes);
  return result;
}
