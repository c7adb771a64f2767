import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import type { Scope } from './middleware/access';
import type { Keyring } from './security/keyring';
import type { Storage } from './storage/storage';
import type { SessionCache } from './auth/session-cache';
import type { Realtime } from './lib/realtime';

export type SessionUser = Auth['$Infer']['Session']['user'];

export type Deps = {
  config: Config;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  keyring: Keyring;
  storage: Storage;
  /** Sessions read from memory, dropped on every change the database announces; without it, every request reads the database. */
  sessions?: SessionCache;
  /** Database change events (support messages, notifications) for the open live streams of this instance. */
  realtime: Realtime;
};

export type AppEnv = {
  Variables: { requestId: string; user: SessionUser | null; sessionId: string | null; deps: Deps; scope: Scope };
};
