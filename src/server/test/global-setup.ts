import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { adminQuery } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped PGlite data directory (tar) with every migration applied (unset on PostgreSQL). */
    pgliteTemplate: string | undefined;
    /** On PostgreSQL: a migrated database that each test database is copied from. */
    postgresTemplate: string | undefined;
  }
}

const migrationsDir = path.resolve(import.meta.dirname, '../db/migrations');

/** A hash of everything the template depends on: the migrations and the PGlite version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(path.relative(migrationsDir, p)).update(fs.readFileSync(p));
    }
  };
  walk(migrationsDir);
  const pglitePkg = path.resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json');
  hash.update(fs.existsSync(pglitePkg) ? fs.readFileSync(pglitePkg) : 'unknown');
  return hash.digest('hex').slice(0, 16);
}

/** Templates of earlier migration sets, unused for an hour (a concurrent run may still read a recent one). */
function removeStaleTemplates() {
  const dir = os.tmpdir();
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith('portal-pglite-template-')) continue;
    const p = path.join(dir, name);
    try {
      if (Date.now() - fs.statSync(p).atimeMs > 60 * 60_000 && Date.now() - fs.statSync(p).mtimeMs > 60 * 60_000)
        fs.rmSync(p, { force: true });
    } catch {
      /* removed by another run */
    }
  }
}

// Creating and migrating a PGlite database costs ~2.5 s and ~800 MB; loading a dump of one costs
// ~0.5 s. So the migrated database is made once, dumped to a file in the temp directory (reused by
// later runs while the migrations are unchanged), and every test file starts from a copy of it.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', undefined);
    project.provide('postgresTemplate', await makePostgresTemplate(process.env.TEST_DATABASE_URL));
    return dropPostgresTemplate(process.env.TEST_DATABASE_URL);
  }
  project.provide('postgresTemplate', undefined);
  const file = path.join(os.tmpdir(), `portal-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) {
    // Marks it in use: reads alone may not update its access time (relatime), and a concurrent run
    // with other migrations would otherwise take it for stale and remove it under this run.
    const now = new Date();
    fs.utimesSync(file, now, now);
  } else {
    removeStaleTemplates();
    const database = await openPglite();
    try {
      // Uncompressed (~40 MB): loading it costs ~20% less than a gzipped one.
      const dump = await database.client.dumpDataDir('none');
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(tmp, file); // atomic: a concurrent run never reads half a file
    } finally {
      await database.close();
    }
  }
  project.provide('pgliteTemplate', file);
}

const postgresTemplate = `test_template_${process.pid}`;

// Migrating a new PostgreSQL database costs more than copying a migrated one (CREATE DATABASE ...
// TEMPLATE copies files), and the suite makes about a hundred.
async function makePostgresTemplate(serverUrl: string): Promise<string> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE "${postgresTemplate}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${postgresTemplate}`;
  const database = await openPostgres(url.toString());
  await database.close();
  return postgresTemplate;
}

function dropPostgresTemplate(serverUrl: string) {
  return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${postgresTemplate}" WITH (FORCE)`);
}
