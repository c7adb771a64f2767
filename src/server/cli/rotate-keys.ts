import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase, sharedSecret } from '../db/open';
import { KeyringError, loadKeyring } from '../security/keyring';
import { rotateAll } from '../security/rotate';
import { countLabel } from '../../shared/format';

// npm run keys:rotate
// Add the new key to DATA_KEY (or the data-key file) beside the old ones, with the highest version,
// so new writes use it; then run this. Once it reports 0 left, the old keys may be removed.
// On the embedded database this takes the data-directory lock, so it refuses while the server runs
// (stop it, rotate, start it); on PostgreSQL it can run beside the app (one transaction per row).
try {
  const config = loadConfig();
  // create: false, because a missing key here means a lost key: a fresh one would decrypt nothing.
  const keyring = loadKeyring(config, { create: false });
  const database = await openDatabase(config);
  try {
    console.log(
      `Re-encrypting with key v${keyring.current} (keyring: ${keyring.versions.map((v) => `v${v}`).join(', ')})`,
    );
    // A portal last started before its auth secret was sealed still holds it in clear: seal it first.
    if (!config.authSecret) await sharedSecret(database.db, 'auth_secret', keyring);
    const result = await rotateAll(database.db, keyring);
    for (const t of result.tables)
      console.log(`  ${t.table}: ${countLabel(t.values, 'value')} in ${countLabel(t.rows, 'row')} re-encrypted`);
    if (result.tables.length === 0) console.log('  no encrypted columns in the schema');
    console.log(`${result.remaining} values left on older keys.`);
    process.exitCode = result.remaining === 0 ? 0 : 1;
  } finally {
    await database.close();
    database.release();
  }
} catch (e) {
  if (e instanceof DataDirLockedError || e instanceof KeyringError) {
    console.error(e.message);
    process.exit(3);
  }
  throw e;
}
