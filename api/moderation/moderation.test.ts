// Moderation: the queue, approve/reject of reviews, threads and replies, lock and sticky; who may
// do what (admins everything, forum moderators only in their categories and by their can* flags),
// every decision in moderation_log, and the effects (school stats, author's activity, reply counters).
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { forumCategories, forumModerators, forumPosts, forumThreads, moderationLog, reviews, schools } from '../../db/schema';
import { ok, signIn, testApp, withCookie } from '../../test/app';
import { caller } from '../../test/requests';
import { reviewBody } from '../../test/moderated';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
/** What this person reads, typed by the routes: the moderation queue, her own activity, the thread list. */
const queueAs = (cookie: string) => ok(client.moderation.queue.$get(undefined, withCookie(cookie)));
const activityOf = (cookie: string) => ok(client.me.activity.$get(undefined, withCookie(cookie)));
const threadIdsAs = async (cookie?: string) =>
  (await ok(client.forum.threads.$get({ query: {} }, cookie ? withCookie(cookie) : undefined))).map((t) => t.id);
const rows = (table: string) => (db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
const author = signIn(db, { id: 'm:author', email: 'author@example.test', firstName: 'Ann' });
const admin = signIn(db, { id: 'm:admin', email: 'admin@example.test', firstName: 'Root' });
const modA = signIn(db, { id: 'm:modA', email: 'moda@example.test', firstName: 'Mia' });
const lockOnly = signIn(db, { id: 'm:lock', email: 'lock@example.test', firstName: 'Lex' });
const nobody = signIn(db, { id: 'm:nobody', email: 'nobody@example.test', firstName: 'Ned' });
const cats = db.select().from(forumCategories).all();
const catA = cats.find((c) => c.slug === 'pay-and-conditions')!;
const catB = cats.find((c) => c.slug === 'leadership')!;
db.insert(forumModerators)
  .values([
    { userId: 'm:modA', categoryId: catA.id },
    { userId: 'm:lock', categoryId: catA.id, canApprove: false, canEdit: false, canLock: true },
  ])
  .run();
const school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
db.delete(reviews).where(eq(reviews.schoolId, school.id)).run();

const review = reviewBody([2, 2, 2, 2, 2, 2], { pros: 'Nice building overall', cons: 'Heavy marking load', wouldRecommend: false });
const newThread = async (categoryId: number, title = 'A question') =>
  (await call('POST', '/api/forum/threads', { cookie: author, body: { title, content: 'Some content here', categoryId } })).body;
const logCount = () => rows('moderation_log');

describe('queue', () => {
  it('admins see pending reviews, threads and replies; moderators only the threads and replies of their categories', async () => {
    const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review })).body;
    const tA = await newThread(catA.id, 'Queue A');
    const tB = await newThread(catB.id, 'Queue B');
    const adminQ = { body: await queueAs(admin) };
    expect(adminQ.body.permissions).toEqual({ isAdmin: true, categories: [] });
    expect(adminQ.body.reviews.map((x) => x.id)).toContain(r.id);
    expect(adminQ.body.reviews.find((x) => x.id === r.id)).toMatchObject({ schoolName: school.name, pros: review.pros });
    expect(JSON.stringify(adminQ.body.reviews)).not.toContain('m:author');
    expect(adminQ.body.threads.map((x) => x.id)).toEqual(expect.arrayContaining([tA.id, tB.id]));
    const modQ = { body: await queueAs(modA) };
    expect(modQ.body.reviews).toEqual([]);
    expect(modQ.body.threads.map((x) => x.id)).toContain(tA.id);
    expect(modQ.body.threads.every((x) => x.categoryId === catA.id)).toBe(true);
    expect(modQ.body.threads.find((x) => x.id === tA.id)).toMatchObject({
      title: 'Queue A',
      user: { firstName: 'Ann' },
      category: { name: catA.name },
    });
    const lockQ = await call('GET', '/api/moderation/queue', { cookie: lockOnly });
    expect(lockQ.body).toMatchObject({ reviews: [], threads: [], posts: [] });
    expect(await call('GET', '/api/moderation/queue', { cookie: nobody })).toMatchObject({ status: 403, body: { error: 'Forbidden' } });
    expect((await call('GET', '/api/moderation/queue')).status).toBe(401);
  });
});

describe('reviews (admins only)', () => {
  it('approving makes the review count in the school stats and the public list, and is logged', async () => {
    const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: { ...review, overallRating: 4 } })).body;
    const before = (await call('GET', `/api/schools/${school.id}`)).body.stats;
    const logs = logCount();
    const res = await call('POST', `/api/moderation/reviews/${r.id}/approve`, { cookie: admin });
    expect(res).toMatchObject({ status: 200, body: { kind: 'review', id: r.id, status: 'approved', isApproved: true } });
    const after = (await call('GET', `/api/schools/${school.id}`)).body.stats;
    expect(after.totalReviews).toBe(before.totalReviews + 1);
    expect((await ok(client.schools[':id'].reviews.$get({ param: { id: String(school.id) }, query: {} }))).map((x) => x.id)).toContain(
      r.id,
    );
    expect(logCount()).toBe(logs + 1);
    expect(
      db
        .select()
        .from(moderationLog)
        .where(and(eq(moderationLog.kind, 'review'), eq(moderationLog.targetId, r.id)))
        .get(),
    ).toMatchObject({ actorUserId: 'm:admin', action: 'approve', reason: null, createdAt: NOW });
    const queue = await queueAs(admin);
    expect(queue.reviews.map((x) => x.id)).not.toContain(r.id);
  });

  it('rejecting needs a reason, leaves the author’s pending list and shows the reason', async () => {
    const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review })).body;
    const logs = logCount();
    expect(await call('POST', `/api/moderation/reviews/${r.id}/reject`, { cookie: admin, body: { reason: '  ' } })).toMatchObject({
      status: 400,
      body: { fields: { reason: 'A reason is required' } },
    });
    expect(logCount()).toBe(logs);
    const res = await call('POST', `/api/moderation/reviews/${r.id}/reject`, {
      cookie: admin,
      body: { reason: 'Names a member of staff' },
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'rejected', isApproved: false, rejectionReason: 'Names a member of staff' } });
    expect(db.select().from(reviews).where(eq(reviews.id, r.id)).get()).toMatchObject({
      rejectedAt: NOW,
      rejectionReason: 'Names a member of staff',
    });
    const activity = await activityOf(author);
    expect(activity.reviews.find((x) => x.id === r.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Names a member of staff',
    });
    expect(
      db
        .select()
        .from(moderationLog)
        .where(and(eq(moderationLog.kind, 'review'), eq(moderationLog.targetId, r.id)))
        .get(),
    ).toMatchObject({ action: 'reject', reason: 'Names a member of staff' });
    expect((await queueAs(admin)).reviews.map((x) => x.id)).not.toContain(r.id);
  });

  it('forum moderators and others get 403, unknown review 404, signed out 401; nothing changes', async () => {
    const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review })).body;
    const logs = logCount();
    expect((await call('POST', `/api/moderation/reviews/${r.id}/approve`, { cookie: modA })).status).toBe(403);
    expect((await call('POST', `/api/moderation/reviews/${r.id}/approve`, { cookie: nobody })).status).toBe(403);
    expect((await call('POST', `/api/moderation/reviews/${r.id}/approve`)).status).toBe(401);
    expect(await call('POST', '/api/moderation/reviews/999999/approve', { cookie: admin })).toMatchObject({
      status: 404,
      body: { error: 'Review not found' },
    });
    expect((await call('POST', '/api/moderation/widgets/1/approve', { cookie: admin })).status).toBe(400);
    expect(db.select().from(reviews).where(eq(reviews.id, r.id)).get()!.isApproved).toBe(false);
    expect(logCount()).toBe(logs);
  });
});

describe('threads and replies', () => {
  it('a moderator of category A approves in A but not in B (403, nothing changes)', async () => {
    const tA = await newThread(catA.id, 'In A');
    const tB = await newThread(catB.id, 'In B');
    const logs = logCount();
    expect(await call('POST', `/api/moderation/threads/${tB.id}/approve`, { cookie: modA })).toMatchObject({
      status: 403,
      body: { error: 'Forbidden' },
    });
    expect(db.select().from(forumThreads).where(eq(forumThreads.id, tB.id)).get()!.isApproved).toBe(false);
    expect(logCount()).toBe(logs);
    expect(await call('POST', `/api/moderation/threads/${tA.id}/approve`, { cookie: modA })).toMatchObject({
      status: 200,
      body: { kind: 'thread', status: 'approved' },
    });
    expect(await threadIdsAs()).toContain(tA.id);
    expect(logCount()).toBe(logs + 1);
    // admins everywhere
    expect((await call('POST', `/api/moderation/threads/${tB.id}/approve`, { cookie: admin })).status).toBe(200);
  });

  it('respects the can* flags: no canApprove → 403 on approve; canLock locks; no canEdit → 403 on sticky', async () => {
    const t = await newThread(catA.id, 'Flags');
    expect((await call('POST', `/api/moderation/threads/${t.id}/approve`, { cookie: lockOnly })).status).toBe(403);
    expect((await call('POST', `/api/moderation/threads/${t.id}/reject`, { cookie: lockOnly, body: { reason: 'Spam' } })).status).toBe(403);
    const locked = await call('POST', `/api/moderation/threads/${t.id}/lock`, { cookie: lockOnly });
    expect(locked).toMatchObject({ status: 200, body: { kind: 'thread', id: t.id, isLocked: true } });
    expect((await call('POST', `/api/moderation/threads/${t.id}/sticky`, { cookie: lockOnly })).status).toBe(403);
    expect(db.select().from(forumThreads).where(eq(forumThreads.id, t.id)).get()).toMatchObject({ isLocked: true, isSticky: false });
    expect((await call('POST', `/api/moderation/threads/${t.id}/unlock`, { cookie: lockOnly })).body.isLocked).toBe(false);
    db.update(forumModerators).set({ canLock: false }).where(eq(forumModerators.userId, 'm:lock')).run();
    expect((await call('POST', `/api/moderation/threads/${t.id}/lock`, { cookie: lockOnly })).status).toBe(403);
    db.update(forumModerators).set({ canLock: true }).where(eq(forumModerators.userId, 'm:lock')).run();
    expect(
      db
        .select()
        .from(moderationLog)
        .where(and(eq(moderationLog.kind, 'thread'), eq(moderationLog.targetId, t.id)))
        .all()
        .map((l) => [l.action, l.actorUserId]),
    ).toEqual([
      ['lock', 'm:lock'],
      ['unlock', 'm:lock'],
    ]);
  });

  it('sticky/unsticky and lock by a full moderator; a locked thread refuses replies', async () => {
    const t = await newThread(catA.id, 'Sticky one');
    await call('POST', `/api/moderation/threads/${t.id}/approve`, { cookie: modA });
    expect((await call('POST', `/api/moderation/threads/${t.id}/sticky`, { cookie: modA })).body).toMatchObject({ isSticky: true });
    const list = (await call('GET', `/api/forum/threads?categoryId=${catA.id}`)).body;
    expect(list[0].id).toBe(t.id);
    expect((await call('POST', `/api/moderation/threads/${t.id}/unsticky`, { cookie: modA })).body).toMatchObject({ isSticky: false });
    await call('POST', `/api/moderation/threads/${t.id}/lock`, { cookie: modA });
    expect((await call('POST', `/api/forum/threads/${t.id}/posts`, { cookie: author, body: { content: 'Late reply' } })).status).toBe(423);
    expect((await call('POST', '/api/moderation/threads/999999/lock', { cookie: admin })).status).toBe(404);
    expect((await call('POST', `/api/moderation/threads/${t.id}/lock`, { cookie: nobody })).status).toBe(403);
  });

  it('approving a reply updates replyCount, lastReplyAt and lastReplyUserId; rejecting takes it back out', async () => {
    const t = await newThread(catA.id, 'Replies');
    await call('POST', `/api/moderation/threads/${t.id}/approve`, { cookie: admin });
    const p = (await call('POST', `/api/forum/threads/${t.id}/posts`, { cookie: author, body: { content: 'First reply' } })).body;
    let row = db.select().from(forumThreads).where(eq(forumThreads.id, t.id)).get()!;
    expect(row).toMatchObject({ replyCount: 0, lastReplyAt: null, lastReplyUserId: null });
    const modQ = await queueAs(modA);
    expect(modQ.posts.find((x) => x.id === p.id)).toMatchObject({
      threadId: t.id,
      threadTitle: 'Replies',
      content: 'First reply',
      user: { firstName: 'Ann' },
    });
    expect((await call('POST', `/api/moderation/posts/${p.id}/approve`, { cookie: modA })).body).toMatchObject({
      kind: 'post',
      status: 'approved',
    });
    row = db.select().from(forumThreads).where(eq(forumThreads.id, t.id)).get()!;
    expect(row).toMatchObject({ replyCount: 1, lastReplyAt: NOW, lastReplyUserId: 'm:author' });
    const page = await ok(client.forum.threads[':id'].$get({ param: { id: String(t.id) } }));
    expect(page.replies.map((r) => r.content)).toEqual(['First reply']);
    expect(
      (await call('POST', `/api/moderation/posts/${p.id}/reject`, { cookie: modA, body: { reason: 'Off topic' } })).body,
    ).toMatchObject({ status: 'rejected', rejectionReason: 'Off topic' });
    row = db.select().from(forumThreads).where(eq(forumThreads.id, t.id)).get()!;
    expect(row).toMatchObject({ replyCount: 0, lastReplyAt: null, lastReplyUserId: null });
    expect(db.select().from(forumPosts).where(eq(forumPosts.id, p.id)).get()).toMatchObject({
      isApproved: false,
      rejectionReason: 'Off topic',
    });
    const activity = await activityOf(author);
    expect(activity.posts.find((x) => x.id === p.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Off topic' });
  });

  it('a rejected thread leaves the lists and shows to its author with the reason', async () => {
    const t = await newThread(catA.id, 'To reject');
    await call('POST', `/api/moderation/threads/${t.id}/reject`, { cookie: modA, body: { reason: 'Duplicate' } });
    expect(await threadIdsAs(author)).not.toContain(t.id);
    expect(await threadIdsAs(modA)).not.toContain(t.id);
    expect((await call('GET', `/api/forum/threads/${t.id}`, { cookie: modA })).status).toBe(404);
    expect((await call('GET', `/api/forum/threads/${t.id}`, { cookie: author })).body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Duplicate',
    });
    const activity = await activityOf(author);
    expect(activity.threads.find((x) => x.id === t.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Duplicate',
      categoryName: catA.name,
    });
  });

  it('decisions are idempotent with a key (one log row)', async () => {
    const t = await newThread(catA.id, 'Twice');
    const logs = logCount();
    const [a, b] = await Promise.all([
      call('POST', `/api/moderation/threads/${t.id}/reject`, { cookie: admin, body: { reason: 'Spam' }, key: 'decide-1' }),
      call('POST', `/api/moderation/threads/${t.id}/reject`, { cookie: admin, body: { reason: 'Spam' }, key: 'decide-1' }),
    ]);
    expect(a.body).toEqual(b.body);
    expect(logCount()).toBe(logs + 1);
  });
});
