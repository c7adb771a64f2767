import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer, STOP_GRACE_MS } from './server';

// A stop that has not ended this long after the grace (a database that does not close) ends the process anyway.
const STOP_LIMIT_MS = STOP_GRACE_MS + 15_000;

try {
  const running = await startServer(loadConfig());
  let stopping = false;
  // One stop, however many times it is asked for: a signal to npm start's process group used to
  // arrive here twice (from the group, and forwarded by the supervisor) and the second one ended the
  // process at once, cutting every download in progress. The stop is bounded by the grace instead.
  const stop = (why: string) => {
    if (stopping)
      return running.log.info(`${why} again: already stopping (requests in progress get ${STOP_GRACE_MS / 1000} s)`);
    stopping = true;
    running.log.info(`${why}, shutting down`);
    setTimeout(() => {
      console.error(`The stop did not end within ${STOP_LIMIT_MS / 1000} s; exiting.`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    running.stop().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => stop(`${signal} received`));
  // Under npm start's supervisor (scripts/start.mjs) the server has an IPC channel to it, which
  // closes when the supervisor dies however it dies: the server does not outlive it.
  if (process.channel) {
    process.on('disconnect', () => stop('The supervisor (npm start) is gone'));
    process.channel.unref();
  }
} catch (e) {
  if (e instanceof DataDirLockedError || (e instanceof Error && e.message.startsWith('Invalid configuration'))) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}
