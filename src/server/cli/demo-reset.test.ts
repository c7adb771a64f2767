import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// npm run demo:reset as a person runs it: refused while a process holds the data directory,
// otherwise the database and stored files wiped and the demo made again (new passwords printed).

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-reset-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'info', SMTP_URL: '' };
const reset = () =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/demo-reset.ts'], {
    cwd: root,
    encoding: 'utf8',
    env,
    timeout: 120_000,
  });
const clientPassword = (out: string) => /client:\s+client@demo\.local\s+password: (\S+)/.exec(out)?.[1];

async function holdLock(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/test/hold-lock.ts'), dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

describe('npm run demo:reset', () => {
  it('refuses while the data directory is in use or the key is bad (wiping nothing), then wipes it and makes the demo again', async () => {
    // An earlier portal's database and stored files.
    for (const sub of ['db', 'files']) {
      fs.mkdirSync(path.join(dir, sub), { recursive: true });
      fs.writeFileSync(path.join(dir, sub, 'earlier.txt'), 'an earlier portal');
    }
    const earlier = () => ['db', 'files'].filter((sub) => fs.existsSync(path.join(dir, sub, 'earlier.txt')));

    const holder = await holdLock();
    try {
      const refused = reset();
      expect(refused.status).toBe(3);
      expect(refused.stderr).toContain(`The data directory ${dir} is in use by process ${holder.pid}`);
      expect(earlier()).toEqual(['db', 'files']);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }

    // A bad key stops the reset before anything is wiped.
    const badKey = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/demo-reset.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...env, DATA_KEY: 'not-a-key' },
    });
    expect(badKey.status, badKey.stderr).toBe(3);
    expect(badKey.stdout).not.toContain('Wiped');
    expect(earlier()).toEqual(['db', 'files']);

    const done = reset();
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Wiped the database and stored files in ${dir}`);
    expect(clientPassword(done.stdout)).toMatch(/^\S{12}$/);
    expect(earlier()).toEqual([]);
    // The demo's documents, video and thumbnails landed where uploads land.
    expect(fs.readdirSync(path.join(dir, 'files'), { recursive: true }).length).toBeGreaterThan(5);
    expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  }, 240_000);

  it('refuses a PostgreSQL database', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/demo-reset.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('embedded database only');
  });
});
