// Test fixture: takes the data-directory lock of argv[2], says so, and holds it until killed.
import { lockDataDir } from '../db/data-dir-lock';

lockDataDir(process.argv[2]);
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
