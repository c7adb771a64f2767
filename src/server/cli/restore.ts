import path from 'node:path';
import { BackupInvalidError, restoreBackup, RestoreRefusedError } from '../backup/restore-backup';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { KeyringError, loadKeyring } from '../security/keyring';
import { unreadableWith } from '../backup/key-check';

// npm run restore -- <file> [--force]
// Into an empty DATA_DIR (a data-key file there is fine); --force replaces the database and files of
// a used one. The whole file is checked against its checksums first: a damaged one is refused
// before anything is written. Refused while a server holds the data directory.
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0].startsWith('-')) {
  console.error('Usage: npm run restore -- <file> [--force]');
  process.exit(2);
}
const config = loadConfig();
try {
  const result = await restoreBackup(path.resolve(files[0]), config, { force });
  const m = result.manifest;
  for (const note of result.notes) console.log(note);
  console.log(
    `Restored the backup of ${m.createdAt} (portal ${m.appVersion}): ${m.database === 'pglite' ? `the database and ` : ''}${result.files} stored files into ${config.dataDir}.`,
  );
  // The key is not in the backup: say now, not at the first reveal, when the one here does not open it.
  try {
    const unreadable = unreadableWith(loadKeyring(config, { create: false }), result.sealed);
    if (unreadable.length > 0) {
      console.log(
        `The data key here does not open ${unreadable.length} of ${result.sealed.length} sampled encrypted values (for example ${unreadable[0].table}.${unreadable[0].column}). ` +
          'Use the key of the portal the backup came from (DATA_KEY, or its data-key file) before starting.',
      );
      process.exitCode = 4;
    }
  } catch (e) {
    if (!(e instanceof KeyringError)) throw e;
    console.log(
      `${e.message} The backup does not hold the data key: put the original key file at ${path.join(config.dataDir, 'data-key')} ` +
        '(mode 600) or set DATA_KEY before starting; a start without it makes a new key, which cannot read the restored encrypted fields.',
    );
    process.exitCode = 4;
  }
} catch (e) {
  if (e instanceof DataDirLockedError || e instanceof BackupInvalidError || e instanceof RestoreRefusedError) {
    console.error(e.message);
    process.exit(e instanceof DataDirLockedError ? 3 : 1);
  }
  throw e;
}
