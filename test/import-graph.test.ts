// The layers of the code base, from its own import graph: db/ (tests included) imports nothing
// from api/ or web/, core/ nothing outside itself, api/platform/ no resource, api/ no web/ (the
// entry server.ts joins them), web/'s screens → features → components, and no production module
// imports the test support folder.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string, tests: boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path, tests);
    return /\.tsx?$/.test(e.name) && (tests || !/\.test\.tsx?$/.test(e.name)) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const src = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...src.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );
  return specs.flatMap((spec) => {
    const base = join(ROOT, dirname(file), spec);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => existsSync(c) && statSync(c).isFile());
    return found ? [relative(ROOT, found)] : [];
  });
}

const arrows = (from: string, tests = false) => sources(from, tests).flatMap((f) => imports(f).map((to) => `${f} -> ${to}`));

describe('import graph', () => {
  it('finds the imports it checks (the parser works)', () => {
    expect(imports('db/seed/index.ts')).toContain('db/schema.ts');
    expect(imports('api/app.ts').length).toBeGreaterThan(10);
  });

  it('db/ (its tests included) imports nothing from api/ or web/; db code nothing from test/', () => {
    expect(arrows('db', true).filter((a) => / -> (api|web)\//.test(a))).toEqual([]);
    expect(arrows('db').filter((a) => / -> test\//.test(a))).toEqual([]);
  });

  it('core/ (its tests included) imports nothing outside core/ (decision 0007)', () => {
    expect(arrows('core', true).filter((a) => !/ -> core\//.test(a))).toEqual([]);
    expect(imports('core/take-home/index.ts')).toContain('core/take-home/calculate.ts');
  });

  it('api/platform/ (production) imports no resource and no composition root; api/ production code no web/ (decision 0014)', () => {
    const allowed = / -> (api\/platform\/|api\/context\.ts|api\/env\.ts|core\/|db\/)/;
    expect(arrows('api/platform').length).toBeGreaterThan(10);
    expect(arrows('api/platform').filter((a) => !allowed.test(a))).toEqual([]);
    expect(arrows('api').filter((a) => / -> web\//.test(a))).toEqual([]);
  });

  it('the server meets web/ only in its entry at the root, server.ts (decision 0019)', () => {
    expect(imports('server.ts').sort()).toEqual(['api/server.ts', 'web/entry-server.tsx']);
  });

  it('web/: components import no feature or screen; a feature no screen and no other feature (decision 0018)', () => {
    const layer = (a: string) => a.split(' -> ').map((f) => /^web\/(features\/[^/]+|[^/]+)\//.exec(f)?.[1] ?? '');
    const shared = ['app', 'components', 'data', 'lib', 'offline'];
    const isScreen = (l: string) => l !== '' && !l.startsWith('features/') && !shared.includes(l);
    expect(arrows('web/features').length).toBeGreaterThan(20);
    expect(arrows('web/components').filter((a) => layer(a)[1].startsWith('features/') || isScreen(layer(a)[1]))).toEqual([]);
    expect(
      arrows('web/features').filter((a) => {
        const [from, to] = layer(a);
        return isScreen(to) || (to.startsWith('features/') && to !== from);
      }),
    ).toEqual([]);
  });

  it("web/app/ is the shell: only it, web/'s entry files and nothing else import it, tests included (decision 0020)", () => {
    const below = ['web', 'sw'].flatMap((dir) => sources(dir, true)).filter((f) => !f.startsWith('web/app/') && !/^web\/[^/]+$/.test(f));
    const arrowsIn = below.flatMap((f) => imports(f).map((to) => `${f} -> ${to}`));
    expect(arrowsIn.length).toBeGreaterThan(500);
    expect(arrowsIn.filter((a) => / -> web\/app\//.test(a))).toEqual([]);
    expect(imports('web/main.tsx')).toContain('web/app/routes.tsx');
  });

  it('web/data, web/lib and web/offline (tests included) import nothing of web/components (decision 0020)', () => {
    const below = ['web/data', 'web/lib', 'web/offline'].flatMap((dir) => arrows(dir, true));
    expect(below.length).toBeGreaterThan(100);
    expect(below.filter((a) => / -> web\/components\//.test(a))).toEqual([]);
    expect(imports('web/data/writes.ts')).toContain('web/lib/toast-store.ts');
  });

  it('has no import loop in production code (type-only imports included)', () => {
    const files = ['server.ts', ...['api', 'core', 'db', 'web', 'sw'].flatMap((dir) => sources(dir, false))];
    const graph = new Map(files.map((f) => [f, imports(f)]));
    const loops: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') return void loops.push([...path.slice(path.indexOf(f)), f].join(' -> '));
      state.set(f, 'open');
      for (const to of graph.get(f) ?? []) visit(to, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(loops).toEqual([]);
  });

  it('production code imports nothing from test/', () => {
    expect(['api', 'core', 'db', 'web', 'sw'].flatMap((dir) => arrows(dir)).filter((a) => / -> test\//.test(a))).toEqual([]);
  });
});
