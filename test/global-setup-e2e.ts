// Vitest global setup of the browser tests: the database a server makes on its first start
// (migrated, seeded, demo layer as of now), built once per run. e2e/harness.ts copies it for each
// server that starts on a new file, instead of every start migrating and seeding again (~1 s each,
// ~5 s on a loaded box). One without the demo layer too, for servers started with SEED_DEMO=0.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplateDb, tempDbPath } from './db';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates: { demo: string; plain: string };
  }
}

export default function setup(project: TestProject) {
  const demo = tempDbPath();
  const plain = tempDbPath();
  buildTemplateDb(demo, { demo: true });
  buildTemplateDb(plain);
  project.provide('serverTemplates', { demo, plain });
  return () => {
    for (const path of [demo, plain]) rmSync(dirname(path), { recursive: true, force: true });
  };
}
