// Vitest global setup: builds the template database once per run, from the committed migrations
// (never a committed database file, so new migrations are always in it). See test/db.ts.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplateDb, tempDbPath } from './db';

export default function setup(project: TestProject) {
  const path = tempDbPath();
  buildTemplateDb(path);
  project.provide('templateDbPath', path);
  return () => rmSync(dirname(path), { recursive: true, force: true });
}
