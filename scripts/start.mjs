// npm start: build the web app and the server when missing or older than their sources, then run
// the built server (plain JavaScript) under a small supervisor.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverBundle, serverNodeFlags } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

const sourcesChanged = () =>
  Math.max(newest(path.join(root, 'src/web')), newest(path.join(root, 'src/shared'))) > fs.statSync(built).mtimeMs;
const serverChanged = () =>
  Math.max(newest(path.join(root, 'src/server')), newest(path.join(root, 'src/shared'))) >
  fs.statSync(serverBundle).mtimeMs;

if (!fs.existsSync(built) || sourcesChanged()) {
  console.log('Building the web app...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!fs.existsSync(serverBundle) || serverChanged()) {
  console.log('Building the server...');
  await buildServer();
}

// Restart the server when it dies unexpectedly (a crash, running out of memory, a kill), so one bad
// request cannot take the portal down for good; but not after a clean stop, not when a restart
// cannot help (exit 2: the data directory is in use or the configuration is invalid), and not more
// than MAX_RESTARTS times a minute: a server that keeps dying needs a person.
const MAX_RESTARTS = 5;
const WINDOW_MS = 60_000;
const serverArgs = [...serverNodeFlags, serverBundle];
const restarts = [];
let stopping = false;
let server;

function run() {
  // The server runs in a process group of its own, so that a signal to npm start's group (Ctrl-C,
  // kill -TERM -<pgid>) reaches it once, forwarded from here, not twice: its stop drains requests in
  // progress, and a second signal in the middle used to end it at once. The IPC channel closes when
  // this process dies in any way (kill -9 included), and the server then stops as on SIGTERM.
  server = spawn(process.execPath, serverArgs, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], detached: true });
  server.on('exit', (code, signal) => {
    if (stopping || code === 0 || code === 2) process.exit(code ?? (signal ? 1 : 0));
    const now = Date.now();
    while (restarts.length && now - restarts[0] > WINDOW_MS) restarts.shift();
    const why = signal
      ? `was killed by ${signal}`
      : code === 134
        ? 'aborted (exit code 134, for example out of memory)'
        : `exited with code ${code}`;
    if (restarts.length >= MAX_RESTARTS) {
      console.error(
        `[start] The server ${why}. It was restarted ${MAX_RESTARTS} times in the last minute; not restarting again.`,
      );
      process.exit(code ?? 1);
    }
    restarts.push(now);
    console.error(
      `[start] The server ${why} unexpectedly; restarting it (${restarts.length} of at most ${MAX_RESTARTS} a minute).`,
    );
    setTimeout(run, 1000);
  });
}

/** One stop, whatever asks for it and however often: the server is told once and drains. */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  else process.exit(0); // between a crash and its restart
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// `npm start` runs this under a shell; a SIGTERM to npm's pid (what a process manager sends) ends npm
// and that shell without passing it on, and this process would be left running, re-parented, with
// the port and the data directory. A new parent means whoever started us is gone: stop.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();
run();
