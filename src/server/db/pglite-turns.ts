import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** How long a chain of statements may hold the event loop before it lets waiting work in. */
export const TURN_MS = 10;

/**
 * PGlite runs each statement synchronously in WebAssembly and settles its promise at once, so a
 * chain of awaited statements never gives the event loop a turn: while the weekly digest went
 * through 10,000 clients, one transaction after another, a request waited 26 s and a SIGTERM 13 s.
 * So each statement or transaction started on the database (not those inside a transaction, which
 * PGlite runs on its own) first notes whether the event loop has turned since the previous one, and
 * yields when it has not for TURN_MS: requests, whose few statements are spread over many turns,
 * pass straight through; a long job lets requests in every 10 ms. node-postgres needs none of
 * this: its answers arrive on a socket.
 */
export function shareEventLoop(client: PGlite) {
  // Whether the loop has turned since `heldSince`: a check-phase callback, one at a time, says so.
  let turned = true;
  let heldSince = 0;
  const markTurned = () => (turned = true);
  const turn = async () => {
    const now = performance.now();
    if (turned) {
      turned = false;
      heldSince = now;
      setImmediate(markTurned);
    } else if (now - heldSince >= TURN_MS) {
      await nextTurn();
    }
  };
  const methods = client as unknown as Record<
    'query' | 'exec' | 'transaction',
    (...args: unknown[]) => Promise<unknown>
  >;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = methods[name].bind(client);
    methods[name] = async (...args) => {
      await turn();
      return run(...args);
    };
  }
}
