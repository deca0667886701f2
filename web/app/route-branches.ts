// The route chain a path matches, for the server renderer (which meets every id of every school):
// branch by branch rather than the whole table each time. Kept out of routes.tsx so it stays off
// the browser's first load (issue 40: the browser matches few paths, each once).
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { routes } from './routes';

/**
 * The route chain a path matches, as matchRoutes(routes, pathname) gives it. matchRoutes flattens
 * and ranks the whole table on every call (~0.3-0.5 ms here); a path's digit segments (ids) never
 * decide which route matches (no route has a static all-digit segment: checked below), so a path
 * whose shape (ids as 0) was matched before is matched against that branch alone: the same routes
 * (the parents as copies holding that one child), the path's own params (issue 39: a school page
 * never asked for before matched the whole table twice).
 */
export function matchAppRoutes(pathname: string) {
  const shape = IDS_NEVER_DECIDE ? pathname.replace(/\/\d+(?=\/|$)/g, '/0') : null;
  const branch = shape === null ? undefined : branches.get(shape);
  const matched = branch && matchRoutes(branch, pathname);
  if (matched) return matched;
  const matches = matchRoutes(routes, pathname);
  if (shape !== null && matches?.length) {
    let children: RouteObject[] | undefined;
    // A route above the page's is a parent (never an index route): it keeps its one child.
    for (let i = matches.length - 1; i >= 0; i--)
      children = [children ? ({ ...matches[i].route, children } as RouteObject) : matches[i].route];
    // Bounded: a crawl or random addresses never grow it past a few hundred entries.
    if (branches.size >= 500) branches.clear();
    branches.set(shape, children!);
  }
  return matches;
}
const branches = new Map<string, RouteObject[]>();
const staticDigits = (list: RouteObject[]): boolean =>
  list.some((r) => (r.path ?? '').split('/').some((segment) => /^\d+$/.test(segment)) || staticDigits(r.children ?? []));
const IDS_NEVER_DECIDE = !staticDigits(routes);
