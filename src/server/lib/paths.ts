import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's root (the folder with package.json), found from this file's location, so paths
 * to shipped files hold both when running the sources (src/server/lib) and the built bundle
 * (dist/server).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${from}`);
  }
}

export const projectRoot = findRoot(import.meta.dirname);
/** Files the server reads at run time, kept in the source tree next to the code that uses them. */
export const serverFiles = {
  migrations: path.join(projectRoot, 'src/server/db/migrations'),
  freeGuide: path.join(projectRoot, 'src/server/features/dashboard/free-guide.pdf'),
  webRoot: path.join(projectRoot, 'dist/web'),
};
