// API tests call the API through the typed client (issue 42 §2): `testApp()` gives `client`, whose
// calls check their path, params, query and body against the routes and whose answers carry the
// route's own type. The untyped `get(path)` it used to give (its body `any`) must not come back,
// under that name or through a test's own destructuring.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testApp } from './app';

const ROOT = join(import.meta.dirname, '..');
const testFiles = execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx', 'test/*.ts', 'e2e/*.ts'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  // This file names the patterns it looks for.
  .filter((f) => f && f !== 'test/typed-calls.test.ts');

/** `const { db, get } = testApp(…)`, `testApp(…).get(`, `t.get('/api/…')` (t = testApp()): an untyped call of the API. */
const UNTYPED = [/\{[^}]*\bget\b[^}]*\}\s*=\s*(?:testApp|setup)\(/, /testApp\([^)]*\)\.get\(/, /\bt\.get\(\s*[`'"]\/api\//];

describe('the typed client is the only way tests call the API', () => {
  it('testApp() gives the typed client and no untyped get()', () => {
    const t = testApp();
    expect(Object.keys(t)).toContain('client');
    expect(Object.keys(t)).not.toContain('get');
  });

  it('no test file calls the API through an untyped get()', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    const found = testFiles.flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (UNTYPED.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('would catch one: the patterns match the forms the old helper was called in', () => {
    expect(UNTYPED.some((re) => re.test('  const { db, get } = testApp({ now: NOW });'))).toBe(true);
    expect(UNTYPED.some((re) => re.test("    const r = await t.get('/api/pay-scales?effectiveDate=1');"))).toBe(true);
    expect(UNTYPED.some((re) => re.test('    const res = await client.jobs.$get({ query: {} });'))).toBe(false);
    expect(UNTYPED.some((re) => re.test("    expect(res.headers.get('X-Cache')).toBe('hit');"))).toBe(false);
  });
});
