// The forum's visibility rule is written once as a predicate and once as SQL (visibility.ts): over
// every combination of moderation state, author and category, for every kind of viewer, the rows
// the SQL selects are exactly the rows the predicate keeps.
import { and, inArray, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumCategories, forumPosts, forumThreads, users } from '../../db/schema';
import { testDb } from '../../test/db';
import type { SessionUser } from '../context';
import type { Grants } from '../moderation/moderators';
import {
  PUBLIC,
  replyVisibleSql,
  replyVisibleTo,
  threadListed,
  threadListedSql,
  threadReadable,
  threadReadableSql,
  type Viewer,
} from './visibility';

const NOW = new Date('2026-11-27T09:00:00Z');
const db = testDb({ demo: false });
const [cat1, cat2] = db.select({ id: forumCategories.id }).from(forumCategories).orderBy(forumCategories.id).limit(2).all();

const person = (id: string, isAdmin = false): SessionUser => {
  db.insert(users).values({ id, email: null, firstName: id }).onConflictDoNothing().run();
  return {
    ...db
      .select()
      .from(users)
      .all()
      .find((u) => u.id === id)!,
    isAdmin,
  };
};
const ada = person('vis:ada');
const bob = person('vis:bob');
const mod = person('vis:mod');
const root = person('vis:root', true);
const flags = { canEdit: false, canDelete: false, canApprove: true, canLock: false };
const grantsOf = (...categories: number[]): Grants => new Map(categories.map((c) => [c, flags]));

const VIEWERS: [string, Viewer][] = [
  ['a visitor', PUBLIC],
  ['Ada (an author)', { user: ada, grants: grantsOf() }],
  ['Bob (an author)', { user: bob, grants: grantsOf() }],
  ['a moderator of the first category', { user: mod, grants: grantsOf(cat1.id) }],
  ['a moderator of the second category', { user: mod, grants: grantsOf(cat2.id) }],
  ['an admin', { user: root, grants: grantsOf() }],
];

const STATES = [
  { isApproved: true, rejectedAt: null },
  { isApproved: false, rejectedAt: null },
  { isApproved: false, rejectedAt: NOW },
];
const AUTHORS = [ada.id, bob.id, null];

// Every combination of state, author and category, as rows of the test database.
const threads = STATES.flatMap((state) =>
  AUTHORS.flatMap((userId) =>
    [cat1.id, cat2.id].map((categoryId) =>
      db
        .insert(forumThreads)
        .values({ ...state, userId, categoryId, title: 'Visibility', slug: 'visibility', content: 'x', createdAt: NOW, updatedAt: NOW })
        .returning()
        .get(),
    ),
  ),
);
const threadIds = threads.map((t) => t.id);
const [opening] = threads;
const replies = STATES.flatMap((state) =>
  AUTHORS.map((userId) =>
    db
      .insert(forumPosts)
      .values({ ...state, userId, threadId: opening.id, content: 'x', createdAt: NOW, updatedAt: NOW })
      .returning()
      .get(),
  ),
);

const threadsWhere = (condition: SQL) =>
  db
    .select({ id: forumThreads.id })
    .from(forumThreads)
    .where(and(inArray(forumThreads.id, threadIds), condition))
    .orderBy(forumThreads.id)
    .all()
    .map((r) => r.id);
const repliesWhere = (condition: SQL) =>
  db
    .select({ id: forumPosts.id })
    .from(forumPosts)
    .where(
      and(
        inArray(
          forumPosts.id,
          replies.map((r) => r.id),
        ),
        condition,
      ),
    )
    .orderBy(forumPosts.id)
    .all()
    .map((r) => r.id);

describe('forum visibility: the SQL and the predicate agree', () => {
  it.each(VIEWERS)('threads in the lists, for %s', (_name, viewer) => {
    const expected = threads.filter((t) => threadListed(viewer, t)).map((t) => t.id);
    expect(threadsWhere(threadListedSql(viewer))).toEqual(expected);
  });

  it.each(VIEWERS)('a thread page, for %s', (_name, viewer) => {
    const expected = threads.filter((t) => threadReadable(viewer, t)).map((t) => t.id);
    expect(threadsWhere(threadReadableSql(viewer))).toEqual(expected);
  });

  it.each(VIEWERS.flatMap(([name, v]) => [true, false].map((moderates) => [name, moderates, v] as const)))(
    'replies, for %s (moderates: %s)',
    (_name, moderates, { user }) => {
      const expected = replies.filter((r) => replyVisibleTo(user, moderates, r)).map((r) => r.id);
      expect(repliesWhere(replyVisibleSql(user, moderates))).toEqual(expected);
    },
  );

  it('the rule itself (decision 0204): who sees what', () => {
    const count = (v: Viewer, rule: typeof threadListed) => threads.filter((t) => rule(v, t)).length;
    // 18 threads: 6 approved, 6 pending, 6 rejected; Ada wrote 2 of each state, in both categories.
    expect(count(PUBLIC, threadListed)).toBe(6);
    expect(count(VIEWERS[1][1], threadListed)).toBe(6 + 2);
    expect(count(VIEWERS[1][1], threadReadable)).toBe(6 + 2 + 2);
    expect(count(VIEWERS[3][1], threadListed)).toBe(6 + 3);
    expect(count(VIEWERS[3][1], threadReadable)).toBe(6 + 3);
    expect(count(VIEWERS[5][1], threadListed)).toBe(6 + 6);
    expect(count(VIEWERS[5][1], threadReadable)).toBe(18);
    // 9 replies: 3 approved, 3 pending, 3 rejected; a rejected reply shows on no thread page.
    expect(replies.filter((r) => replyVisibleTo(null, true, r))).toHaveLength(3);
    expect(replies.filter((r) => replyVisibleTo(ada, false, r))).toHaveLength(3 + 1);
    expect(replies.filter((r) => replyVisibleTo(mod, true, r))).toHaveLength(3 + 3);
  });
});
