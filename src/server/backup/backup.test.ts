import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../config';
import { openPglite, type Db } from '../db/client';
import { and, eq } from 'drizzle-orm';
import { auditLog, businessDocuments } from '../db/schema';
import { generateKey, parseKeyring } from '../security/keyring';
import { unreadableWith } from './key-check';
import { createLocalStorage } from '../storage';
import { createTestApp, type TestAgent, type TestApp } from '../test/test-app';
import { fingerprinter } from '../test/trust/db-fingerprint';
import { makePdf } from '../test/make-pdf';
import { projectRoot } from '../lib/paths';
import { backupToFile } from './create-backup';
import { DATABASE_ENTRY } from './format';
import { readTar } from './tar';
import { BackupInvalidError, verifyBackup } from './read-backup';
import { restoreBackup, RestoreRefusedError } from './restore-backup';
import { backupTimeouts, BACKUP_BUSY } from '../features/backup/backup.routes';
import { TOO_MANY_BACKUPS } from '../../shared/limits';
import { WRONG_BACKUP_PASSWORD } from '../../shared/backup';

// Backup and restore round trips: the file the command writes and the one the admin route streams,
// restored into a fresh data directory and compared table by table and file by file. On PostgreSQL
// (TEST_DATABASE_URL) the backup holds the stored files only, and that is what is compared.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `portal-backup-${name}-`));
const dirs: string[] = [];
const newDir = (name: string) => {
  const d = tmp(name);
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** SHA-256 of every stored file (objects and their meta), by path under files/. */
function fileHashes(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = path.join(dataDir, 'files', rel);
    if (!fs.existsSync(abs)) return;
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else
        out[r] = createHash('sha256')
          .update(fs.readFileSync(path.join(dataDir, 'files', r)))
          .digest('hex');
    }
  };
  walk('objects');
  walk('meta');
  return out;
}

function upload(agent: TestAgent, clientId: string, text: string) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(makePdf(text))], `${text}.pdf`, { type: 'application/pdf' }));
  form.set('documentType', 'Standard_Corporate');
  return agent.request('POST', `/api/clients/${clientId}/documents/upload`, { body: form });
}

type Admin = { agent: TestAgent; password: string; id: string };

async function download(admin: Admin, file: string) {
  const res = await admin.agent.post('/api/admin/backup', { password: admin.password });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/x-tar');
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
}

async function newAdmin(t: TestApp): Promise<Admin> {
  const a = await t.createSignedInUser({ role: 'admin' });
  return { agent: a.agent, password: a.password, id: a.user.id };
}

/** Every document row's stored file is in the data directory. */
async function expectEveryDocumentFile(db: Db, dataDir: string) {
  const rows = await db.select({ key: businessDocuments.storageKey }).from(businessDocuments);
  expect(rows.length).toBeGreaterThan(0);
  for (const { key } of rows) expect(fs.existsSync(path.join(dataDir, 'files', 'objects', key)), key).toBe(true);
}

/** Runs a CLI as `npm run` does; resolves with its exit code and output. */
function cli(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/server/cli', script), ...args],
      {
        cwd: projectRoot,
        env: { ...process.env, ...env, TEST_DATABASE_URL: '' },
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Flips one byte inside the first stored PDF of a backup file. */
function corrupt(file: string, to: string) {
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf('%PDF', bytes.indexOf('files/objects/'));
  expect(at).toBeGreaterThan(0);
  bytes[at + 20] ^= 0xff;
  fs.writeFileSync(to, bytes);
}

describe.skipIf(onPostgres)('backup and restore on the embedded database', () => {
  let dataDir: string;
  let key: string;
  let t: TestApp;
  let client: { id: string; email: string; password: string; agent: TestAgent };
  let admin: Admin;
  let accountId: string;
  /** The command's backup, kept for the CLI test. */
  let backupFile: string;
  const work = () => newDir('out');

  beforeAll(async () => {
    dataDir = newDir('data');
    // The data key in the key file inside the data directory, where a careless backup would pick it up.
    key = generateKey(1);
    fs.writeFileSync(path.join(dataDir, 'data-key'), `${key}\n`, { mode: 0o600 });
    const template = inject('pgliteTemplate');
    const database = await openPglite(
      dataDir,
      template ? new Blob([new Uint8Array(fs.readFileSync(template))]) : undefined,
    );
    t = await createTestApp(
      { DATA_DIR: dataDir, DATA_KEY: key },
      { database: { ...database, name: 'backup' }, storage: createLocalStorage(path.join(dataDir, 'files')) },
    );
    const c = await t.createSignedInUser({ role: 'client' });
    client = { id: c.user.id, email: c.email, password: c.password, agent: c.agent };
    admin = await newAdmin(t);
    const res = await client.agent.post(`/api/clients/${client.id}/bank-accounts`, {
      bankName: 'Backup Bank',
      accountNumber: '0001-2345-6781234',
    });
    expect(res.status).toBe(201);
    accountId = ((await res.json()) as { account: { id: string } }).account.id;
    for (const name of ['articles', 'ein-letter', 'operating-agreement'])
      expect((await upload(client.agent, client.id, name)).status).toBe(201);
  });
  afterAll(() => t?.close());

  it('the admin route streams a backup only to administrators, with their password, audited and limited', async () => {
    expect((await client.agent.post('/api/admin/backup', { password: client.password })).status).toBe(403);
    expect((await t.agent().post('/api/admin/backup', { password: 'x' })).status).toBe(401);
    const a = await newAdmin(t);
    // Not a GET any more: a HEAD (Hono runs a GET's handler for it) starts nothing.
    expect((await a.agent.get('/api/admin/backup')).status).toBe(404);
    expect((await a.agent.request('HEAD', '/api/admin/backup')).status).toBe(404);
    expect((await a.agent.post('/api/admin/backup', {})).status).toBe(400);
    const wrong = await a.agent.post('/api/admin/backup', { password: 'not-the-password' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: WRONG_BACKUP_PASSWORD });
    await download(a, path.join(work(), 'one.tar'));
    await download(a, path.join(work(), 'two.tar'));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, a.id), eq(auditLog.entityType, 'backup')));
    expect(rows).toMatchObject([
      { action: 'export', clientId: a.id },
      { action: 'export', clientId: a.id },
    ]);
    // Three an hour per administrator, the wrong password counted too.
    const limited = await a.agent.post('/api/admin/backup', { password: a.password });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: TOO_MANY_BACKUPS });
    // Another administrator is not held back by the first one's count.
    await download(await newAdmin(t), path.join(work(), 'three.tar'));
  });

  it('a download cancelled or left unread frees the slot and removes its snapshot', async () => {
    const snapshots = () => fs.readdirSync(path.join(dataDir, 'files', 'tmp')).filter((n) => n.startsWith('backup-'));
    const freed = async () => {
      for (let i = 0; i < 200 && snapshots().length > 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(snapshots()).toEqual([]);
    };
    // Cancelled after the first chunk.
    const a = await newAdmin(t);
    const res = await a.agent.post('/api/admin/backup', { password: a.password });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    expect(snapshots().length).toBe(1);
    const busy = await (await newAdmin(t)).agent.post('/api/admin/backup', { password: a.password });
    expect(busy.status).toBe(429);
    await reader.cancel();
    await freed();

    // Never read: nothing is snapshotted, and the time limit ends it.
    // Signed in first: a sign-up takes longer than the shortened limit.
    const [b, c, d] = [await newAdmin(t), await newAdmin(t), await newAdmin(t)];
    const idleMs = backupTimeouts.idleMs;
    backupTimeouts.idleMs = 200;
    try {
      const unread = await b.agent.post('/api/admin/backup', { password: b.password });
      expect(unread.status).toBe(200);
      expect(snapshots()).toEqual([]);
      expect(await (await c.agent.post('/api/admin/backup', { password: c.password })).json()).toEqual({
        error: BACKUP_BUSY,
      });
      await new Promise((r) => setTimeout(r, 400));
      // Read one chunk, then stop reading: the limit ends it and removes the snapshot.
      const stalled = await d.agent.post('/api/admin/backup', { password: d.password });
      expect(stalled.status).toBe(200);
      const r = stalled.body!.getReader();
      await r.read();
      expect(snapshots().length).toBe(1);
      await freed();
      await expect(r.read()).rejects.toThrow(/nothing was read/);
    } finally {
      backupTimeouts.idleMs = idleMs;
    }
    await download(await newAdmin(t), path.join(work(), 'after.tar'));
  });

  it('a backup downloaded while requests upload and delete restores with every document row’s file', async () => {
    const out = work();
    let done = false;
    let writes = 0;
    // Uploads and deletions keep going for as long as the backup is being made.
    const writer = (async () => {
      let previous: string | undefined;
      while (!done) {
        const res = await upload(client.agent, client.id, `live-${writes}`);
        expect(res.status).toBe(201);
        const id = ((await res.json()) as { document: { id: string } }).document.id;
        if (previous)
          expect((await client.agent.request('DELETE', `/api/clients/${client.id}/documents/${previous}`)).status).toBe(
            200,
          );
        previous = id;
        writes++;
      }
    })();
    // The snapshot is taken with writes under way, not before the first one.
    while (writes < 2) await new Promise((r) => setTimeout(r, 20));
    await download(admin, path.join(out, 'live.tar'));
    done = true;
    await writer;
    expect(writes).toBeGreaterThan(0);

    // The database in the backup (opened in memory) names no file the backup lacks.
    await verifyBackup(path.join(out, 'live.tar'));
    const names = new Set<string>();
    let dump: Blob | undefined;
    await readTar(fs.createReadStream(path.join(out, 'live.tar')), async (e) => {
      names.add(e.name);
      if (e.name === DATABASE_ENTRY) {
        const parts: Uint8Array<ArrayBuffer>[] = [];
        for await (const c of e.chunks) parts.push(new Uint8Array(c));
        dump = new Blob(parts);
      }
    });
    const restored = await openPglite(undefined, dump);
    try {
      const rows = await restored.db.select({ key: businessDocuments.storageKey }).from(businessDocuments);
      expect(rows.length).toBeGreaterThan(3);
      for (const { key } of rows) expect(names.has(`files/objects/${key}`), key).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('backs up under the data-dir lock, without the data key, and restores every table, file and secret', async () => {
    const out = work();
    const before = await (await fingerprinter(t.db))();
    const filesBefore = fileHashes(dataDir);
    await t.close();

    const file = path.join(out, 'portal.tar');
    const config = loadConfig({ DATA_DIR: dataDir });
    await backupToFile(config, file);
    backupFile = file;
    const manifest = await verifyBackup(file);
    expect(manifest).toMatchObject({ format: 1, database: 'pglite', files: 'local' });
    expect(manifest.entries.map((e) => e.name)).toContain(DATABASE_ENTRY);

    // The key is nowhere in the archive: neither its text nor its bytes, nor the key file's name.
    const archive = fs.readFileSync(file);
    const raw = Buffer.from(key.split(':')[1], 'base64');
    expect(archive.includes(key.split(':')[1])).toBe(false);
    expect(archive.includes(raw)).toBe(false);
    expect(archive.includes('data-key')).toBe(false);
    const gz = (await import('node:zlib')).gunzipSync(archive.subarray(archive.indexOf(Buffer.from([0x1f, 0x8b]))));
    expect(gz.includes(raw)).toBe(false);
    expect(gz.includes(key.split(':')[1])).toBe(false);

    // Wipe: a new, empty data directory with only the key put back.
    const target = path.join(out, 'restored');
    const result = await restoreBackup(file, loadConfig({ DATA_DIR: target }));
    expect(result.files).toBe(Object.keys(filesBefore).filter((f) => f.startsWith('objects')).length);
    expect(fs.existsSync(path.join(target, 'data-key'))).toBe(false);
    fs.writeFileSync(path.join(target, 'data-key'), `${key}\n`, { mode: 0o600 });
    expect(fileHashes(target)).toEqual(filesBefore);
    // The restore samples the encrypted values: the portal's key opens them, another key does not.
    expect(result.sealed.length).toBeGreaterThan(0);
    expect(unreadableWith(parseKeyring(key), result.sealed)).toEqual([]);
    expect(unreadableWith(parseKeyring(generateKey(1)), result.sealed).length).toBe(result.sealed.length);

    const restored = await openPglite(target);
    const app = await createTestApp(
      { DATA_DIR: target, DATA_KEY: key },
      { database: { ...restored, name: 'restored' }, storage: createLocalStorage(path.join(target, 'files')) },
    );
    try {
      expect(await (await fingerprinter(app.db))()).toEqual(before);
      await expectEveryDocumentFile(app.db, target);
      // The app on the restored directory signs the client in and decrypts their secret with the same key.
      const agent = await app.signIn(client.email, client.password);
      const reveal = await agent.request(
        'POST',
        `/api/clients/${client.id}/bank-accounts/${accountId}/reveal/account-number`,
      );
      expect(await reveal.json()).toEqual({ value: '0001-2345-6781234' });
    } finally {
      await app.close();
    }

    // A used directory is refused without --force; with it, replaced, and its key file kept.
    await expect(restoreBackup(file, loadConfig({ DATA_DIR: target }))).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(file, loadConfig({ DATA_DIR: target }))).rejects.toThrow(/not empty.*--force/);
    fs.writeFileSync(path.join(target, 'files', 'objects', 'stray.pdf'), 'not in the backup');
    await restoreBackup(file, loadConfig({ DATA_DIR: target }), { force: true });
    expect(fileHashes(target)).toEqual(filesBefore);
    expect(fs.readFileSync(path.join(target, 'data-key'), 'utf8')).toBe(`${key}\n`);

    // A damaged or truncated file is refused before anything is written.
    const bad = path.join(out, 'bad.tar');
    corrupt(file, bad);
    const untouched = path.join(out, 'never');
    await expect(restoreBackup(bad, loadConfig({ DATA_DIR: untouched }))).rejects.toThrow(BackupInvalidError);
    await expect(restoreBackup(bad, loadConfig({ DATA_DIR: untouched }))).rejects.toThrow(
      /does not match its checksum/,
    );
    fs.writeFileSync(bad, archive.subarray(0, archive.length - 3000));
    await expect(restoreBackup(bad, loadConfig({ DATA_DIR: untouched }))).rejects.toThrow(BackupInvalidError);
    expect(fs.existsSync(untouched)).toBe(false);
    await expect(restoreBackup(bad, loadConfig({ DATA_DIR: target }), { force: true })).rejects.toThrow(
      BackupInvalidError,
    );
    expect(fileHashes(target)).toEqual(filesBefore);
  }, 60_000);

  it('--force replaces only db/ and files/, and a crashed restore’s only copy is never deleted', async () => {
    const target = path.join(work(), 'data');
    await restoreBackup(backupFile, loadConfig({ DATA_DIR: target }));
    // The operator keeps backups inside DATA_DIR, and restores one from there.
    fs.mkdirSync(path.join(target, 'backups'));
    const inside = path.join(target, 'backups', 'portal.tar');
    fs.copyFileSync(backupFile, inside);
    fs.writeFileSync(path.join(target, 'backups', 'notes.txt'), 'kept');
    fs.writeFileSync(path.join(target, 'settings.env'), 'kept too');
    fs.writeFileSync(path.join(target, 'files', 'objects', 'stray.pdf'), 'not in the backup');
    // Only db/ and files/ count as occupied: a directory holding other things is not refused for them.
    await expect(restoreBackup(inside, loadConfig({ DATA_DIR: target }))).rejects.toThrow(/holds db, files/);
    await restoreBackup(inside, loadConfig({ DATA_DIR: target }), { force: true });
    expect(fs.readFileSync(path.join(target, 'backups', 'notes.txt'), 'utf8')).toBe('kept');
    expect(fs.readFileSync(path.join(target, 'settings.env'), 'utf8')).toBe('kept too');
    await verifyBackup(inside);
    expect(fs.existsSync(path.join(target, 'files', 'objects', 'stray.pdf'))).toBe(false);
    expect(fs.readdirSync(target).filter((n) => n.startsWith('.restore-'))).toEqual([]);

    // A restore that died inside its swap: db/ gone, the new one still in its staging folder.
    const staging = path.join(target, '.restore-crashed');
    fs.mkdirSync(staging);
    fs.renameSync(path.join(target, 'db'), path.join(staging, 'db'));
    await expect(restoreBackup(inside, loadConfig({ DATA_DIR: target }), { force: true })).rejects.toThrow(
      /db is missing.*\.restore-crashed.*only copy/,
    );
    expect(fs.existsSync(path.join(staging, 'db'))).toBe(true);
    // Put back by hand, the leftover is just an old folder and goes.
    fs.renameSync(path.join(staging, 'db'), path.join(target, 'db'));
    await restoreBackup(inside, loadConfig({ DATA_DIR: target }), { force: true });
    expect(fs.existsSync(staging)).toBe(false);
    const restored = await openPglite(target);
    await restored.close();
  }, 60_000);

  it('npm run backup refuses a DATA_DIR without a database instead of backing up a new empty one', async () => {
    const out = work();
    const empty = path.join(out, 'nothing-here');
    const r = await cli('backup.ts', [path.join(out, 'x.tar')], { DATA_DIR: empty, DATABASE_URL: '' });
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/no database in .*nothing-here.*nothing was backed up/i);
    expect(fs.existsSync(empty)).toBe(false);
    expect(fs.existsSync(path.join(out, 'x.tar'))).toBe(false);
  }, 30_000);

  it('the commands refuse while a server holds the data directory, and a damaged file with a sentence', async () => {
    const out = work();
    const bad = path.join(out, 'bad.tar');
    fs.writeFileSync(bad, Buffer.alloc(2048, 7));
    const holder: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/server/test/hold-lock.ts'), dataDir],
      { cwd: projectRoot },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.once('data', () => resolve());
        holder.once('exit', () => reject(new Error('hold-lock exited')));
      });
      const [backup, restore, damaged] = await Promise.all([
        cli('backup.ts', [path.join(out, 'x.tar')], { DATA_DIR: dataDir, DATABASE_URL: '' }),
        cli('restore.ts', [backupFile, '--force'], { DATA_DIR: dataDir, DATABASE_URL: '' }),
        cli('restore.ts', [bad], { DATA_DIR: path.join(out, 'target'), DATABASE_URL: '' }),
      ]);
      expect(backup.code).toBe(3);
      expect(backup.out).toMatch(/in use by process \d+[\s\S]*POST \/api\/admin\/backup/);
      expect(fs.existsSync(path.join(out, 'x.tar'))).toBe(false);
      expect(restore.code).toBe(3);
      expect(restore.out).toMatch(/in use by process \d+/);
      expect(damaged.code).toBe(1);
      expect(damaged.out).toMatch(/damaged/);
      expect(fs.existsSync(path.join(out, 'target'))).toBe(false);
    } finally {
      holder.kill();
    }
  }, 30_000);
});

describe.runIf(onPostgres)('backup and restore on PostgreSQL: the stored files', () => {
  let t: TestApp;
  let dataDir: string;
  let client: { id: string; agent: TestAgent };
  let admin: Admin;

  beforeAll(async () => {
    dataDir = newDir('data');
    t = await createTestApp({ DATA_DIR: dataDir }, { storage: createLocalStorage(path.join(dataDir, 'files')) });
    const c = await t.createSignedInUser({ role: 'client' });
    client = { id: c.user.id, agent: c.agent };
    admin = await newAdmin(t);
    for (const name of ['articles', 'ein-letter'])
      expect((await upload(client.agent, client.id, name)).status).toBe(201);
  });
  afterAll(() => t?.close());

  it('backs up and restores the local files only, and says the database is pg_dump’s', async () => {
    const out = newDir('out');
    const file = path.join(out, 'files.tar');
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.TEST_DATABASE_URL });
    const result = await backupToFile(config, file);
    expect(result.notes.join(' ')).toMatch(/stored files only.*pg_dump/);
    expect(await verifyBackup(file)).toMatchObject({ database: 'none', files: 'local' });

    const target = path.join(out, 'restored');
    await expect(restoreBackup(file, loadConfig({ DATA_DIR: target }))).rejects.toThrow(/taken on PostgreSQL/);
    await restoreBackup(file, loadConfig({ DATA_DIR: target, DATABASE_URL: process.env.TEST_DATABASE_URL }));
    expect(fileHashes(target)).toEqual(fileHashes(dataDir));
    await expectEveryDocumentFile(t.db, target);

    const bad = path.join(out, 'bad.tar');
    corrupt(file, bad);
    await expect(
      restoreBackup(bad, loadConfig({ DATA_DIR: target, DATABASE_URL: process.env.TEST_DATABASE_URL }), {
        force: true,
      }),
    ).rejects.toThrow(/does not match its checksum/);
  });

  it('the admin route streams the same files-only backup', async () => {
    const out = newDir('out');
    await download(admin, path.join(out, 'live.tar'));
    const manifest = await verifyBackup(path.join(out, 'live.tar'));
    expect(manifest.database).toBe('none');
    expect(manifest.entries.filter((e) => e.name.startsWith('files/objects/')).length).toBe(2);
    expect((await client.agent.post('/api/admin/backup', { password: 'x' })).status).toBe(403);
  });
});
