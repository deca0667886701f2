// A thread's views: one per viewer (the signed-in user, else the client's address; hashed) a day,
// approved threads only. Counted before any cache is asked, by the API route's own middleware
// (placed before the answer cache in api/app.ts) and by the page renderer's `onVisit` (before the
// page cache), so a kept answer or page still counts its visit. The "seen today" marks live in
// the counters' own file, and the trigger that versions the forum ignores an update of
// `view_count` alone (migration 0012): a counted view moves no data version, so it drops no kept
// answer or page. The count a kept page shows may be behind until the forum next changes
// (decision 1065).
import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { DB } from '../../db/client';
import { forumThreads } from '../../db/schema';
import type { AppEnv } from '../context';
import { clientIp } from '../platform/request-info';
import { countOnce, DAY, hashed } from '../platform/middleware/rate-limit-store';

/** A thread's id as its page and its API route name it (anything else is not a thread: the route answers 400/404). */
const THREAD_ID = /^[1-9]\d{0,9}$/;
const THREAD_PAGE = /^\/forum\/threads\/([1-9]\d{0,9})$/;

const approvedStatements = new WeakMap<DB, { get: (id: number) => unknown }>();

/** Is the thread approved and in an active category (what every viewer may read, so what counts)? */
function countable(db: DB, id: number): boolean {
  let s = approvedStatements.get(db);
  if (!s) {
    const statement = db.$client.prepare(
      'select 1 from forum_threads t join forum_categories c on c.id = t.category_id where t.id = ? and t.is_approved = 1 and c.is_active = 1',
    );
    s = { get: (id) => statement.get(id) };
    approvedStatements.set(db, s);
  }
  return s.get(id) !== undefined;
}

/** Counts a view of thread `id` by `viewer` (already a stable name: `u:…` or `ip:…`) if it is the first today; true when counted. */
export function countThreadView(db: DB, id: number, viewer: string, at: number): boolean {
  if (!countable(db, id) || !countOnce(db, `view:thread:${id}:${viewer}`, DAY, at)) return false;
  db.update(forumThreads)
    .set({ viewCount: sql`${forumThreads.viewCount} + 1` })
    .where(eq(forumThreads.id, id))
    .run();
  return true;
}

/** GET /api/forum/threads/{id}: counts the view, then lets the answer cache or the handler answer. Place after the session, before the answer cache. */
export function threadViews(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param('id');
    if (c.req.method === 'GET' && id && THREAD_ID.test(id)) {
      const user = c.get('user');
      const viewer = user ? `u:${hashed(user.id)}` : `ip:${hashed(clientIp(c, { trustProxy: c.get('trustProxy') }))}`;
      countThreadView(c.get('db'), Number(id), viewer, c.get('now')().getTime());
    }
    await next();
  };
}

/**
 * A visit to a server-rendered page counts what the page's API read would: on a thread's page,
 * its view, by the caller's address (a page is always a visitor's: no session is read for it).
 */
export function pageVisits(db: DB, options: { trustProxy: boolean; now: () => Date }) {
  return (c: Context, pathname: string) => {
    const id = THREAD_PAGE.exec(pathname)?.[1];
    if (id) countThreadView(db, Number(id), `ip:${hashed(clientIp(c, options))}`, options.now().getTime());
  };
}
