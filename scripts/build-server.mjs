// Builds the server into one JavaScript file, dist/server/main.js, so `npm start` runs plain
// JavaScript: no TypeScript compiler in the running server's memory, and no resolving and reading
// of hundreds of package files at start-up (half the start time). Packages that load files of
// their own next to their code stay in node_modules: PGlite (its WebAssembly and data files),
// jsdom (its stylesheet and worker; loaded on demand by the automation HTML sanitiser).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'dist/server/main.js');

/**
 * How Node runs the built server (npm start, the benchmark, the resilience tests). A young
 * generation of 32 MB semi-spaces instead of Node 20's 16: with 50 requests in flight, each
 * holding its rows and response, the default scavenged so often that short-lived objects were
 * promoted and collected again by the old generation: GC took 26% of the server's CPU in the
 * benchmark, and about 1.45 ms of CPU per task-list request became about 1.05 ms.
 */
// No --enable-source-maps: Node then parses and keeps the map of every chunk it loads, about 20 MB
// of the server's memory for the whole of its life. esbuild keeps function names, so a stack trace
// still says where; the maps stay beside the bundle for NODE_OPTIONS=--enable-source-maps when debugging.
// --expose-gc: once requests stop, src/server/lib/idle-collector.ts collects so that V8 shrinks the
// young generation back and frees the old generation's garbage (about 70 MB after the benchmark).
export const serverNodeFlags = ['--max-semi-space-size=32', '--expose-gc'];

export async function buildServer() {
  const result = await build({
    // prepare-database creates the embedded database on a first start, in a process of its own (db/open.ts).
    entryPoints: [path.join(root, 'src/server/main.ts'), path.join(root, 'src/server/db/prepare-database.ts')],
    outdir: path.dirname(serverBundle),
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    // Code loaded on demand (the AWS SDK for S3, archiver, nodemailer, file-type) goes to chunks of its own.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@electric-sql/pglite', 'pg-native', 'jsdom'],
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
    },
    // Without comments and indentation: Node holds the source text of every chunk it loads for the
    // server's whole life. Names stay (no identifier minifying), so stack traces still say where;
    // lines stay short, so a crash's report (which quotes the line) stays readable.
    minifyWhitespace: true,
    lineLimit: 160,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  // A chunk with one non-ASCII character is held as UTF-16, twice its size, on the JavaScript heap.
  // esbuild escapes strings but not every regular expression, so a literal one would slip through.
  for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
    const bytes = fs.readFileSync(path.resolve(file));
    const at = bytes.findIndex((b) => b > 0x7f);
    if (at >= 0)
      throw new Error(
        `${file} has a non-ASCII character (${bytes.subarray(at - 40, at + 10)}): escape it in the source`,
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
