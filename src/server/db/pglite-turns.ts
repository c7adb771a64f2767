import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** How long a chain of statements may hold the event loop before it lets waiting work in. */
export const TURN_MS = 10;

/**
 * PGlite runs each statement synchronously in WebAssembly and settles its promise at once, so a
 * chain of awaited statements never gives the event loop a turn: while the weekly digest went
 * through 10,000 clients, one transaction after another, a request waited 26 s and a SIGTERM 13 s.
 * So each statement or transaction started on the database (not those inside a transaction, which
 * PGlite runs on its own) first lets the event loop turn once TURN_MS have passed since it last
 * did here: a request's few statements pass straight through, a long job lets requests in every
 * 10 ms. node-postgres needs none of this: its answers arrive on a socket.
 */
export function shareEventLoop(client: PGlite) {
  let lastTurn = performance.now();
  const turn = async () => {
    if (performance.now() - lastTurn < TURN_MS) return;
    await nextTurn();
    lastTurn = performance.now();
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
