import { currentRequest } from './request-context';

// A service that writes says what it changed; what follows from a change (today: the client's
// fundability history) runs in one place when the work is done. The services do not call the
// follow-up themselves, because one request can make several writes (a profile save completes a
// task too) that must lead to one recompute, after the last of them. The work is a request
// (app.ts runs each inside withChanges; the changes are kept in the request's context, see
// request-context.ts); a write outside one (the demo seed, which dates its own history points) is
// heard by no one.

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

/**
 * Says that a write changed a client's records in `area`. Safe inside the write's transaction:
 * the reaction runs only once the work around it has returned, by then committed.
 */
export function announce(change: Change): void {
  currentRequest()?.changes.push(change);
}

/**
 * Runs `work`, then `react` with the changes announced meanwhile, if any (a read announces none).
 * Inside a request only (runInRequest): elsewhere no change is kept.
 */
export async function withChanges<T>(work: () => Promise<T>, react: (changes: Change[]) => Promise<void>): Promise<T> {
  const request = currentRequest();
  const from = request?.changes.length ?? 0;
  const result = await work();
  const changes = request?.changes.splice(from) ?? [];
  if (changes.length) await react(changes);
  return result;
}
