// Every resource folder has the same rooms (issue 42 §2, decision 0017): a file in api/<resource>/
// is `index.ts` (mounts and re-exports only), `<name>.routes.ts`, `<name>.handlers.ts`,
// `<name>.queries.ts`, `<name>.service.ts`, `<name>.test.ts`, `<name>.d.ts`, or a plain
// `<name>.ts` module of the resource. Handler bodies live in `.handlers.ts` files only.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
/** api/'s folders that are not resources: the platform (decision 0014) and the command-line scripts. */
const NOT_RESOURCES = new Set(['platform', 'scripts']);
const ROLE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.(?:routes|handlers|queries|service|test|d))?\.ts$/;

type Source = { path: string; text: string };

function resourceFiles(): Source[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
    );
  return readdirSync(join(ROOT, 'api'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !NOT_RESOURCES.has(e.name))
    .flatMap((e) => walk(`api/${e.name}`))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** What an index.ts may not hold: a function of any kind, a route declaration, a use of the request context. */
const NOT_IN_INDEX = /=>|\bfunction\b|\bresourceRoutes\(|\bc\.(?:json|req|get|body|text|header|redirect)\b/;
/** A handler written in place where a route is mounted: `.openapi(route, (c) =>` or `async (c) =>` or `function`. */
const INLINE_HANDLER = /\.openapi\(\s*[\w.]+\s*,\s*(?:async\s*)?(?:\(\s*c\b|c\s*=>|function\b)/;

/** Why a file breaks the rooms, or null. */
function roleProblem({ path, text }: Source): string | null {
  const file = path.split('/').pop()!;
  if (!ROLE.test(file)) return `${path}: not a known role (index, .routes, .handlers, .queries, .service, .test, .d or a plain module)`;
  if (file === 'index.ts' && NOT_IN_INDEX.test(code(text))) return `${path}: index.ts holds a handler or declaration`;
  if (!/\.(handlers|test)\.ts$/.test(file) && INLINE_HANDLER.test(code(text))) return `${path}: a handler body outside .handlers.ts`;
  return null;
}

/**
 * Two files of one folder that name one concept in the singular and the plural (moderator.ts beside
 * moderators.ts, whatever their roles): one concept, one name.
 */
function twoNames(paths: string[]): string[] {
  const stem = (path: string) => path.replace(/(?:\.(?:routes|handlers|queries|service|test|d))?\.ts$/, '');
  const stems = new Set(paths.map(stem));
  return [...stems].filter((s) => stems.has(`${s}s`)).map((s) => `${s}(s): two names for one concept`);
}

describe('file roles in api/<resource>/', () => {
  const files = resourceFiles();
  const problems = files.flatMap((f) => roleProblem(f) ?? []);

  it('reads the resource folders', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.some((f) => f.path === 'api/jobs/jobs.handlers.ts')).toBe(true);
    expect(files.some((f) => f.path.startsWith('api/platform/'))).toBe(false);
  });

  it('every file has a known role', () => {
    expect(problems.filter((p) => p.includes('not a known role'))).toEqual([]);
  });

  it('no index.ts holds a handler or declaration, no handler body is written outside .handlers.ts', () => {
    expect(problems).toEqual([]);
  });

  it('no folder names one concept twice, in the singular and the plural', () => {
    expect(twoNames(files.map((f) => f.path))).toEqual([]);
  });

  it('would catch a concept named twice, and not two concepts', () => {
    expect(twoNames(['api/moderation/moderator.ts', 'api/moderation/moderators.ts'])).toEqual([
      'api/moderation/moderator(s): two names for one concept',
    ]);
    expect(twoNames(['api/probe/report.handlers.ts', 'api/probe/reports.queries.ts'])).toHaveLength(1);
    expect(twoNames(['api/moderation/moderators.ts', 'api/moderation/approval.ts', 'api/forum/moderator.ts'])).toEqual([]);
    expect(twoNames(['api/jobs/jobs.routes.ts', 'api/jobs/jobs.handlers.ts', 'api/jobs/job-documents.ts'])).toEqual([]);
  });

  it('would catch an unknown role, an index.ts with a handler and a handler in a routes file', () => {
    const ok = (path: string, text = '') => roleProblem({ path, text });
    expect(ok('api/probe/moods.helpers.ts')).toMatch(/not a known role/);
    expect(ok('api/probe/moods.schemas.ts')).toMatch(/not a known role/);
    expect(ok('api/probe/Moods.routes.ts')).toMatch(/not a known role/);
    expect(ok('api/probe/moods.tsx')).toMatch(/not a known role/);
    expect(ok('api/probe/index.ts', 'export const r = createRouter().openapi(routes.own, (c) => c.json(1, 200));')).toMatch(
      /index.ts holds a handler/,
    );
    expect(ok('api/probe/index.ts', 'export const r = createRouter().openapi(routes.own, async function h(c) { return 1; });')).toMatch(
      /index.ts holds a handler/,
    );
    expect(ok('api/probe/index.ts', "export const stats = resourceRoutes('Moods').get('/x', {});")).toMatch(/index.ts holds/);
    expect(ok('api/probe/moods.routes.ts', 'createRouter().openapi(stats, async (c) => c.json(1, 200))')).toMatch(/outside .handlers.ts/);
    expect(ok('api/probe/moods.routes.ts', 'createRouter().openapi(stats, c => c.json(1, 200))')).toMatch(/outside .handlers.ts/);
    expect(
      ok(
        'api/probe/index.ts',
        "// mounts (c) => nothing\nimport * as h from './moods.handlers';\nexport const r = createRouter().openapi(routes.own, h.own);",
      ),
    ).toBeNull();
    expect(ok('api/probe/moods.handlers.ts', 'export const r = createRouter().openapi(routes.own, (c) => c.json(1, 200));')).toBeNull();
    expect(ok('api/probe/register-import.ts')).toBeNull();
    expect(ok('api/dev-oidc/oidc-provider.d.ts')).toBeNull();
  });
});
