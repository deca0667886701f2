// Vitest global setup: builds the template database once per run, from the committed migrations
// (never a committed database file, so new migrations are always in it). See test/db.ts.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplateDb, tempDbPath } from './db';
import { useRunTmp } from './run-tmp';

export default function setup(project: TestProject) {
  const removeRunTmp = useRunTmp(); // before any worker starts, so they inherit TMPDIR
  const path = tempDbPath();
  buildTemplateDb(path);
  project.provide('templateDbPath', path);
  return () => {
    rmSync(dirname(path), { recursive: true, force: true });
    removeRunTmp();
  };
}
