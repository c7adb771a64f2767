import fs from 'node:fs';
import path from 'node:path';
import { startAppServer } from './app-server';

const root = path.resolve(import.meta.dirname, '../..');

/** How long a demo portal may take to start; a worker fixture that starts one needs at least this. */
export const DEMO_START_TIMEOUT_MS = 180_000;

export type DemoPortal = {
  url: string;
  /** The demo people's passwords, which the server prints once at its first start. */
  passwords: { admin: string; client: string };
  stop: () => Promise<void>;
};

/**
 * A portal of a spec's own on a fresh database with the demo made at start-up (SEED_DEMO): the demo
 * client's weeks of records in every area, made through the features' own services. The shared
 * portal starts empty, and a page that fits a phone with one record may not with a lived-in account.
 */
export async function startDemoPortal(name: string, env: Record<string, string> = {}): Promise<DemoPortal> {
  const logFile = path.join(root, 'test-results', `e2e-${name}-server-${process.pid}.log`);
  // Making the demo takes a few seconds on a quiet machine and most of a minute on a busy one.
  const server = await startAppServer({
    root,
    logFile,
    startTimeoutMs: DEMO_START_TIMEOUT_MS,
    env: {
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: '',
      REQUIRE_ADMIN_2FA: 'false',
      REMINDER_INTERVAL_MINUTES: '0',
      ...env,
    },
  });
  const log = fs.readFileSync(logFile, 'utf8');
  const admin = log.match(/admin:\s+admin@demo\.local\s+password: (\S+)/)?.[1];
  const client = log.match(/client:\s+client@demo\.local\s+password: (\S+)/)?.[1];
  if (!admin || !client) {
    await server.stop();
    throw new Error('the demo passwords were not printed');
  }
  return { url: server.url, passwords: { admin, client }, stop: server.stop };
}
