import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes, type RouteHandle } from './routes';

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
});
