// `npm start` (scripts/start.mjs) restarts a server that dies unexpectedly and stops for good on a
// clean stop. Real processes: the supervisor, the server it starts, kill -9 of that server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, root, sleep, tempDir, withoutPortalSettings } from './lib';

const report = (check: string, ok: boolean, detail = '') => console.log(`supervisor: ${check} ${ok ? 'ok' : 'FAILED'}${detail ? ` (${detail})` : ''}`);

async function healthy(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) return true;
    await sleep(200);
  }
  return false;
}

/** The server's pid, from the data-directory lock it holds. */
const serverPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8').match(/\d+/)?.[0]);

const port = await freePort();
const dataDir = tempDir('portal-supervisor-');
const url = `http://localhost:${port}`;
let output = '';
const supervisor = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...withoutPortalSettings(process.env), PORT: String(port), APP_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
supervisor.stdout.on('data', (d) => (output += d));
supervisor.stderr.on('data', (d) => (output += d));
const exited = new Promise<{ code: number | null }>((r) => supervisor.on('exit', (code) => r({ code })));
process.on('exit', () => supervisor.exitCode === null && supervisor.kill('SIGKILL'));

try {
  report('starts', await healthy(url, 120_000));
  const first = serverPid(dataDir);
  process.kill(first, 'SIGKILL');
  const back = await healthy(url, 60_000);
  const second = serverPid(dataDir);
  report('restarts a server killed with kill -9', back && second !== first && /killed by SIGKILL unexpectedly; restarting/.test(output), `pid ${first} -> ${second}`);
  supervisor.kill('SIGTERM');
  const { code } = await Promise.race([exited, sleep(30_000).then(() => ({ code: -1 }))]);
  await sleep(1500);
  const stillUp = await fetch(`${url}/api/health`).then(() => true, () => false);
  report('stops for good on SIGTERM', code === 0 && !stillUp, `exit code ${code}`);
} catch (e) {
  report('runs', false, String(e));
  console.log(output);
}
process.exit(0);
