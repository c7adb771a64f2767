// Builds the server into one JavaScript file, dist/server/main.js (our code bundled; packages
// stay in node_modules, where PGlite finds its WebAssembly files), so `npm start` runs plain
// JavaScript: no TypeScript compiler in the running server's memory or start-up time.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'dist/server/main.js');

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
