// `npm ci` refuses a lockfile that lacks any optional platform package of a locked dependency
// (rollup, @tailwindcss/oxide, esbuild…): npm then reports "Missing: … from lock file". This checks
// the committed lockfile the way npm ci does, so a lock made while the registry lagged fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where npm would resolve `name` from the package at `path` (node_modules lookup upwards). */
function resolve(path: string, name: string): string | undefined {
  let dir = path;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('is a v3 lockfile', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('locks every optional dependency of every locked package (npm ci needs them all)', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(path, name)) missing.push(`${name} (optional dependency of ${path || 'the project'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('locks the platform builds of rollup and the Tailwind engine', () => {
    const rollup = Object.keys(lock.packages).filter((p) => p.startsWith('node_modules/@rollup/rollup-'));
    const oxide = Object.keys(lock.packages).filter((p) => /^node_modules\/@tailwindcss\/oxide-/.test(p));
    expect(rollup).toContain('node_modules/@rollup/rollup-darwin-arm64');
    expect(rollup).toContain('node_modules/@rollup/rollup-win32-x64-msvc');
    expect(oxide).toContain('node_modules/@tailwindcss/oxide-darwin-arm64');
  });
});
