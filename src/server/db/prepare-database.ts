// The first start on an empty data directory, in a process of its own (see open.ts): creates and
// migrates the embedded database and, when asked (`--demo`), makes the demo; then exits.
import { loadConfig } from '../config';
import { openCoreDeps } from '../core-deps';
import { seedDemo } from '../demo/seed-demo';
import { createLogger } from '../lib/logger';
import { startRealtime } from '../lib/realtime';
import { loadKeyring } from '../security/keyring';
import { openPglite } from './client';

// The server that started this process is gone (killed): nobody will open what is made here.
process.on('disconnect', () => process.exit(1));
process.channel?.unref();

const config = loadConfig();
const database = await openPglite(config.dataDir);
try {
  if (process.argv.includes('--demo')) {
    const log = createLogger(config.logLevel, config.logFormat);
    const keyring = loadKeyring(config);
    const { db } = database;
    const { mailer, auth, storage } = await openCoreDeps({ config, log, keyring, db });
    const realtime = await startRealtime(database.listen, log);
    try {
      await seedDemo({ config, db, auth, mailer, log, keyring, storage, realtime });
      await mailer.settle();
    } finally {
      await realtime.close();
    }
  }
} finally {
  await database.close();
}
