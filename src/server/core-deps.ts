import { createAuth } from './auth/auth';
import type { Config } from './config';
import type { Db } from './db/client';
import { sharedSecret } from './db/open';
import type { Logger } from './lib/logger';
import { createMailer } from './mail/mailer';
import type { Keyring } from './security/keyring';
import { storageFromConfig } from './storage';

/** The mailer, sign-in and file storage on an open database: the server's, and the first start's for the demo. */
export async function openCoreDeps({
  config,
  log,
  keyring,
  db,
}: {
  config: Config;
  log: Logger;
  keyring: Keyring;
  db: Db;
}) {
  // Before the mailer: it reads attachments from storage.
  const storage = await storageFromConfig(config);
  const mailer = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log, storage });
  const secret = config.authSecret ?? (await sharedSecret(db, 'auth_secret', keyring));
  const auth = createAuth({ config, db, mailer, secret, log });
  return { mailer, auth, storage };
}
