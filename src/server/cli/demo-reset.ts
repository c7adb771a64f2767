import fs from 'node:fs';
import path from 'node:path';
import { createAuth } from '../auth/auth';
import { loadConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { openDatabase, sharedSecret } from '../db/open';
import { seedDemo } from '../demo/seed-demo';
import { createLogger } from '../lib/logger';
import { startRealtime } from '../lib/realtime';
import { createMailer } from '../mail/mailer';
import { KeyringError, loadKeyring } from '../security/keyring';
import { storageFromConfig } from '../storage';

// npm run demo:reset
// Wipes the embedded database and its stored files, then makes the demo again. It stops nothing:
// like the other commands it takes the data-directory lock, so it refuses while the server runs.
// The data key stays (it encrypts nothing once the database is gone, and the next start would only
// make another one).
const config = loadConfig();
if (config.databaseUrl) {
  console.error('demo:reset works on the embedded database only (DATABASE_URL is set): it would wipe a real database.');
  process.exit(2);
}
if (config.s3) {
  console.error(
    'demo:reset keeps its files in the data directory only (S3_BUCKET is set): unset it to reset the demo.',
  );
  process.exit(2);
}
let release: () => void;
try {
  release = lockDataDir(config.dataDir);
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(3);
  }
  throw e;
}
try {
  // The key first: a bad DATA_KEY (or key file) stops the reset before anything is wiped.
  const keyring = loadKeyring(config);
  for (const dir of ['db', 'files']) fs.rmSync(path.join(config.dataDir, dir), { recursive: true, force: true });
  console.log(`Wiped the database and stored files in ${config.dataDir}.`);
  const log = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
  // openDatabase takes the lock again (this process already holds it) and runs the migrations.
  const database = await openDatabase(config);
  const { db } = database;
  try {
    const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
    const auth = createAuth({
      config,
      db,
      mailer,
      secret: config.authSecret ?? (await sharedSecret(db, 'auth_secret', keyring)),
      log,
    });
    const storage = await storageFromConfig(config);
    const realtime = await startRealtime(database.listen, log);
    try {
      await seedDemo({ config, db, auth, mailer, log, keyring, storage, realtime });
    } finally {
      await mailer.settle();
      await realtime.close();
    }
  } finally {
    await database.close();
  }
} catch (e) {
  if (e instanceof KeyringError) {
    console.error(e.message);
    process.exitCode = 3;
  } else throw e;
} finally {
  release();
}
