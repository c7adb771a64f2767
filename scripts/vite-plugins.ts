// Build-time helpers for vite.config.ts: how the web app is cut into chunks, and the brotli and
// gzip copies of every text asset that the server sends (src/server/static.ts).
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Three chunks make the sign-in page's first load (e2e/first-load.spec.ts holds its budget):
 * - index: what the entry imports (React, the router, the session, the guards, the route table);
 * - ui: what the sign-in page shares with the signed-in app (primitives, branding, error texts);
 * - guest: the marketing layout's top and the sign-in form.
 * Everything else (the signed-in app, each page, the other auth pages, the marketing sections
 * below the fold) is split by Rolldown along the lazy imports in src/web/app/router.tsx.
 */
const sharedUi =
  /src[\\/]web[\\/](components[\\/]ui[\\/](button|input|card|alert)|lib[\\/](cn|public-config))\.tsx?$|src[\\/]shared[\\/](auth-messages|auth-errors|branding)\.ts$|node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)\b/;
const signInFirstLoad =
  /src[\\/]web[\\/](features[\\/]marketing[\\/](marketing-layout|marketing-header|hero|features|typing-headline|use-typewriter|brand-logo|when-near)|features[\\/]auth[\\/](sign-in-page|auth-card|google-button|google-sign-in))\.tsx?$/;

/**
 * The lucide icon modules that the sign-in page's own files import (`Building2` is
 * icons/building-complex.mjs). They go with the shared chunk: the signed-in app uses several of
 * them too, and must not load the guest chunk for an icon.
 */
function iconsOfFirstLoad(): RegExp {
  const root = path.resolve(import.meta.dirname, '..');
  const barrel = fsSync.readFileSync(path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) fileOf.set(name, file);
  }
  const sources = fsSync
    .readdirSync(path.join(root, 'src/web'), { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(root, 'src/web', f))
    .filter((f) => signInFirstLoad.test(f));
  const icons = new Set<string>();
  for (const source of sources) {
    for (const [, names] of fsSync.readFileSync(source, 'utf8').matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
      for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
        const file = fileOf.get(name);
        if (file) icons.add(file);
      }
    }
  }
  return new RegExp(`lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${[...icons].join('|')})\\.mjs$`);
}

/**
 * What the signed-in pages share (components, hooks, shared modules, the query library, Radix,
 * the icons): one chunk instead of dozens of 1 kB ones, since a phone on HTTP/1.1 fetches six files
 * at a time. Each page's own code stays in its chunk. Left out, so that a page's first paint does
 * not wait for them: the top bar's search dialog (loaded on first use, app/shell/search-box.tsx),
 * the form libraries and the schemas (the `forms` and `schemas` chunks below) and Radix's slider
 * (only the D&B page's what-if explorer uses it, so it goes with that page).
 */
const signedInShared =
  /^(?!.*auth-client\.ts$)(?!.*search-dialog\.tsx$)(?!.*[\\/]@radix-ui[\\/]react-slider[\\/]).*(?:src[\\/]web[\\/](components|lib|app)[\\/]|src[\\/]web[\\/]features[\\/][\w-]+[\\/](api|use-[\w-]+)\.tsx?$|src[\\/]shared[\\/]|node_modules[\\/](lucide-react|@radix-ui|@tanstack|@floating-ui|react-remove-scroll[\w-]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|detect-node-es|hono)[\\/])/;

const signedInApp = (id: string) => signedInShared.test(id) && !buildsSchemas(id);

/**
 * The signed-in app around every page (the shell) and the pages whose first load on a phone is
 * measured (npm run lighthouse, e2e/first-load.spec.ts).
 */
const FIRST_PAINT_ROOTS = [
  'app/signed-in-app',
  'features/home/home-page',
  'features/compliance/compliance-page',
  'features/scores/scores-page',
  'features/training/training-page',
];

/**
 * What those import without waiting (static imports, followed through): filled once the module
 * graph is known (firstPaintGraph), read when the chunks are cut. Of what the signed-in pages
 * share, only this goes to the `app` chunk that every signed-in first load fetches; the rest
 * (components and rules that only the other pages use) goes to `app-more`, which those pages
 * bring. (Leaving a measured page's own share to Rolldown instead cut chunks that pulled in zod.)
 */
const firstPaintModules = new Set<string>();

export function firstPaintGraph(): Plugin {
  return {
    name: 'first-paint-graph',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      firstPaintModules.clear();
      const web = path.resolve(import.meta.dirname, '../src/web');
      const ids = [...this.getModuleIds()];
      const visit = (id: string) => {
        if (firstPaintModules.has(id)) return;
        firstPaintModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const root of FIRST_PAINT_ROOTS) {
        const id = ids.find((m) => /\.tsx?$/.test(m) && m.slice(0, m.lastIndexOf('.')) === path.join(web, root));
        if (!id) throw new Error(`first-paint-graph: no module for src/web/${root}`);
        visit(id);
      }
    },
  };
}

/**
 * react-hook-form, its zod resolver and the two hooks built on them, in one chunk that the forms
 * bring: the first paint of the dashboard, compliance, D&B and training pages renders no form
 * (theirs load when opened), and the pages that open on a form load it with them.
 */
const formLibraries =
  /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]|src[\\/]web[\\/](lib[\\/]payload-resolver|features[\\/]two-factor[\\/]use-code-form)\.ts$/;

/**
 * zod and the shared modules that build schemas with it, in one chunk that the forms bring (with
 * `forms`). The web's first paint takes the constants and rules it needs from the zod-free
 * `src/shared/<area>-rules.ts` files, which the `app` chunk holds; the `app` chunk must never
 * import this one (e2e/first-load.spec.ts checks the four pages load neither).
 * Whether a module builds schemas is read from its source, once per module at build time.
 */
const schemaModules = new Map<string, boolean>();
function buildsSchemas(id: string): boolean {
  if (!/src[\\/]shared[\\/][\w-]+\.ts$/.test(id)) return false;
  let builds = schemaModules.get(id);
  if (builds === undefined) {
    builds = /^import (?!type )[^;]*from 'zod';$/m.test(fsSync.readFileSync(id, 'utf8'));
    schemaModules.set(id, builds);
  }
  return builds;
}
const zod = /node_modules[\\/]zod[\\/]/;

export function chunkGroups() {
  const icons = iconsOfFirstLoad();
  return [
    { name: 'index', tags: ['$initial' as const], priority: 30 },
    { name: 'ui', test: (id: string) => sharedUi.test(id) || icons.test(id), priority: 20 },
    { name: 'guest', test: signInFirstLoad, priority: 10 },
    { name: 'forms', test: formLibraries, priority: 6 },
    // sonner and its Toaster, loaded with the first toast or interaction (app/toaster-host.tsx), not with any page.
    { name: 'toasts', test: /node_modules[\\/]sonner[\\/]|src[\\/]web[\\/]app[\\/]toaster\.tsx$/, priority: 6 },
    { name: 'app', test: (id: string) => signedInApp(id) && firstPaintModules.has(id), priority: 5 },
    { name: 'app-more', test: signedInApp, priority: 5 },
    { name: 'schemas', test: (id: string) => zod.test(id) || buildsSchemas(id), priority: 4 },
  ];
}

/** Where the server finds each signed-in page's chunks (src/server/static.ts reads it). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes dist/web/.vite/route-preloads.json: for each signed-in page's path (src/web/app/pages.ts),
 * the chunks its first load needs besides the entry's: the signed-in app's, the page's and what
 * they import. The server names them in a signed-in user's page as modulepreload links, so the
 * phone fetches them beside the entry instead of after the entry has arrived and run.
 */
export function routePreloads(): Plugin {
  const web = path.resolve(import.meta.dirname, '../src/web');
  const module = (spec: string) => {
    const base = path.resolve(web, 'app', spec);
    const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => fsSync.existsSync(f));
    if (!file) throw new Error(`route-preloads: no module for ${spec}`);
    return file;
  };
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const pages = fsSync.readFileSync(path.join(web, 'app/pages.ts'), 'utf8');
      const routes = [...pages.matchAll(/'(\/[^']*)':\s*lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)];
      if (routes.length === 0) throw new Error('route-preloads: no pages found in src/web/app/pages.ts');
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const chunkOf = (id: string) => {
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-preloads: no chunk holds ${id}`);
        return chunk;
      };
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        const chunk = chunks.find((c) => c.fileName === fileName);
        for (const imported of chunk?.imports ?? []) withImports(imported, into);
      };
      const entry = new Set<string>();
      for (const c of chunks) if (c.isEntry) withImports(c.fileName, entry);
      const signedInApp = chunkOf(module('./signed-in-app')).fileName;
      const map: Record<string, string[]> = {};
      for (const [, route, spec] of routes) {
        const files = new Set<string>();
        withImports(signedInApp, files);
        withImports(chunkOf(module(spec)).fileName, files);
        map[route] = [...files].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(map, null, 1) });
    },
  };
}

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const p = path.join(dir, e.name);
      // .vite holds the build manifest: read by tests, never served.
      if (e.isDirectory()) return e.name === '.vite' ? [] : filesUnder(p);
      return compressible.test(e.name) ? [p] : [];
    }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) next to every text file of the build, so
 * the server sends them as they are instead of compressing on each request. A copy that would not
 * be smaller is left out (the server then sends the file itself).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const files = await filesUnder(outDir);
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
