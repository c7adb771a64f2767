import path from 'node:path';
import { BackupRefusedError, backupToFile } from '../backup/create-backup';
import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';

// npm run backup -- <file>
// One file with the embedded database (PGlite's dump) and the stored files, checksummed; never the
// data key, which is kept separately. On the embedded database this takes the data-directory lock,
// so it refuses while the server runs: stop it, or download the same file from the running server
// (POST /api/admin/backup, an administrator with their password). On PostgreSQL only the local files.
// A DATA_DIR without a database is refused (exit 2) rather than backed up as a new, empty one.
const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const file = path.resolve(args[0]);
try {
  const result = await backupToFile(loadConfig(), file);
  for (const note of result.notes) console.log(note);
  console.log(
    `Backup written to ${file} (${result.bytes} bytes). It does not hold the data key: keep that (DATA_KEY or DATA_DIR/data-key) separately.`,
  );
} catch (e) {
  if (e instanceof BackupRefusedError) {
    console.error(e.message);
    process.exit(2);
  }
  if (e instanceof DataDirLockedError) {
    console.error(
      `${e.message}\nWhile the server runs, an administrator can download the same backup from it: POST /api/admin/backup with their password ({"password": "..."}).`,
    );
    process.exit(3);
  }
  throw e;
}
