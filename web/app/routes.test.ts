import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchAppRoutes } from './route-branches';
import { matchLeaf, routes, type RouteHandle } from './routes';

const WEB = join(import.meta.dirname, '..');

describe('routes', () => {
  // The server renderer looks handle.module up in Vite's build manifest to preload the screen's
  // chunk with the page (api/ssr.ts): a name that is not a file means no preload, silently.
  it("names each lazy screen's source module by a file that exists under web/", () => {
    const modules = (routes[0].children ?? []).flatMap((r) => {
      const module = (r.handle as RouteHandle | undefined)?.module;
      return module ? [module] : [];
    });
    expect(modules.length).toBe(26); // with /pay-scales/take-home (issue 38)
    expect(modules.filter((m) => !existsSync(join(WEB, m)))).toEqual([]);
  });

  // issue 39: a path whose shape (its ids as 0) was matched before is matched against that branch
  // alone; it must match as the whole table does, whichever path of the shape came first.
  it('matches a path of a shape seen before as the whole table does: the same routes, its own params', () => {
    const paths = (id: number) => [
      `/schools/${id}`,
      `/jobs/${id}`,
      `/forum/threads/${id}`,
      `/schools/${id}/nothing`,
      `/unsubscribe/${id}`,
      '/schools',
      '/jobs/new',
      `/jobs/${id}x`,
      `/nowhere/${id}`,
      '/',
    ];
    const asWhole = (path: string) =>
      matchRoutes(routes, path)?.map((m) => ({ path: m.route.path, handle: m.route.handle, params: m.params, pathname: m.pathname }));
    for (const id of [7, 12, 7, 31337, 0]) {
      for (const path of paths(id)) {
        const mine = matchAppRoutes(path)?.map((m) => ({
          path: m.route.path,
          handle: m.route.handle,
          params: m.params,
          pathname: m.pathname,
        }));
        expect(mine, path).toEqual(asWhole(path));
      }
    }
    // The leaf and its params for a school never matched before.
    expect(matchLeaf('/schools/4242')).toMatchObject({ path: '/schools/:id', params: { id: '4242' } });
    expect(matchLeaf('/schools/4243/nothing').path).toBe('*');
  });
});
