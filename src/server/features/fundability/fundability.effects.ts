import type { Deps } from '../../app-env';
import type { Change } from '../../lib/changes';
import { recomputeFundability } from './fundability.service';

/**
 * What follows a request's writes to the records the checks read: each client whose records
 * changed is recomputed once (a history row when the score or a check's state differs), before
 * the answer goes out, so the next read sees it. A failure is logged and never turns the
 * finished write into an error.
 */
export async function recomputeAfterChanges(deps: Pick<Deps, 'db' | 'log'>, changes: Change[]) {
  const areas = new Map<string, Set<string>>();
  for (const { clientId, area } of changes) areas.set(clientId, (areas.get(clientId) ?? new Set()).add(area));
  for (const [clientId, changed] of areas) {
    try {
      await recomputeFundability(deps.db, clientId);
    } catch (e) {
      deps.log.error(
        `fundability recompute after a change to ${[...changed].join(', ')} failed: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
}
