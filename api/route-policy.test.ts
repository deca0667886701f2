// One declaration per route (decision 0006): the answer cache, the read limit, the static files,
// the offline layer, the service worker, the page head and robots.txt all read the routes' own
// policy, the server live and the web side through the generated route-policy.gen.ts. These tests
// walk every declared read and ask each reader, so a reader that kept a list of its own, or a
// generated table left behind, fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHead } from '../web/app/head';
import { routePolicy, WEB_POLICY } from '../core/route-policy';
import { cacheKey, isCacheable } from '../web/offline/cache-fetch';
import { isSharedPath } from '../web/offline/shared-paths';
import { API_POLICY, API_ROUTES, dataModule, dataOf, policyData, policyModule, sharingOf } from './route-policy';
import { STATIC_PAGES, robotsTxt } from './sitemap';
import { SERVER_PATHS } from './static';

const ROOT = join(import.meta.dirname, '..');

/** A real path for a template: every parameter filled with a plausible value. */
const sample = (template: string) =>
  template
    .replace(/\{id\}/g, '12')
    .replace(/\{token\}/g, '12.AbC-d_e')
    .replace(/\{provider\}/g, 'local')
    .replace(/\{kind\}/g, 'reviews');

const reads = API_ROUTES.filter((r) => r.method === 'GET');

describe('the generated route policy (core/route-policy.gen.ts)', () => {
  it('is the table the declarations make now (run `npm run routes:policy` when this fails)', () => {
    expect(readFileSync(join(ROOT, 'core', 'route-policy.gen.ts'), 'utf8')).toBe(policyModule());
    expect(readFileSync(join(ROOT, 'core', 'route-data.gen.ts'), 'utf8')).toBe(dataModule());
  });

  it('covers every read of the API, each with a cache and a limit', () => {
    expect(reads.length).toBeGreaterThan(30);
    expect(policyData().reads.map(([path]) => path)).toEqual(reads.map((r) => r.path));
    for (const r of API_ROUTES)
      expect(r.policy, `${r.method} ${r.path}`).toMatchObject({
        access: expect.any(String),
        cache: expect.any(String),
        limit: expect.any(String),
      });
  });

  it("every route of a school's staff names the staff's data; the server keys answers by the versioned kinds only (decision 0015)", () => {
    const staffRoutes = API_ROUTES.filter((r) =>
      /^\/api\/(schools\/\{id\}\/(claims|claim-domains|invites|members|leave|confirm|audit)|school-links|me\/schools|moderation\/(claims|school-audit|schools))/.test(
        r.path,
      ),
    );
    expect(staffRoutes).toHaveLength(21);
    for (const r of staffRoutes) expect(r.policy.data, `${r.method} ${r.path}`).toContain('staff');
    expect(dataOf('/api/me/schools')).toEqual(['reviews']);
    expect(dataOf('/api/schools/12/members')).toEqual([]);
  });
});

describe('every reader agrees with the declarations', () => {
  it.each(reads.map((r) => [`${r.path} (${r.policy.cache})`, r] as const))('%s', (_name, route) => {
    const path = sample(route.path);
    const { cache, limit } = route.policy;
    // The server's shared answer cache keeps 'everyone' and 'visitors' answers only.
    expect(sharingOf(path)).toBe(cache === 'everyone' || cache === 'visitors' ? cache : null);
    // The device: shared answers belong to nobody; 'none' is never kept; the rest per owner.
    expect(isSharedPath(cacheKey(`${path}?limit=5`))).toBe(cache === 'everyone');
    expect(isCacheable(cacheKey(path))).toBe(cache !== 'none');
    // The web side's table and the server's live one answer alike.
    expect(WEB_POLICY.sharingOf(path)).toBe(API_POLICY.sharingOf(path));
    // The read limit leaves alone exactly the reads declared unlimited.
    expect(API_POLICY.isUnlimitedRead(path)).toBe(limit === 'none');
    // The server owns every API path: the service worker never answers a navigation there with
    // the app shell, the static files never with index.html.
    expect(WEB_POLICY.serverPaths.test(path)).toBe(true);
    expect(SERVER_PATHS.test(path)).toBe(true);
  });

  it('the service worker denies navigations to the declared server paths, and to nothing else', () => {
    const sw = readFileSync(join(ROOT, 'sw', 'sw.ts'), 'utf8');
    expect(sw).toContain('const SERVER_PATHS = [WEB_POLICY.serverPaths];');
    expect(sw).toContain('{ denylist: SERVER_PATHS }');
    const pages = [...STATIC_PAGES, ...API_ROUTES.flatMap((r) => (r.policy.page ? [sample(r.policy.page.path)] : []))];
    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) expect(WEB_POLICY.serverPaths.test(page), page).toBe(false);
  });

  it('the page head marks noindex the screens whose routes say index: false, and only those', () => {
    const pages = API_ROUTES.flatMap((r) => (r.policy.page ? [r.policy.page] : []));
    expect(pages.filter((p) => !p.index).map((p) => p.path)).toEqual(
      expect.arrayContaining(['/dashboard', '/moderation', '/unsubscribe/{token}']),
    );
    for (const page of pages) {
      const head = buildHead({
        path: sample(page.path),
        params: {},
        meta: { title: 'A page', description: 'A page with a description' },
        data: () => undefined,
        origin: 'https://teachers.example',
      });
      expect(head.robots, page.path).toBe(page.index ? undefined : 'noindex');
    }
    // Below a screen that must not be indexed: still not indexed.
    expect(WEB_POLICY.isNoindexPage('/dashboard/alerts')).toBe(true);
    expect(WEB_POLICY.isNoindexPage('/dashboards')).toBe(false);
    // A school's own screens (its jobs, the job form) are not indexed; its public page is.
    expect(WEB_POLICY.isNoindexPage('/manage/schools/12/jobs/new')).toBe(true);
    expect(WEB_POLICY.isNoindexPage('/schools/12')).toBe(false);
  });

  it("robots.txt keeps crawlers out of the server's paths and the screens declared index: false", () => {
    expect(robotsTxt('https://teachers.example')).toBe(
      [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /edit-school/',
        'Disallow: /manage/schools/',
        'Disallow: /moderation',
        'Disallow: /notifications',
        'Disallow: /school-admin',
        'Disallow: /unsubscribe/',
        '',
        'Sitemap: https://teachers.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('a route declared shared is shared everywhere at once: one line in its declaration', () => {
    const before = routePolicy(policyData());
    expect(before.isSharedPath('/api/push/key')).toBe(false);
    const declared = API_ROUTES.map((r) =>
      r.path === '/api/push/key' ? { ...r, policy: { ...r.policy, cache: 'everyone' as const } } : r,
    );
    const after = routePolicy(policyData(declared));
    expect(after.isSharedPath('/api/push/key')).toBe(true);
    expect(after.sharingOf('/api/push/key')).toBe('everyone');
    expect(after.isKeptOffline('/api/push/key')).toBe(true);
  });

  it('answers a path no route declares as per-user and kept offline (never shared)', () => {
    expect(sharingOf('/api/nope')).toBeNull();
    expect(isSharedPath('/api/nope')).toBe(false);
    expect(isCacheable('/api/nope')).toBe(true);
    // A literal route wins over a parameter at the same place.
    expect(API_POLICY.sharingOf('/api/jobs/12/saved')).toBe('owner');
    expect(API_POLICY.sharingOf('/api/schools/images/batch-update/12')).toBe('none');
  });
});
