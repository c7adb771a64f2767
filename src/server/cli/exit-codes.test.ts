import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The README's table of exit codes is what scripts and process managers go by: each row checked
// here against the command run in that situation (a restore refused while the server runs is
// checked in backup.test.ts: it needs a whole valid backup).

const root = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-exit-codes-'));
const lockedDir = path.join(dir, 'in-use');
let holder: ChildProcess;

beforeAll(async () => {
  // A portal's data directory (it has a database) that a running server holds.
  fs.mkdirSync(path.join(lockedDir, 'db'), { recursive: true });
  holder = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/test/hold-lock.ts'), lockedDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    holder.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
});
afterAll(() => {
  holder?.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The README's rows: `npm run backup` -> { 3: 'the server is running ...' }. */
function readmeCodes(): Map<string, Map<number, string>> {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Exit codes$/m)[1]?.split(/^## /m)[0] ?? '';
  const table = new Map<string, Map<number, string>>();
  for (const m of section.matchAll(/^\| `([^`]+)` \| (\d+) \| (.+) \|$/gm)) {
    if (!table.has(m[1])) table.set(m[1], new Map());
    table.get(m[1])!.set(Number(m[2]), m[3]);
  }
  return table;
}

function run(script: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/cli', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: lockedDir, DATABASE_URL: '', S3_BUCKET: '', TEST_DATABASE_URL: '', ...env },
    timeout: 60_000,
  });
}

const damaged = () => {
  const file = path.join(dir, 'damaged.tar');
  fs.writeFileSync(file, Buffer.alloc(2048, 7));
  return file;
};

// [command as the README names it, the code, what the README's meaning says, how to get there]
const cases: [string, number, RegExp, () => ReturnType<typeof run>][] = [
  ['npm run backup', 3, /server is running/, () => run('backup.ts', [path.join(dir, 'x.tar')])],
  [
    'npm run backup',
    2,
    /nothing to back up/,
    () => run('backup.ts', [path.join(dir, 'y.tar')], { DATA_DIR: path.join(dir, 'empty') }),
  ],
  ['npm run backup', 2, /wrong arguments/, () => run('backup.ts', [])],
  [
    'npm run restore',
    1,
    /damaged backup/,
    () => run('restore.ts', [damaged()], { DATA_DIR: path.join(dir, 'target') }),
  ],
  ['npm run restore', 2, /wrong arguments/, () => run('restore.ts', [])],
  ['npm run user:role', 3, /server is running/, () => run('user-role.ts', ['someone@example.com', 'admin'])],
  ['npm run user:role', 2, /wrong arguments/, () => run('user-role.ts', ['someone@example.com', 'owner'])],
  [
    'npm run keys:rotate',
    3,
    /server is running/,
    () => run('rotate-keys.ts', [], { DATA_KEY: `v1:${Buffer.alloc(32, 1).toString('base64')}` }),
  ],
  ['npm run demo:reset', 3, /server is running/, () => run('demo-reset.ts', [])],
  [
    'npm run demo:reset',
    2,
    /DATABASE_URL/,
    () => run('demo-reset.ts', [], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
  ],
];

describe('exit codes', () => {
  it.each(cases)(
    '%s exits %i as the README says (%s)',
    (command, code, meaning, runIt) => {
      const stated = readmeCodes().get(command)?.get(code);
      expect(stated, `the README's exit codes have no row for ${command} exiting ${code}`).toMatch(meaning);
      const r = runIt();
      expect(r.status, r.stderr).toBe(code);
    },
    60_000,
  );
});
