// `npm start` (and the operator's scripts: `npm run backup`…): runs a bundle of dist/server/ with
// plain node (decision 0008), the one the browser tests ran. On a fresh clone, or when a source is
// newer than the build, it builds first, so `npm install && npm start` still does everything; on
// a built tree it starts at once. Plain JavaScript: an install without the development tools
// (`npm ci --omit=dev` over a built dist/) has no TypeScript loader, and needs none.
//   node api/scripts/start.mjs [bundle] [its arguments…]   (bundle: server, backup, restore, …)
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState } from './build-state.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const BUNDLES = new Set(['server', 'backup', 'restore', 'alerts-send', 'publish-salaries']);
const name = BUNDLES.has(process.argv[2] ?? '') ? process.argv.splice(2, 1)[0] : 'server';

// Once, in the first process (a worker of the cluster runs this file again, and finds it built).
if (cluster.isPrimary) {
  const state = buildState(ROOT);
  if (!state.ok) {
    const tools = ['vite', 'esbuild', 'tsx'].every((p) => existsSync(join(ROOT, 'node_modules', p)));
    if (!tools) {
      console.error(
        `Cannot start: ${state.reason}, and this install has no build tools (it was made without development dependencies). ` +
          'Run `npm run build` where they are installed and bring dist/ with the sources.',
      );
      process.exit(1);
    }
    console.log(`Building first: ${state.reason}`);
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const bundle = (file) => import(pathToFileURL(join(ROOT, 'dist', 'server', `${file}.mjs`)).href);
// With LITESTREAM_REPLICA_URL, this process only starts Litestream, which runs this command again
// for the server (decision 0009); the small supervise bundle decides without loading the server's packages.
const supervised = name === 'server' && cluster.isPrimary && (await bundle('supervise')).superviseIfReplicated();
if (!supervised) await bundle(name);
