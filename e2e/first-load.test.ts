// The first load of every public page (the server-rendered first visit): the entry and the screen chunks the server
// preloads with it carry neither zod (the forms' validation), Dexie (the offline store and outbox)
// nor workbox-window: those load after the first render. Read from the built app (dist/), which
// `npm test` builds first. The sizes are a benchmark: `node --import tsx bench/bundle-size.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialFiles, PAGE_MODULES } from '../bench/bundle-size';
import { preloadsFor } from '../api/ssr';
import { ROOT } from './harness';

const dist = join(ROOT, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = initialFiles(manifest).js;
const text = (file: string) => readFileSync(join(dist, file), 'utf8');
// Strings only these libraries' code holds (checked against the build when this was written).
const SIGNATURES = { zod: 'ZodError', dexie: 'DatabaseClosedError' };

describe('the first load of each public page', () => {
  it('finds the libraries where they are (so the check below can fail)', () => {
    const all = Object.values(manifest as Record<string, { file: string }>)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js'));
    expect(all.filter((f) => text(f).includes(SIGNATURES.zod)).length).toBeGreaterThan(0);
    expect(all.filter((f) => text(f).includes(SIGNATURES.dexie)).length).toBeGreaterThan(0);
  });

  it.each(Object.entries(PAGE_MODULES))('%s loads no zod, Dexie or workbox-window before its first render', (_page, module) => {
    const files = [...new Set([...entry, ...preloadsFor(manifest, module)])];
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      expect(text(file), file).not.toContain(SIGNATURES.zod);
      expect(text(file), file).not.toContain(SIGNATURES.dexie);
      expect(file).not.toMatch(/workbox-window/);
    }
  });
});
