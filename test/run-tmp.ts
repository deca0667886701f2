// One temporary folder per test run. Every file a test, a server it starts or Chromium writes to
// the system's temporary folder goes into it (TMPDIR is set before any worker or child starts,
// and os.tmpdir() reads it), and it is removed when the run ends. Without it each run left ~13 GB
// of database copies, server folders and browser profiles behind, and /tmp filled the disk
// (a CI run failed on ENOSPC). A run that was killed leaves its folder: the next run removes any
// such folder older than a day.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'tilt-run-';
const STALE_MS = 24 * 60 * 60 * 1000;

function removeStale(parent: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(parent, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // another run removed it meanwhile
    }
  }
}

/**
 * Points TMPDIR at a new folder for this run and returns what removes it; inside a run that
 * already has one (npm test sets it for all its jobs) it changes nothing and removes nothing.
 */
export function useRunTmp(): () => void {
  if (process.env.TILT_RUN_TMP) return () => {};
  const original = process.env.TMPDIR;
  const parent = tmpdir();
  removeStale(parent);
  const dir = mkdtempSync(join(parent, PREFIX));
  process.env.TILT_RUN_TMP = dir;
  process.env.TMPDIR = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.TILT_RUN_TMP;
    if (original === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = original;
  };
}
