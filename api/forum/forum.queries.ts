// The forum's queries: the thread list a viewer may see (keyset pages, FTS search), a thread and
// its replies, and the kept totals.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { TEXT_MAX, THREAD_PREVIEW_CHARS } from '../../core/constants';
import { forumCategories, forumPosts, forumThreads, keptCounts, users } from '../../db/schema';
import { pickShape, threadShape } from '../../db/shapes';
import type { SessionUser } from '../context';
import { notFound } from '../platform/http-error';
import { markdownExcerpt, renderMarkdown } from '../markdown/render';
import { approvalState } from '../moderation/approval';
import { moderatorGrants, type Grants } from '../moderation/moderators';
import { afterCursor, cursorParam, decodeCursor, pageOf, type CappedTotal } from '../platform/paging';
import { limitOf } from '../platform/validate';
import {
  bm25Affordable,
  bm25Of,
  exactParam,
  keepFirstWindow,
  matchCount,
  RELEVANCE_MAX,
  relevancePage,
  resolveSearch,
  searchParam,
  WINDOW,
  windowedPage,
  wordCountOf,
  type Match,
} from '../search';
import { replyVisibleSql, threadListedSql, threadReadable } from './visibility';

/** A common word's thread total is counted this far, then answered as "1,000+" (X-Total-Count-Capped). */
const THREAD_TOTAL_CAP = 1000;

export const threadsQuery = z.object({
  categoryId: z
    .union([
      z.literal('all'),
      z.literal(''),
      z.coerce
        .number({ message: 'Category must be a number' })
        .int('Category must be a whole number')
        .positive('Category must be positive'),
    ])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : undefined)),
  /** Full-text search of titles and contents (FTS5), best match first (decision 0701). */
  search: searchParam,
  /** 1: search the words as typed (no typo correction). */
  exact: exactParam,
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
    .slice(0, TEXT_MAX.threadTitle)
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
  editedAt: forumThreads.editedAt,
  deletedAt: forumThreads.deletedAt,
  categoryName: forumCategories.name,
  categorySlug: forumCategories.slug,
  firstName: users.firstName,
};
type ThreadRow = NonNullable<ReturnType<ReturnType<typeof selectThreads>['get']>>;

/** A thread as the forum shows it (db/shapes.ts threadShape): category name and author first name, never the user id. */
export function toThread(row: ThreadRow) {
  const status = approvalState(row);
  const { categoryName: name, categorySlug: slug, firstName } = row;
  return {
    ...pickShape(threadBase, row),
    status,
    ...(status === 'rejected' ? { rejectionReason: row.rejectionReason } : {}),
    category: { id: row.categoryId, name, slug },
    // A thread its author deleted keeps its replies under a placeholder that names nobody (decision 2020).
    user: { firstName: row.deletedAt ? null : firstName },
  };
}
const threadBase = threadShape.omit({ status: true, rejectionReason: true, category: true, user: true });

export function selectThreads(db: DB) {
  return db
    .select(threadColumns)
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .leftJoin(users, eq(forumThreads.userId, users.id));
}

export function loadThread(db: DB, id: number, user: SessionUser | null, grants: Grants) {
  const row = selectThreads(db)
    .where(and(eq(forumThreads.id, id), eq(forumCategories.isActive, true)))
    .get();
  if (!row || !threadReadable({ user, grants }, row)) throw notFound('Thread');
  return row;
}

/** A reply's own columns as its answers give them (the list, a new reply, an edit), after its id and thread. */
export const replyColumns = {
  parentPostId: forumPosts.parentPostId,
  content: forumPosts.content,
  isApproved: forumPosts.isApproved,
  createdAt: forumPosts.createdAt,
  updatedAt: forumPosts.updatedAt,
  editedAt: forumPosts.editedAt,
  deletedAt: forumPosts.deletedAt,
};

/**
 * The replies this user may see as ONE flat list, oldest first, each with its parentPostId (null
 * for a reply to the thread itself); the web app nests them (web/thread/tree.ts).
 */
export function replyList(db: DB, threadId: number, user: SessionUser | null, moderates: boolean) {
  const rows = db
    .select({ id: forumPosts.id, ...replyColumns, rejectedAt: forumPosts.rejectedAt, firstName: users.firstName })
    .from(forumPosts)
    .leftJoin(users, eq(forumPosts.userId, users.id))
    .where(and(eq(forumPosts.threadId, threadId), replyVisibleSql(user, moderates)))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
    .all();
  // A reply its author deleted stays as a placeholder (decision 2020): no text, no name. Each
  // carries its Markdown source (to edit or quote) and the sanitised HTML the page shows.
  return rows.map(({ firstName, rejectedAt, ...p }) => ({
    ...p,
    html: renderMarkdown(p.content),
    status: approvalState({ isApproved: p.isApproved, rejectedAt }),
    user: { firstName: p.deletedAt ? null : firstName },
  }));
}

/**
 * How many threads the list holds (a list with no search). Visitors (approved threads) read the
 * kept per-category counts; signed-in viewers count their own rows.
 */
function threadTotal(db: DB, user: SessionUser | null, where: SQL[], categoryId: number | undefined) {
  if (!user) {
    const keys = sql`'threads.approved.' || ${forumCategories.id}`;
    return db
      .select({ n: sql<number>`coalesce(sum(${keptCounts.n}), 0)` })
      .from(forumCategories)
      .innerJoin(keptCounts, eq(keptCounts.key, keys))
      .where(and(eq(forumCategories.isActive, true), categoryId ? eq(forumCategories.id, categoryId) : undefined))
      .get()!.n;
  }
  return db
    .select({ n: count() })
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .where(and(...where))
    .get()!.n;
}

type ThreadsQuery = z.output<typeof threadsQuery>;
type Search = NonNullable<ReturnType<typeof resolveSearch>>;
type ListedRow = ReturnType<typeof byIdOf> extends Map<number, infer R> ? R : never;
interface ThreadPage {
  rows: ListedRow[];
  next: string | null;
  total?: number | CappedTotal;
}

// A card shows the first 200 characters of what a reader sees (plain text, no Markdown marks): read
// a margin of the source, enough for the marks and link addresses the excerpt drops.
const listed = { ...threadColumns, content: sql<string>`substr(${forumThreads.content}, 1, ${THREAD_PREVIEW_CHARS * 5})` };

/** The listed columns of these threads, by id. */
function byIdOf(db: DB, ids: number[]) {
  return new Map(
    ids.length
      ? db
          .select(listed)
          .from(forumThreads)
          .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
          .leftJoin(users, eq(forumThreads.userId, users.id))
          .where(inArray(forumThreads.id, ids))
          .all()
          .map((r) => [r.id, r])
      : [],
  );
}

/** A page of a search few enough to order: relevance (the product's tiers, then weighted bm25). */
function rankedPage(db: DB, search: Search, where: SQL[], q: ThreadsQuery): ThreadPage | null {
  const common = matchCount(db, 'forum_threads_fts', search.lookup, RELEVANCE_MAX) > RELEVANCE_MAX;
  if (common) return null;
  const bm25 = bm25Affordable(db, 'forum_threads_fts', search.terms, search.termLookups);
  // Raw rows (db.all): the query builder's mapping of thousands of rows cost more than the query.
  // CROSS JOIN: the matches (at most RELEVANCE_MAX) lead, whatever SQLite would guess without ANALYZE.
  const matches = db.all<Match>(
    sql`select ${forumThreads.id} as id, ${forumThreads.title} as name, ${sql.raw(bm25 ? bm25Of('forum_threads_fts') : '0')} as rank
        from forum_threads_fts cross join ${forumThreads} on ${forumThreads.id} = forum_threads_fts.rowid
        join ${forumCategories} on ${forumThreads.categoryId} = ${forumCategories.id}
        where forum_threads_fts match ${bm25 ? search.match : search.lookup} and ${and(...where)} limit ${RELEVANCE_MAX + 1}`,
  );
  if (!bm25) for (const m of matches) m.rank = wordCountOf(m.name);
  const p = relevancePage(matches, search.terms, 'threads.relevance', q.limit ?? 50, q.cursor);
  const byId = byIdOf(db, p.ids);
  return { next: p.next, rows: p.ids.map((id) => byId.get(id)!), total: matches.length };
}

/** A page of a common word's matches, a window at a time, highest id first (decision 0701, Speed). */
function windowedThreadPage(db: DB, search: Search, where: SQL[], q: ThreadsQuery): ThreadPage {
  // The matching threads this viewer may see, highest id first from the FTS index (its rowid order).
  // The first window read once: it answers the first page and the total counted to THREAD_TOTAL_CAP.
  const visibleMatches = keepFirstWindow(
    (below, size) =>
      db.all<{ id: number; name: string }>(
        sql`select ${forumThreads.id} as id, ${forumThreads.title} as name
            from forum_threads_fts cross join ${forumThreads} on ${forumThreads.id} = forum_threads_fts.rowid
            join ${forumCategories} on ${forumThreads.categoryId} = ${forumCategories.id}
            where forum_threads_fts match ${search.lookup} and forum_threads_fts.rowid < cast(${below} as integer) and ${and(...where)}
            order by forum_threads_fts.rowid desc limit ${size}`,
      ),
    Math.max(WINDOW, THREAD_TOTAL_CAP + 1),
  );
  const p = windowedPage(visibleMatches, search.terms, 'threads.common', q.limit ?? 50, q.cursor);
  const byId = byIdOf(db, p.ids);
  // Counted no further than THREAD_TOTAL_CAP (counting every match costs as much as ranking them).
  const n = visibleMatches(Number.MAX_SAFE_INTEGER, THREAD_TOTAL_CAP + 1).length;
  return { next: p.next, rows: p.ids.map((id) => byId.get(id)!), total: n > THREAD_TOTAL_CAP ? { atLeast: THREAD_TOTAL_CAP } : n };
}

/** A page of the list without a search: sticky first, then newest (keyset). */
function newestPage(db: DB, where: SQL[], q: ThreadsQuery): ThreadPage {
  const limit = q.limit ?? 50;
  // The order of the (is_approved, is_sticky, created_at, id) index.
  const k = decodeCursor(q.cursor, 'threads', 'nnn');
  const created = sql<number>`${forumThreads.createdAt}`;
  const rows = db
    .select({ ...listed, created, sticky: sql<number>`${forumThreads.isSticky}` })
    .from(forumThreads)
    // `+category_id`: with bound parameters SQLite would otherwise start from the categories and
    // sort every thread (1.4 s at 100x); this way it walks forum_threads_list_idx in order.
    .innerJoin(forumCategories, sql`+${forumThreads.categoryId} = ${forumCategories.id}`)
    .leftJoin(users, eq(forumThreads.userId, users.id))
    .where(and(...where, afterCursor('desc', [forumThreads.isSticky, forumThreads.createdAt, forumThreads.id], k)))
    .orderBy(desc(forumThreads.isSticky), desc(forumThreads.createdAt), desc(forumThreads.id))
    .limit(limit + 1)
    .all();
  const p = pageOf(rows, limit, 'threads', (r) => [r.sticky, r.created, r.id]);
  return { next: p.next, rows: p.rows.map(({ created: _c, sticky: _s, ...r }) => r) };
}

/**
 * One page of the thread list this viewer may see (visibility.ts, in active categories): sticky
 * first then newest, or best match first for a search; its total and the next cursor.
 */
export function listThreads(db: DB, user: SessionUser | null, q: ThreadsQuery) {
  const { categoryId } = q;
  const grants = user ? moderatorGrants(db, user.id) : (new Map() as Grants);
  const where: SQL[] = [threadListedSql({ user, grants }), eq(forumCategories.isActive, true)];
  if (categoryId) where.push(eq(forumThreads.categoryId, categoryId));
  const search = resolveSearch(db, 'forum_threads_fts', q.search, q.exact);
  const page = search ? (rankedPage(db, search, where, q) ?? windowedThreadPage(db, search, where, q)) : newestPage(db, where, q);
  const total = page.total ?? threadTotal(db, user, where, categoryId);
  const rows = page.rows.map((r) => toThread({ ...r, content: markdownExcerpt(r.content, THREAD_PREVIEW_CHARS) }));
  return { rows, next: page.next, total, corrected: search?.corrected ?? null };
}
