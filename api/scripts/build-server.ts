// `npm run build`'s second half (decision 0008): the server and the operator's scripts, each with
// what it imports from this repository (the server-side renderer's screens too), bundled into one
// ES module under dist/server/; packages stay imports, resolved from the project's node_modules.
// `npm start` and the browser tests run this bundle with plain node: what is tested is what ships.
// A file that finds its data beside its source (the migrations, the seed data, dist/) keeps doing
// so: import.meta.dirname, .filename and .url are rewritten to the source's place relative to the
// bundle, so a copy of the tree (dist/ with the sources beside it) runs wherever it is put.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..', '..');

/** The bundles: the server, and the scripts an operator runs where it runs (`npm run backup`…). */
export const ENTRIES = {
  // The entry at the root: api/server.ts with the web app's page renderer handed in (decision 0019).
  server: 'server.ts',
  // The first bundle `npm start` loads: starts the server under Litestream when replication is set (decision 0009).
  supervise: 'api/scripts/supervise.ts',
  backup: 'api/scripts/backup.ts',
  restore: 'api/scripts/restore.ts',
  'alerts-send': 'api/scripts/alerts-send.ts',
  'publish-salaries': 'api/scripts/publish-salaries.ts',
} as const;

/** Each source file's import.meta paths, as the same places seen from the bundle's folder. */
function importMetaPaths(outdir: string): Plugin {
  return {
    name: 'import-meta-paths',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const fromBundle = (path: string) => JSON.stringify(relative(outdir, path).split('\\').join('/'));
        const source = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.dirname', `__tiltPlace(${fromBundle(dirname(args.path))})`)
          .replaceAll('import.meta.filename', `__tiltPlace(${fromBundle(args.path)})`)
          .replaceAll('import.meta.url', `__tiltUrl(${fromBundle(args.path)})`);
        return { contents: source, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * react-router's production build, bundled in: its package.json resolves every import to its
 * development build (remix-run/react-router#14102, open), whose checks cost a server render ~1.5 ms
 * of CPU (a school page never asked for before at 100x, issue 39). The markup is the same byte for
 * byte; react-router-dom (which re-exports it) is bundled too, so the app holds one copy.
 */
function reactRouterProduction(): Plugin {
  const dist = join(ROOT, 'node_modules', 'react-router', 'dist', 'production');
  const files: Record<string, string> = {
    'react-router': join(dist, 'index.mjs'),
    'react-router/dom': join(dist, 'dom-export.mjs'),
    'react-router-dom': join(ROOT, 'node_modules', 'react-router-dom', 'dist', 'index.mjs'),
  };
  return {
    name: 'react-router-production',
    setup(b) {
      b.onResolve({ filter: /^react-router(-dom)?(\/dom)?$/ }, (args) => ({ path: files[args.path] }));
    },
  };
}

/** Defines the helpers the rewritten paths call, from the bundle's own place. */
const BANNER = [
  "import { dirname as __tiltDirname, join as __tiltJoin } from 'node:path';",
  "import { fileURLToPath as __tiltFromUrl, pathToFileURL as __tiltToUrl } from 'node:url';",
  'const __tiltHere = __tiltDirname(__tiltFromUrl(import.meta.url));',
  'const __tiltPlace = (p) => __tiltJoin(__tiltHere, p);',
  'const __tiltUrl = (p) => __tiltToUrl(__tiltPlace(p)).href;',
].join('\n');

/** Bundles `entries` (name → source, from the project's root) into `outdir` as `<name>.mjs`. */
export async function bundleServer(outdir: string, entries: Record<string, string> = ENTRIES) {
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(ROOT, path)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Chunks: a dynamic import() stays one (the app in api/server.ts, the renderer in server.ts: the cluster's primary never
    // loads it), and the server's lazily loaded screens load when first rendered.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    banner: { js: BANNER },
    plugins: [importMetaPaths(outdir), reactRouterProduction()],
    logLevel: 'warning',
  });
  return Object.fromEntries(Object.keys(entries).map((name) => [name, join(outdir, `${name}.mjs`)]));
}

if (process.argv[1] === import.meta.filename) {
  const started = Date.now();
  const out = join(ROOT, 'dist', 'server');
  // Chunks are named by their content: the last build's would pile up.
  rmSync(out, { recursive: true, force: true });
  await bundleServer(out);
  console.log(`Server bundle: ${relative(ROOT, out)}/ (${Object.keys(ENTRIES).join(', ')}) in ${Date.now() - started} ms`);
}
