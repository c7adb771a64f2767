import { loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/open';
import { setRole } from '../auth/roles';
import { roles, type Role } from '../../shared/roles';

// npm run user:role -- <email> admin|staff|client
// On the embedded database this takes the data-directory lock, so it refuses while the server runs.
const [email, role] = process.argv.slice(2);
if (!email || !roles.includes(role as Role)) {
  console.error('Usage: npm run user:role -- <email> admin|staff|client');
  process.exit(2);
}
try {
  const database = await openDatabase(loadConfig());
  try {
    const found = await setRole(database.db, email, role as Role);
    console.log(found ? `${email} is now ${role}.` : `No user with e-mail ${email}.`);
    process.exitCode = found ? 0 : 1;
  } finally {
    await database.close();
    database.release();
  }
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(3);
  }
  throw e;
}
