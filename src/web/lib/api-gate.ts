// Sign-out closes the gate: requests already sent are answered first, and no new one starts, so
// nothing reaches the server after the session ends (no 401s from polling or refetches). The gate
// opens again when the next session begins (app/auth-context.tsx). Its own small module: the
// entry imports it, and the API client (hono/client) is not part of the first load.
let closed = false;
let inFlight = 0;
let onIdle: (() => void)[] = [];

export const gatedFetch: typeof fetch = async (input, init) => {
  if (closed) throw new DOMException('Signed out: no more API requests.', 'AbortError');
  inFlight++;
  try {
    return await fetch(input, init);
  } finally {
    inFlight--;
    if (inFlight === 0) for (const resolve of onIdle.splice(0)) resolve();
  }
};

/** Stops new API requests and resolves once those in flight are answered (or after `maxWaitMs`). */
export function closeApi(maxWaitMs = 5000): Promise<void> {
  closed = true;
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    onIdle.push(resolve);
    setTimeout(resolve, maxWaitMs);
  });
}

/** Lets API requests through again. */
export function openApi() {
  closed = false;
  onIdle = [];
}
