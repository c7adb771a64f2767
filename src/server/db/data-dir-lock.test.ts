import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-test-'));
  dirs.push(dir);
  return dir;
}
const lockFile = (dir: string) => path.join(dir, 'portal.lock');

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

/** Another process holding the lock of `dir` until killed. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/test/hold-lock.ts'), dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('data-directory lock', () => {
  it('writes our pid, and release removes the file (twice is harmless)', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    release();
    expect(lockDataDir(dir)).toBeTypeOf('function');
  });

  it('refuses while another live process holds it', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), String(process.ppid)); // our parent: alive
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid)); // left alone
  });

  it('takes over a lock left by a dead process, or an unreadable one', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), String(deadPid()));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();

    fs.writeFileSync(lockFile(dir), 'garbage');
    lockDataDir(dir)();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('does not remove a lock that another process took over in the meantime', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    fs.writeFileSync(lockFile(dir), String(process.ppid));
    release();
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.ppid));
  });

  it('is exclusive between processes, and free again once the holder is killed with -9', async () => {
    const dir = tempDir();
    const child = await holdLockInChild(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(child.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    // The role command refuses with a clear message instead of opening the live database.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/user-role.ts', 'x@y.z', 'admin'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    });
    expect(cli.status).toBe(3);
    expect(cli.stderr).toContain(`The data directory ${dir} is in use by process ${child.pid}`);
    expect(cli.stderr).toContain('Stop that process first');
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false); // never opened

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(fs.existsSync(lockFile(dir))).toBe(true); // left behind by kill -9
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });
});
