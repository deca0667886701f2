import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { THREAD_PREVIEW_CHARS } from '../../db/constants';
import { forumCategories, forumPosts, forumThreads, keptCounts, users } from '../../db/schema';
import { postInput, threadInput } from '../../db/validation';
import type { AppEnv, SessionUser } from '../context';
import { ApiError, notFound } from '../lib/http-error';
import { approvalState, canSeeThread, may, moderatorGrants, replyVisibleTo, type Grants } from '../lib/moderators';
import { ftsQuery, ftsSearch } from '../lib/fts';
import { cursorParam, decodeCursor, pageHeaders, pageOf } from '../lib/paging';
import { idParam, limitOf, validate } from '../lib/validate';
import { idempotency } from '../middleware/idempotency';
import { firstViewToday, rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';

export const threadsQuery = z.object({
  categoryId: z.union([z.literal('all'), z.literal(''), z.coerce.number({ message: 'Category must be a number' }).int('Category must be a whole number').positive('Category must be positive')])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : undefined)),
  /** Full-text search of titles and contents (FTS5), best match first. */
  search: ftsSearch,
  limit: limitOf(100, 50),
  cursor: cursorParam,
});

/** A URL slug from a title: lower case ASCII words joined by '-', at most 200 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 200)
    .replace(/^-+|-+$/g, '');
  return slug || 'thread';
}

const threadColumns = {
  id: forumThreads.id,
  categoryId: forumThreads.categoryId,
  userId: forumThreads.userId,
  title: forumThreads.title,
  slug: forumThreads.slug,
  content: forumThreads.content,
  isSticky: forumThreads.isSticky,
  isApproved: forumThreads.isApproved,
  isLocked: forumThreads.isLocked,
  replyCount: forumThreads.replyCount,
  viewCount: forumThreads.viewCount,
  lastReplyAt: forumThreads.lastReplyAt,
  rejectedAt: forumThreads.rejectedAt,
  rejectionReason: forumThreads.rejectionReason,
  createdAt: forumThreads.createdAt,
  updatedAt: forumThreads.updatedAt,
  categoryName: forumCategories.name,
  categorySlug: forumCategories.slug,
  firstName: users.firstName,
};
type ThreadRow = NonNullable<ReturnType<ReturnType<typeof selectThreads>['get']>>;

/** A thread as the forum shows it: category name and author first name, never the user id. */
function toThread({ categoryName, categorySlug, firstName, userId: _u, rejectedAt, rejectionReason, ...t }: ThreadRow) {
  const status = approvalState({ isApproved: t.isApproved, rejectedAt });
  return { ...t, status, ...(status === 'rejected' ? { rejectionReason } : {}), category: { id: t.categoryId, name: categoryName, slug: categorySlug }, user: { firstName } };
}

function selectThreads(db: DB) {
  return db
    .select(threadColumns)
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .leftJoin(users, eq(forumThreads.userId, users.id));
}

function loadThread(db: DB, id: number, user: SessionUser | null, grants: Grants) {
  const row = selectThreads(db).where(and(eq(forumThreads.id, id), eq(forumCategories.isActive, true))).get();
  if (!row || !canSeeThread(user, grants, row)) throw notFound('Thread');
  return row;
}


/**
 * The replies this user may see as ONE flat list, oldest first, each with its parentPostId (null
 * for a reply to the thread itself); the web app nests them (web/thread/tree.ts).
 */
function replyList(db: DB, threadId: number, user: SessionUser | null, moderates: boolean) {
  const rows = db
    .select({
      id: forumPosts.id,
      parentPostId: forumPosts.parentPostId,
      content: forumPosts.content,
      isApproved: forumPosts.isApproved,
      rejectedAt: forumPosts.rejectedAt,
      createdAt: forumPosts.createdAt,
      updatedAt: forumPosts.updatedAt,
      firstName: users.firstName,
    })
    .from(forumPosts)
    .leftJoin(users, eq(forumPosts.userId, users.id))
    .where(and(eq(forumPosts.threadId, threadId), replyVisibleTo(user, moderates)))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
    .all();
  return rows.map(({ firstName, rejectedAt, ...p }) => ({ ...p, status: approvalState({ isApproved: p.isApproved, rejectedAt }), user: { firstName } }));
}

/**
 * How many threads the list holds. Visitors (approved threads, no search) read the kept
 * per-category counts; signed-in viewers and searches count their own rows.
 */
function threadTotal(db: DB, user: SessionUser | null, where: (SQL | undefined)[], match: string | null, categoryId: number | undefined) {
  if (!user && !match) {
    const keys = sql`'threads.approved.' || ${forumCategories.id}`;
    return db
      .select({ n: sql<number>`coalesce(sum(${keptCounts.n}), 0)` })
      .from(forumCategories)
      .innerJoin(keptCounts, eq(keptCounts.key, keys))
      .where(and(eq(forumCategories.isActive, true), categoryId ? eq(forumCategories.id, categoryId) : undefined))
      .get()!.n;
  }
  const from = db.select({ n: count() }).from(forumThreads).innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id));
  const scoped = match ? and(sql`${forumThreads.id} in (select rowid from forum_threads_fts where forum_threads_fts match ${match})`, ...where) : and(...where);
  return from.where(scoped).get()!.n;
}

export const forumRoutes = new Hono<AppEnv>()
  .get('/categories', (c) =>
    c.json(
      c
        .get('db')
        .select({ id: forumCategories.id, name: forumCategories.name, description: forumCategories.description, slug: forumCategories.slug, order: forumCategories.order })
        .from(forumCategories)
        .where(eq(forumCategories.isActive, true))
        .orderBy(asc(forumCategories.order), asc(forumCategories.name))
        .all(),
    ),
  )
  .get('/threads', validate('query', threadsQuery), (c) => {
    const { categoryId, search, limit = 50, cursor } = c.req.valid('query');
    const db = c.get('db');
    const user = c.get('user');
    const visible: (SQL | undefined)[] = [eq(forumThreads.isApproved, true)];
    if (user?.isAdmin) visible.push(isNull(forumThreads.rejectedAt));
    else if (user) {
      visible.push(and(isNull(forumThreads.rejectedAt), eq(forumThreads.userId, user.id)));
      const moderated = [...moderatorGrants(db, user.id).keys()];
      if (moderated.length) visible.push(and(isNull(forumThreads.rejectedAt), inArray(forumThreads.categoryId, moderated)));
    }
    const where: (SQL | undefined)[] = [visible.length > 1 ? or(...visible) : visible[0], eq(forumCategories.isActive, true)];
    if (categoryId) where.push(eq(forumThreads.categoryId, categoryId));
    const match = search ? ftsQuery(search) : null;
    const listed = { ...threadColumns, content: sql<string>`substr(${forumThreads.content}, 1, ${THREAD_PREVIEW_CHARS})` };
    let page;
    if (match) {
      // Best match first (bm25: lower is better), then id; the cursor carries both.
      const k = decodeCursor(cursor, 'threads.search', 'nn');
      const rank = sql<number>`bm25(forum_threads_fts)`;
      const rows = db
        .select({ ...listed, rank })
        .from(forumThreads)
        .innerJoin(sql`forum_threads_fts`, sql`forum_threads_fts.rowid = ${forumThreads.id}`)
        .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
        .leftJoin(users, eq(forumThreads.userId, users.id))
        .where(and(sql`forum_threads_fts match ${match}`, ...where, k ? sql`(${rank}, ${forumThreads.id}) > (${k[0]}, ${k[1]})` : undefined))
        .orderBy(asc(rank), asc(forumThreads.id))
        .limit(limit + 1)
        .all();
      const p = pageOf(rows, limit, 'threads.search', (r) => [r.rank, r.id]);
      page = { next: p.next, rows: p.rows.map(({ rank: _r, ...r }) => r) };
    } else {
      // Sticky first, then newest: the order of the (is_approved, is_sticky, created_at, id) index.
      const k = decodeCursor(cursor, 'threads', 'nnn');
      const created = sql<number>`${forumThreads.createdAt}`;
      const rows = db
        .select({ ...listed, created, sticky: sql<number>`${forumThreads.isSticky}` })
        .from(forumThreads)
        // `+category_id`: with bound parameters SQLite would otherwise start from the categories and
        // sort every thread (1.4 s at 100x); this way it walks forum_threads_list_idx in order.
        .innerJoin(forumCategories, sql`+${forumThreads.categoryId} = ${forumCategories.id}`)
        .leftJoin(users, eq(forumThreads.userId, users.id))
        .where(and(...where, k ? sql`(${forumThreads.isSticky}, ${forumThreads.createdAt}, ${forumThreads.id}) < (${k[0]}, ${k[1]}, ${k[2]})` : undefined))
        .orderBy(desc(forumThreads.isSticky), desc(forumThreads.createdAt), desc(forumThreads.id))
        .limit(limit + 1)
        .all();
      const p = pageOf(rows, limit, 'threads', (r) => [r.sticky, r.created, r.id]);
      page = { next: p.next, rows: p.rows.map(({ created: _c, sticky: _s, ...r }) => r) };
    }
    pageHeaders(c, threadTotal(db, user, where, match, categoryId), page.next);
    return c.json(page.rows.map(toThread));
  })
  .post('/threads', requireUser, idempotency, rateLimit, validate('json', threadInput), (c) => {
    const db = c.get('db');
    const input = c.req.valid('json');
    const category = db
      .select({ id: forumCategories.id })
      .from(forumCategories)
      .where(and(eq(forumCategories.id, input.categoryId), eq(forumCategories.isActive, true)))
      .get();
    if (!category) throw new ApiError(400, { error: 'Invalid input', fields: { categoryId: 'Please choose a category' } });
    const now = c.get('now')();
    const { id } = db
      .insert(forumThreads)
      .values({ categoryId: category.id, userId: c.get('user')!.id, title: input.title, slug: slugify(input.title), content: input.content, isApproved: false, createdAt: now, updatedAt: now })
      .returning({ id: forumThreads.id })
      .get();
    return c.json(toThread(selectThreads(db).where(eq(forumThreads.id, id)).get()!), 201);
  })
  // The thread page: counts a view of an approved thread, once per viewer (user or IP) a day.
  .get('/threads/:id', validate('param', idParam), (c) => {
    const db = c.get('db');
    const user = c.get('user');
    const grants = user ? moderatorGrants(db, user.id) : new Map();
    const found = loadThread(db, c.req.valid('param').id, user, grants);
    if (found.isApproved && firstViewToday(c, `thread:${found.id}`)) {
      db.update(forumThreads).set({ viewCount: sql`${forumThreads.viewCount} + 1` }).where(eq(forumThreads.id, found.id)).run();
      found.viewCount += 1;
    }
    const moderates = may(user, grants, found.categoryId, 'canApprove');
    return c.json({ ...toThread(found), replies: replyList(db, found.id, user, moderates) });
  })
  // A reply waits for moderation like a thread; the thread's reply counters move when it is approved.
  .post('/threads/:id/posts', requireUser, idempotency, rateLimit, validate('param', idParam), validate('json', postInput), (c) => {
    const db = c.get('db');
    const user = c.get('user')!;
    const thread = loadThread(db, c.req.valid('param').id, user, moderatorGrants(db, user.id));
    if (thread.isLocked) throw new ApiError(423, { error: 'This thread is locked: no new replies can be added' });
    if (!thread.isApproved) throw new ApiError(409, { error: 'This thread is awaiting moderation: replies open once it is approved' });
    const input = c.req.valid('json');
    if (input.parentPostId !== undefined) {
      const parent = db
        .select({ id: forumPosts.id })
        .from(forumPosts)
        .where(and(eq(forumPosts.id, input.parentPostId), eq(forumPosts.threadId, thread.id), or(eq(forumPosts.isApproved, true), and(eq(forumPosts.userId, user.id), isNull(forumPosts.rejectedAt)))))
        .get();
      if (!parent) throw new ApiError(400, { error: 'Invalid input', fields: { parentPostId: 'The reply you answer is not in this thread' } });
    }
    const now = c.get('now')();
    const post = db
      .insert(forumPosts)
      .values({ threadId: thread.id, userId: user.id, content: input.content, parentPostId: input.parentPostId ?? null, isApproved: false, createdAt: now, updatedAt: now })
      .returning({ id: forumPosts.id, threadId: forumPosts.threadId, parentPostId: forumPosts.parentPostId, content: forumPosts.content, isApproved: forumPosts.isApproved, createdAt: forumPosts.createdAt, updatedAt: forumPosts.updatedAt })
      .get();
    return c.json({ ...post, status: 'pending' as const, user: { firstName: user.firstName } }, 201);
  });
