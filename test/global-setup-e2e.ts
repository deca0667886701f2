// Vitest global setup of the browser tests: the database a server makes on its first start
// (migrated, seeded, demo layer as of now), built once per run. e2e/harness.ts copies it for each
// server that starts on a new file, instead of every start migrating and seeding again (~1 s each,
// ~5 s on a loaded box). One without the demo layer too, for servers started with SEED_DEMO=0.
// And the server itself as one JavaScript file (see serverBundle), which the harness runs with
// plain node instead of `node --import tsx api/server.ts`.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { buildTemplateDb, tempDbPath } from './db';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates: { demo: string; plain: string };
    serverBundle: string;
  }
}

const ROOT = join(import.meta.dirname, '..');

/** Each file keeps its own import.meta paths (the migrations, the seed data and dist/ are found from them). */
const importMetaPaths: Plugin = {
  name: 'import-meta-paths',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents: source, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * api/server.ts and what it imports from this repository (the server-side renderer's screens
 * too), bundled into one ES module; packages stay imports. A server started through tsx spent
 * 5-8 s of CPU before its first answer, 3-4 s from the bundle (timed back to back at load 18),
 * and rendered its first page in 1.5 s instead of 3-4.5 s; the browser tests start ~45 servers.
 * The file lives under node_modules/ so that the packages resolve as they do for api/.
 */
async function serverBundle(): Promise<{ file: string; dir: string }> {
  mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'tilt-e2e-server-'));
  const file = join(dir, 'server.mjs');
  await build({
    entryPoints: [join(ROOT, 'api', 'server.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    plugins: [importMetaPaths],
    logLevel: 'warning',
  });
  return { file, dir };
}

export default async function setup(project: TestProject) {
  const demo = tempDbPath();
  const plain = tempDbPath();
  const bundle = await serverBundle();
  // The demo template is the plain one plus the demo layer: seed() finds the real data already
  // there (same fingerprint) and adds only the demo layer, as a server's next start would, instead
  // of migrating and loading the register, pay scales and categories a second time. The two
  // databases differ from two first starts only in the demo rows' times (relative to now).
  buildTemplateDb(plain);
  copyFileSync(plain, demo);
  buildTemplateDb(demo, { demo: true });
  project.provide('serverTemplates', { demo, plain });
  project.provide('serverBundle', bundle.file);
  return () => {
    for (const path of [demo, plain]) rmSync(dirname(path), { recursive: true, force: true });
    rmSync(bundle.dir, { recursive: true, force: true });
  };
}
