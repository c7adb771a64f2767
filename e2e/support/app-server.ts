import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const tail = (file: string) =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n') : '';

/**
 * The real portal as one child process (the built dist/server/main.js; its PID is the server's) on a
 * fresh data directory. Its output goes to a log file; the last lines are shown when it fails.
 */
export async function startAppServer(opts: {
  root: string;
  logFile: string;
  env: Record<string, string>;
  startTimeoutMs?: number;
}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = fs.openSync(opts.logFile, 'w');
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, PORT: String(port), APP_URL: url, DATA_DIR: dataDir };
  delete env.NODE_ENV; // run as people run it, not in any test mode of a library
  delete env.DATABASE_URL;
  // The built server, as `npm start` runs it (scripts/test-e2e.sh builds it with the web app).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(opts.root, 'dist/server/main.js')],
    {
      cwd: opts.root,
      env,
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `code ${code} signal ${signal}`;
      resolve();
    }),
  );

  const startTimeoutMs = opts.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited) throw new Error(`The portal exited during start-up (${exited}):\n${tail(opts.logFile)}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `The portal did not answer /api/health within ${startTimeoutMs / 1000} s:\n${tail(opts.logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
