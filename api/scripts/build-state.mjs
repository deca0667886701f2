// Whether the build that `npm start` runs is there and newer than the sources it was made from
// (decision 0008). Plain JavaScript: `npm start` reads it with node alone, before anything is
// built, and an install without the development tools (`npm ci --omit=dev`) has no TypeScript loader.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build makes: the server bundle (with its scripts) and the web app. */
export const BUILT = ['dist/server/server.mjs', 'dist/server/supervise.mjs', 'dist/index.html'];
/** What it is made from: these folders (tests and generated files left out) and files. */
const SOURCE_DIRS = ['api', 'db', 'web', 'sw', 'core', 'public'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];
const IGNORED = /(\.test\.tsx?$|\.gen\.ts$|(^|\/)(node_modules|artifacts)(\/|$)|\.db(-wal|-shm)?$)/;

function newest(root, dir) {
  let best = { at: 0, path: '' };
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return best;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (IGNORED.test(path)) continue;
    const found = e.isDirectory() ? newest(root, path) : { at: statSync(join(root, path)).mtimeMs, path };
    if (found.at > best.at) best = found;
  }
  return best;
}

/**
 * `{ ok: true }` when every built file is there and newer than every source; else why not:
 * `{ ok: false, reason }` ("dist/server/server.mjs is missing", "web/app/App.tsx changed since the build").
 */
export function buildState(root) {
  let builtAt = Infinity;
  for (const file of BUILT) {
    const path = join(root, file);
    if (!existsSync(path)) return { ok: false, reason: `${file} is missing` };
    builtAt = Math.min(builtAt, statSync(path).mtimeMs);
  }
  let source = { at: 0, path: '' };
  for (const dir of SOURCE_DIRS) {
    const found = newest(root, dir);
    if (found.at > source.at) source = found;
  }
  for (const file of SOURCE_FILES) {
    const path = join(root, file);
    if (existsSync(path) && statSync(path).mtimeMs > source.at) source = { at: statSync(path).mtimeMs, path: file };
  }
  if (source.at > builtAt) return { ok: false, reason: `${relative(root, join(root, source.path))} changed since the build` };
  return { ok: true };
}
