// GET /api/me/activity's threads and replies, pinned to the byte (issue 42): her own rows only, not
// those she deleted, newest first, each with its moderation state, whether reports hide it, and
// her latest edit's state (with the version she wrote while it waits).
import { describe, expect, it } from 'vitest';
import { contributionRevisions, forumCategories, forumPosts, forumThreads, hiddenContent } from '../../db/schema';
import { ok, signIn, testApp, withCookie } from '../../test/app';

const NOW = new Date('2026-11-30T12:00:00Z');
const { db, client } = testApp({ now: NOW, rateLimit: false });
const ada = signIn(db, { id: 'act:ada', email: 'ada@example.test', firstName: 'Ada' });
signIn(db, { id: 'act:bob', email: 'bob@example.test', firstName: 'Bob' });
const category = db.select().from(forumCategories).all()[0];
const at = (day: number) => new Date(`2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`);

function thread(userId: string, day: number, extra: Partial<typeof forumThreads.$inferInsert> = {}) {
  const values = { categoryId: category.id, userId, title: `Thread of the ${day}th`, slug: `t-${day}`, content: `Text **${day}**` };
  return db
    .insert(forumThreads)
    .values({ ...values, createdAt: at(day), ...extra })
    .returning({ id: forumThreads.id })
    .get().id;
}

function reply(threadId: number, userId: string, day: number, extra: Partial<typeof forumPosts.$inferInsert> = {}) {
  return db
    .insert(forumPosts)
    .values({ threadId, userId, content: `Reply of the ${day}th`, createdAt: at(day), ...extra })
    .returning({ id: forumPosts.id })
    .get().id;
}

describe('GET /api/me/activity: threads and replies', () => {
  // Written out of date order, so that newest first is not the order of the ids.
  const rejectedThread = thread('act:ada', 16, { rejectedAt: at(17), rejectionReason: 'Off topic', editedAt: at(16) });
  const hiddenThread = thread('act:ada', 10, { isApproved: true, isLocked: true, replyCount: 2, viewCount: 7 });
  const editedThread = thread('act:ada', 12);
  thread('act:ada', 14, { deletedAt: at(15) });
  const bobs = thread('act:bob', 11, { isApproved: true });
  const rejectedReply = reply(bobs, 'act:ada', 18, { rejectedAt: at(19), rejectionReason: 'Rude' });
  const approvedReply = reply(bobs, 'act:ada', 11, { isApproved: true });
  const hiddenReply = reply(hiddenThread, 'act:ada', 13, { isApproved: true, editedAt: at(14) });
  reply(bobs, 'act:ada', 15, { deletedAt: at(16) });
  reply(bobs, 'act:bob', 20, { isApproved: true });
  db.insert(hiddenContent)
    .values([
      { kind: 'thread', targetId: hiddenThread, hiddenAt: at(20) },
      { kind: 'reply', targetId: hiddenReply, hiddenAt: at(20) },
    ])
    .run();
  db.insert(contributionRevisions)
    .values([
      {
        kind: 'thread',
        targetId: editedThread,
        userId: 'act:ada',
        body: { title: 'Better title', content: 'Now *clearer*' },
        state: 'pending',
        createdAt: at(21),
      },
      {
        kind: 'reply',
        targetId: rejectedReply,
        userId: 'act:ada',
        body: { content: 'Kinder' },
        state: 'rejected',
        reason: 'Still rude',
        createdAt: at(22),
      },
    ])
    .run();

  it('answers her threads and replies exactly', async () => {
    const body = await ok(client.me.activity.$get(undefined, withCookie(ada)));
    const iso = (day: number) => at(day).toISOString();
    const base = { categoryId: category.id, categoryName: category.name };
    const notRejected = { rejectedAt: null, rejectionReason: null };
    const noEdit = { edit: null, proposed: null };
    const unlocked = { isLocked: false, replyCount: 0, viewCount: 0 };
    const threads = [
      {
        ...{ id: rejectedThread, title: 'Thread of the 16th', ...base, isApproved: false, ...unlocked },
        ...{ rejectedAt: iso(17), rejectionReason: 'Off topic', content: 'Text **16**', editedAt: iso(16), createdAt: iso(16) },
        ...{ status: 'rejected', hidden: false, ...noEdit },
      },
      {
        ...{ id: editedThread, title: 'Thread of the 12th', ...base, isApproved: false, ...unlocked, ...notRejected },
        ...{ content: 'Text **12**', editedAt: null, createdAt: iso(12), status: 'pending', hidden: false },
        edit: { status: 'pending', reason: null, submittedAt: iso(21) },
        proposed: { title: 'Better title', content: 'Now *clearer*', html: '<p>Now <em>clearer</em></p>' },
      },
      {
        // The kept reply counter follows her one approved reply there.
        ...{ id: hiddenThread, title: 'Thread of the 10th', ...base, isApproved: true, isLocked: true, replyCount: 1, viewCount: 7 },
        ...{ ...notRejected, content: 'Text **10**', editedAt: null, createdAt: iso(10), status: 'approved', hidden: true, ...noEdit },
      },
    ];
    const post = (id: number, threadId: number, day: number) => ({
      id,
      threadId,
      threadTitle: `Thread of the ${threadId === bobs ? 11 : 10}th`,
      content: `Reply of the ${day}th`,
    });
    const posts = [
      {
        ...{ ...post(rejectedReply, bobs, 18), isApproved: false, rejectedAt: iso(19), rejectionReason: 'Rude', editedAt: null },
        ...{ createdAt: iso(18), status: 'rejected', hidden: false },
        ...{ edit: { status: 'rejected', reason: 'Still rude', submittedAt: iso(22) }, proposed: null },
      },
      {
        ...{ ...post(hiddenReply, hiddenThread, 13), isApproved: true, ...notRejected, editedAt: iso(14), createdAt: iso(13) },
        ...{ status: 'approved', hidden: true, ...noEdit },
      },
      {
        ...{ ...post(approvedReply, bobs, 11), isApproved: true, ...notRejected, editedAt: null, createdAt: iso(11) },
        ...{ status: 'approved', hidden: false, ...noEdit },
      },
    ];
    // The same keys in the same order, to the byte.
    expect(JSON.stringify(body.threads)).toBe(JSON.stringify(threads));
    expect(JSON.stringify(body.posts)).toBe(JSON.stringify(posts));
    expect(body.counts).toMatchObject({ threads: 3, posts: 3, pending: 1 });
  });
});
