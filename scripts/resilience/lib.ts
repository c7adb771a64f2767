// Shared helpers for the resilience programs: the real server as one child process, a throwaway
// PostgreSQL cluster, and a small HTTP client that can pick its source address (the portal
// rate-limits per client address, taken from the socket).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { serverBundle, serverNodeFlags } from '../build-server.mjs';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// Everything we start, so that a crash or Ctrl-C of this program never leaves a server or a
// cluster behind. Only these PIDs and clusters are ever stopped.
const children = new Set<ChildProcess>();
const clusters = new Set<() => void>();
const tempDirs = new Set<string>();

function cleanup() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const stop of clusters) stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

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

// Variables config.ts reads: the child gets only what we pass, never the caller's settings.
const CONFIG_VARS = [
  'PORT',
  'APP_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'ADMIN_EMAILS',
  'STAFF_EMAIL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_DISCOVERY_URL',
  'AUTH_SECRET',
  'DATA_KEY',
  'SEED_DEMO',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'REQUIRE_ADMIN_2FA',
  'TRUST_PROXY',
];

/** The caller's environment without any portal setting, so a child gets only what we pass. */
export function withoutPortalSettings(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...source };
  for (const name of CONFIG_VARS) delete env[name];
  delete env.NODE_ENV;
  return env;
}

export type ServerProcess = {
  pid: number;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running: () => boolean;
};

export function spawnServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** false: the TypeScript sources through tsx, for a quick check of a change without a build. */
  built?: boolean;
}): ServerProcess {
  const url = `http://localhost:${opts.port}`;
  const env = withoutPortalSettings(process.env);
  Object.assign(env, {
    PORT: String(opts.port),
    APP_URL: url,
    DATA_DIR: opts.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // The measurements sign admins in with a password only; a caller can still pass it on.
    REQUIRE_ADMIN_2FA: 'false',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  // One process (not `npx tsx`, which forks): its PID is the server's, so kill -9 hits the server.
  // By default the bundle `npm start` runs (dist/server/main.js), as production does: it also
  // starts in under half the time of the sources through tsx, and the programs start dozens.
  const built = opts.built !== false;
  if (built && !fs.existsSync(serverBundle))
    throw new Error(`${serverBundle} is missing: build it with \`node scripts/build-server.mjs\``);
  const args = built ? [...serverNodeFlags, serverBundle] : ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return {
    pid: child.pid!,
    port: opts.port,
    url,
    child,
    output: () => out,
    exit,
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

export const lastLines = (text: string, n = 15) => text.trimEnd().split('\n').slice(-n).join('\n');

/** A process's resident memory in MB, from /proc. */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** Resolves with the milliseconds it took until GET /api/health answers 200. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (!server.running()) {
      const { code, signal } = await server.exit;
      throw new Error(`server exited during start-up (code ${code}, signal ${signal}):\n${lastLines(server.output())}`);
    }
    const status = await httpRequest(`${server.url}/api/health`, { timeoutMs: 2000 }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now() - start;
    if (Date.now() - start > timeoutMs)
      throw new Error(`no healthy answer within ${timeoutMs} ms:\n${lastLines(server.output())}`);
    await sleep(100);
  }
}

/** SIGTERM, then wait for the exit; SIGKILL and throw if it takes longer than `timeoutMs`. */
export async function stopGracefully(server: ServerProcess, timeoutMs = 20_000) {
  if (!server.running()) return server.exit;
  server.child.kill('SIGTERM');
  const result = await Promise.race([server.exit, sleep(timeoutMs).then(() => null)]);
  if (!result) {
    server.child.kill('SIGKILL');
    throw new Error(`server ${server.pid} did not stop within ${timeoutMs} ms of SIGTERM`);
  }
  return result;
}

export type HttpResult = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on its own connection, optionally from a given local address (127.x.y.z). */
export function httpRequest(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<HttpResult> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: opts.method ?? 'GET',
        agent: false,
        localAddress: opts.localAddress,
        headers: {
          host: target.host,
          ...(body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
            : {}),
          ...opts.headers,
        },
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** `name=value; name2=value2` from a response's Set-Cookie headers. */
export function cookieHeader(res: HttpResult): string {
  return (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length)
    throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return path.join(base, versions[0], 'bin');
}

/**
 * A throwaway PostgreSQL cluster in a temp directory, on a random port, its unix socket in that
 * directory (never /var/run/postgresql). Run as user postgres when we are root. fsync stays on.
 */
export async function startPostgres(): Promise<{
  url: string;
  stop: () => void;
  pause: () => void;
  resume: () => void;
}> {
  const bin = postgresBinDir();
  const dir = tempDir('resilience-pg-');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
  start();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clusters.delete(stop);
    const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args]);
    else spawnSync(path.join(bin, 'pg_ctl'), args);
    fs.rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  };
  clusters.add(stop);
  // An outage: the cluster stops (its connections end) and later starts again on the same port and data.
  const pause = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pause, resume: start };
}

export function formatMs(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}
