// Uploads cut short by a crash: three video uploads are under way when the server is killed with
// kill -9. After the restart the same administrator can upload at once (the dead process's upload
// slots are released at start, not after ten minutes), and the start's storage sweep removes the
// partial files and the thumbnails stored without a row, once they are older than the longest
// request (their times are set back here), keeping every file a row refers to.
//
//   node --import tsx scripts/resilience/crashed-uploads.ts
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PNG, webm } from '../../src/server/features/training/training-media';
import {
  freePort,
  lastLines,
  sleep,
  spawnServer,
  stopGracefully,
  tempDir,
  waitHealthy,
  type ServerProcess,
} from './lib';

let failed = 0;
function report(check: string, ok: boolean, detail: string) {
  if (!ok) failed++;
  console.log(`crashed-uploads: ${check} ${ok ? 'ok' : 'FAILED'} (${detail})`);
}

const dataDir = tempDir('portal-crashed-uploads-');
const port = await freePort();
const start = () => spawnServer({ port, dataDir, env: { SEED_DEMO: 'true', LOG_LEVEL: 'info' } });
const files = (sub: string) => {
  const dir = path.join(dataDir, 'files', sub);
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[])
        .map((p) => path.join(dir, p))
        .filter((p) => fs.statSync(p).isFile())
    : [];
};

async function signInAdmin(server: ServerProcess, password: string) {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password }),
  });
  if (!res.ok) throw new Error(`admin sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A video upload that sends its form up to 2 MB into the video, then waits (the crash comes first). */
function stalledUpload(server: ServerProcess, cookie: string) {
  const boundary = `----resilience${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (name: string, filename: string, type: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`;
  const req = http.request({
    host: '127.0.0.1',
    port: server.port,
    path: '/api/training-videos/upload',
    method: 'POST',
    agent: false,
    headers: {
      origin: server.url,
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(200 * 1024 * 1024),
    },
  });
  req.on('error', () => undefined);
  req.write(
    field('title', 'Cut short') +
      field('duration', '10:00') +
      field('description', 'The server dies during this upload.'),
  );
  req.write(fileHead('thumbnail', 'thumb.png', 'image/png'));
  req.write(PNG);
  req.write(`\r\n${fileHead('video', 'long.webm', 'video/webm')}`);
  req.write(webm(2 * 1024 * 1024));
  return req;
}

let server = start();
try {
  await waitHealthy(server, 300_000);
  const password = /admin:\s+admin@demo\.local\s+password: (\S+)/.exec(server.output())?.[1];
  if (!password) throw new Error(`no demo admin password in the output:\n${lastLines(server.output())}`);
  const cookie = await signInAdmin(server, password);

  const uploads = Array.from({ length: 3 }, () => stalledUpload(server, cookie));
  const until = Date.now() + 30_000;
  while (Date.now() < until && files('tmp').filter((f) => fs.statSync(f).size > 1024 * 1024).length < 3)
    await sleep(100);
  const partials = files('tmp').length;
  server.child.kill('SIGKILL');
  await server.exit;
  for (const u of uploads) u.destroy();
  const thumbnails = files('objects/training-videos/thumbnails').length;
  // Leftovers of earlier uploads: older than the longest request, as after a crash long ago.
  const past = new Date(Date.now() - 4 * 60 * 60 * 1000);
  for (const f of [...files('tmp'), ...files('objects'), ...files('meta')]) fs.utimesSync(f, past, past);
  const objectsBefore = files('objects').length;

  server = start();
  await waitHealthy(server, 300_000);
  const form = new FormData();
  form.set('title', 'After the restart');
  form.set('duration', '1:00');
  form.set('description', 'Uploaded at once.');
  form.set('thumbnail', new Blob([new Uint8Array(PNG)]), 'thumb.png');
  form.set('video', new Blob([new Uint8Array(webm(10_000))]), 'short.webm');
  const after = await fetch(`${server.url}/api/training-videos/upload`, {
    method: 'POST',
    headers: { origin: server.url, cookie },
    body: form,
  });
  report(
    'uploads at once after a crash that held every upload slot',
    after.status === 201,
    `${partials} uploads under way at the kill; the first upload after the restart answered ${after.status}${after.status === 201 ? '' : `: ${await after.text()}`}`,
  );

  const swept = Date.now();
  while (Date.now() - swept < 30_000 && !/storage sweep: removed/.test(server.output())) await sleep(200);
  const line = /storage sweep: removed [^\n]*/.exec(server.output())?.[0] ?? 'no sweep line in the log';
  const leftTmp = files('tmp').length;
  const objectsAfter = files('objects').length;
  // Removed: the three thumbnails stored without a row. Kept: everything else (the demo's files, the new upload's two).
  report(
    'the sweep at start removes what the crash left, and only that',
    partials >= 3 &&
      leftTmp === 0 &&
      objectsAfter === objectsBefore - 3 + 2 &&
      /removed 3 temporary files .* and 3 stored files/.test(line),
    `${partials} partial files in the temporary folder and ${thumbnails} stored thumbnails (3 without a row) at the kill; after the sweep ${leftTmp} temporary files, stored files ${objectsBefore} -> ${objectsAfter}; log: ${line}`,
  );
  await stopGracefully(server);
} catch (e) {
  report('runs', false, `${String(e)}\n${lastLines(server.output())}`);
}
process.exit(failed ? 1 : 0);
