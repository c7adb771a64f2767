import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

try {
  const running = await startServer(loadConfig());
  let signals = 0;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (++signals > 1) process.exit(1);
      running.log.info(`${signal} received, shutting down`);
      running.stop().then(
        () => process.exit(0),
        (e) => {
          console.error(e);
          process.exit(1);
        },
      );
    });
  }
} catch (e) {
  if (e instanceof DataDirLockedError || (e instanceof Error && e.message.startsWith('Invalid configuration'))) {
    console.error(e.message);
    process.exit(2);
  }
  throw e;
}
