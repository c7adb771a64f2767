// `npm start` (scripts/start.mjs) as an operator runs it: the real npm, its supervisor and the
// server it starts. It restarts a server that dies unexpectedly and stops for good on a clean stop;
// and every way of stopping it (Ctrl-C, a signal to the process group, to npm's pid, to the
// supervisor, to the server) drains the same way: downloads in progress finish (the 10 s grace),
// then npm, the supervisor and the server are all gone, the port and the data lock free.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { webm, PNG } from '../../src/server/features/training/training-media';
import { freePort, lastLines, root, sleep, tempDir, withoutPortalSettings } from './lib';

let failed = 0;
const report = (check: string, ok: boolean, detail = '') => {
  if (!ok) failed++;
  console.log(`supervisor: ${check} ${ok ? 'ok' : 'FAILED'}${detail ? ` (${detail})` : ''}`);
};

const DOWNLOADS = 20;
const DOWNLOAD_MS = 5000;
// Larger than what the sockets' buffers hold, so the server is still sending when the stop comes.
const VIDEO_BYTES = 16 * 1024 * 1024;

async function healthy(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) return true;
    await sleep(200);
  }
  return false;
}

/** The server's pid, from the data-directory lock it holds (0 when there is no lock). */
const serverPid = (dataDir: string) => {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8').match(/\d+/)?.[0] ?? 0);
  } catch {
    return 0;
  }
};
/** A process's parent, from /proc. */
const parentPid = (pid: number) =>
  Number(
    fs
      .readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')[1],
  );
/** Whether a process runs (a zombie waiting for its parent does not). */
const alive = (pid: number) => {
  try {
    return !/^\S+ \(.*\) Z/s.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const port = await freePort();
const dataDir = tempDir('portal-supervisor-');
const url = `http://localhost:${port}`;
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const npm of started) if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGKILL');
});

/** `npm start` in a process group of its own, as a terminal or a process manager starts it. */
function npmStart() {
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...withoutPortalSettings(process.env),
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      REQUIRE_ADMIN_2FA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(npm);
  npm.stdout!.on('data', (d) => (output += d));
  npm.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    npm.on('exit', (code, signal) => r({ code, signal })),
  );
  return { npm, output: () => output, exited };
}

async function signInAdmin(password: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function uploadVideo(cookie: string) {
  const form = new FormData();
  form.set('title', 'A long video');
  form.set('duration', '10:00');
  form.set('description', 'Downloaded during the stops.');
  form.set('thumbnail', new Blob([new Uint8Array(PNG)]), 'thumb.png');
  form.set('video', new Blob([new Uint8Array(webm(VIDEO_BYTES))]), 'long.webm');
  const res = await fetch(`${url}/api/training-videos/upload`, {
    method: 'POST',
    headers: { origin: url, cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`video upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { video: { id: string } }).video.id;
}

/**
 * One download read at the pace of a slow connection (the whole file in DOWNLOAD_MS). Resolves
 * with whether every byte arrived; `started` once the answer's headers are in.
 */
function slowDownload(path: string, cookie: string, started: () => void): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, headers: { cookie } }, (res) => {
      started();
      if (res.statusCode !== 200) {
        res.resume();
        return resolve(false);
      }
      const begun = Date.now();
      let got = 0;
      res.on('data', (d: Buffer) => {
        got += d.length;
        const wait = begun + (got / VIDEO_BYTES) * DOWNLOAD_MS - Date.now();
        if (wait > 10) {
          res.pause();
          setTimeout(() => res.resume(), wait);
        }
      });
      res.on('end', () => resolve(res.complete && got === VIDEO_BYTES));
      res.on('error', () => resolve(false));
      res.on('close', () => resolve(res.complete && got === VIDEO_BYTES));
    });
    req.on('error', () => resolve(false));
  });
}

type Portal = ReturnType<typeof npmStart>;

/** Starts DOWNLOADS slow downloads, stops the portal the given way once they are under way, and checks what is left. */
async function stopDuringDownloads(
  how: string,
  portal: Portal,
  videoId: string,
  cookie: string,
  signal: (pids: { npm: number; supervisor: number; server: number }) => void,
) {
  const server = serverPid(dataDir);
  const pids = { npm: portal.npm.pid!, supervisor: parentPid(server), server };
  let underWay = 0;
  let allStarted: () => void = () => {};
  const begun = new Promise<void>((r) => (allStarted = r));
  const downloads = Array.from({ length: DOWNLOADS }, () =>
    slowDownload(`/api/training-videos/${videoId}/stream`, cookie, () => ++underWay === DOWNLOADS && allStarted()),
  );
  await Promise.race([begun, sleep(30_000)]);
  await sleep(500);
  const stopAt = Date.now();
  signal(pids);
  const complete = (await Promise.all(downloads)).filter(Boolean).length;
  const until = Date.now() + 20_000;
  while (Date.now() < until && Object.values(pids).some(alive)) await sleep(50);
  const gone = Date.now() - stopAt;
  const left = Object.entries(pids)
    .filter(([, pid]) => alive(pid))
    .map(([name, pid]) => `${name} ${pid}`);
  const listening = await portOpen(port);
  const locked = fs.existsSync(path.join(dataDir, 'portal.lock'));
  report(
    `drains on ${how}`,
    complete === DOWNLOADS && left.length === 0 && !listening && !locked,
    `${complete} of ${DOWNLOADS} five-second downloads completed; everything stopped after ${gone} ms` +
      `${left.length ? `; still running: ${left.join(', ')}` : ''}${listening ? '; the port still answers' : ''}${locked ? '; the data lock is still held' : ''}`,
  );
  if (left.length) for (const pid of Object.values(pids)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await Promise.race([portal.exited, sleep(5000)]);
}

let current: Portal | undefined;
try {
  current = npmStart();
  report('starts', await healthy(url, 300_000), lastLines(current.output(), 3));
  const password = /admin:\s+admin@demo\.local\s+password: (\S+)/.exec(current.output())?.[1];
  if (!password) throw new Error(`no demo admin password in the output:\n${lastLines(current.output())}`);

  const first = serverPid(dataDir);
  process.kill(first, 'SIGKILL');
  const back = await healthy(url, 60_000);
  const second = serverPid(dataDir);
  report(
    'restarts a server killed with kill -9',
    back && second !== first && /killed by SIGKILL unexpectedly; restarting/.test(current.output()),
    `pid ${first} -> ${second}`,
  );

  const cookie = await signInAdmin(password);
  const videoId = await uploadVideo(cookie);

  const ways: [string, (p: { npm: number; supervisor: number; server: number }) => void][] = [
    ['Ctrl-C (SIGINT to the process group)', (p) => process.kill(-p.npm, 'SIGINT')],
    ['SIGTERM to the process group', (p) => process.kill(-p.npm, 'SIGTERM')],
    ["SIGTERM to npm's pid", (p) => process.kill(p.npm, 'SIGTERM')],
    ['SIGTERM to the supervisor', (p) => process.kill(p.supervisor, 'SIGTERM')],
    ['SIGTERM to the server', (p) => process.kill(p.server, 'SIGTERM')],
    // The supervisor gone without a word: the server does not outlive it.
    ['kill -9 of the supervisor', (p) => process.kill(p.supervisor, 'SIGKILL')],
    // What a group signal did when the supervisor's copy reached the server apart from the group's
    // own (it depends on scheduling): the server was told twice, and the second time ended it.
    [
      'SIGTERM to the group, then again to the server',
      (p) => {
        process.kill(-p.npm, 'SIGTERM');
        setTimeout(() => alive(p.server) && process.kill(p.server, 'SIGTERM'), 300);
      },
    ],
  ];
  for (const [how, signal] of ways) {
    if (!current) {
      current = npmStart();
      if (!(await healthy(url, 60_000)))
        throw new Error(`npm start did not come up again:\n${lastLines(current.output())}`);
    }
    await stopDuringDownloads(how, current, videoId, cookie, signal);
    current = undefined;
  }
} catch (e) {
  report('runs', false, String(e));
  if (current) console.log(lastLines(current.output(), 30));
}
process.exit(failed ? 1 : 0);
