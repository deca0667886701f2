// Vitest global setup of the browser tests: the database a server makes on its first start
// (migrated, seeded, demo layer as of now), built once per run. e2e/harness.ts copies it for each
// server that starts on a new file, instead of every start migrating and seeding again (~1 s each,
// ~5 s on a loaded box). One without the demo layer too, for servers started with SEED_DEMO=0.
// And a check that the server they start (e2e/harness.ts: the built bundle, as `npm start` runs
// it) is there.
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildState } from '../api/scripts/build-state.mjs';
import { HEADLESS_SHELL, TEST_CHROMIUM } from '../e2e/harness';
import { sharedServersFolder } from '../e2e/read-only-server';
import { buildTemplateDb, tempDbPath } from './db';
import { useRunTmp } from './run-tmp';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates: { demo: string; plain: string };
  }
}

const ROOT = join(import.meta.dirname, '..');

/**
 * The server the browser tests start (e2e/harness.ts): the bundle `npm run build` made (dist/server/server.mjs,
 * decision 0008), the one `npm start` runs, run with plain node. A server started through tsx
 * spent 5-8 s of CPU before its first answer, 3-4 s from the bundle (timed back to back at load
 * 18), and rendered its first page in 1.5 s instead of 3-4.5 s; the browser tests start ~45 servers.
 */
function checkBuild() {
  const file = join(ROOT, 'dist', 'server', 'server.mjs');
  const state = buildState(ROOT);
  if (!existsSync(file))
    throw new Error('The browser tests run the built server: run `npm run build` first (npm test and npm run test:e2e do).');
  // Stale: a source saved after the build (an editor, another process); the bundle still runs.
  if (!state.ok) console.warn(`Browser tests: ${state.reason}; they run the build as it is (npm run build to update it).`);
  if (!process.env.CHROMIUM_PATH && TEST_CHROMIUM !== HEADLESS_SHELL)
    console.warn(
      'Browser tests: chromium-headless-shell is not installed, so they drive the full Chromium (~15 % more CPU; decision 1543).',
    );
}

/** The workers' shared read-only servers that outlived their worker (one that did not exit cleanly). */
function stopLeftServers() {
  const folder = sharedServersFolder();
  if (!existsSync(folder)) return;
  for (const pid of readdirSync(folder)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export default async function setup(project: TestProject) {
  const removeRunTmp = useRunTmp(); // before any worker starts, so they and their servers inherit TMPDIR
  const demo = tempDbPath();
  const plain = tempDbPath();
  checkBuild();
  // The demo template is the plain one plus the demo layer: seed() finds the real data already
  // there (same fingerprint) and adds only the demo layer, as a server's next start would, instead
  // of migrating and loading the register, pay scales and categories a second time. The two
  // databases differ from two first starts only in the demo rows' times (relative to now).
  buildTemplateDb(plain);
  copyFileSync(plain, demo);
  buildTemplateDb(demo, { demo: true });
  project.provide('serverTemplates', { demo, plain });
  return () => {
    stopLeftServers();
    for (const path of [demo, plain]) rmSync(dirname(path), { recursive: true, force: true });
    removeRunTmp();
  };
}
