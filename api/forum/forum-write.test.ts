// Forum writes and visibility: new threads (pending), the thread page with its reply tree and
// view count, replies (refused on locked threads), and who sees pending threads in the list.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { forumCategories, forumModerators, forumPosts, forumThreads } from '../../db/schema';
import { ok, signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { slugify } from './forum.queries';

const { db, app, client } = testApp({ now: new Date('2026-11-22T12:00:00Z'), adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
/** The thread list as this person (or a visitor) sees it, typed by its route. */
const threadsAs = (cookie?: string, query: { categoryId?: string } = {}) =>
  ok(client.forum.threads.$get({ query }, cookie ? { headers: { Cookie: cookie } } : undefined));
const rows = (table: string) => (db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
const ada = signIn(db, { id: 'f:ada', email: 'ada@example.test', firstName: 'Ada' });
const bob = signIn(db, { id: 'f:bob', email: 'bob@example.test', firstName: 'Bob' });
const admin = signIn(db, { id: 'f:admin', email: 'admin@example.test', firstName: 'Root' });
const mod = signIn(db, { id: 'f:mod', email: 'mod@example.test', firstName: 'Mo' });
const categories = db.select().from(forumCategories).all();
const payCat = categories.find((c) => c.slug === 'pay-and-conditions')!;
const sendCat = categories.find((c) => c.slug === 'send')!;
db.insert(forumModerators).values({ userId: 'f:mod', categoryId: payCat.id }).run();

const thread = {
  title: 'TLR payments <b>on supply</b>?',
  content: 'Does anyone get a TLR while on a supply contract? <script>alert(1)</script>',
  categoryId: payCat.id,
};

describe('slugify', () => {
  it('makes a URL slug from any title', () => {
    expect(slugify('TLR payments <b>on supply</b>?')).toBe('tlr-payments-b-on-supply-b');
    expect(slugify('Café déjà vu')).toBe('cafe-deja-vu');
    expect(slugify('🙂🙂')).toBe('thread');
    expect(slugify('a'.repeat(300)).length).toBe(200);
  });
});

describe('POST /api/forum/threads', () => {
  it('stores the thread unapproved as typed and answers 201; the author sees it pending, others do not', async () => {
    const before = rows('forum_threads');
    const res = await call('POST', '/api/forum/threads', { cookie: ada, body: thread });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: thread.title,
      content: thread.content,
      slug: 'tlr-payments-b-on-supply-b',
      isApproved: false,
      isLocked: false,
      isSticky: false,
      status: 'pending',
      replyCount: 0,
      viewCount: 0,
      category: { id: payCat.id, name: 'Pay and conditions' },
      user: { firstName: 'Ada' },
    });
    expect(res.body).not.toHaveProperty('userId');
    expect(rows('forum_threads')).toBe(before + 1);

    const anon = await threadsAs();
    expect(anon.map((t) => t.id)).not.toContain(res.body.id);
    expect(anon.every((t) => t.isApproved)).toBe(true);
    const own = await threadsAs(ada);
    expect(own.find((t) => t.id === res.body.id)).toMatchObject({ isApproved: false, status: 'pending' });
    expect(own.filter((t) => !t.isApproved)).toHaveLength(1); // not the demo's other pending thread
    expect((await threadsAs(bob)).map((t) => t.id)).not.toContain(res.body.id);
    // moderators of the category and admins see every pending thread (of their categories)
    const modList = await threadsAs(mod);
    expect(modList.filter((t) => !t.isApproved).map((t) => t.id)).toEqual([res.body.id]);
    const adminList = await threadsAs(admin);
    expect(adminList.filter((t) => !t.isApproved).length).toBe(2);
    expect(adminList.length).toBe(anon.length + 2);
    // category filter still applies
    expect((await threadsAs(admin, { categoryId: String(sendCat.id) })).every((t) => t.categoryId === sendCat.id)).toBe(true);
  });

  it('answers the messages for a bad body and an unknown or inactive category, writing nothing', async () => {
    const before = rows('forum_threads');
    const empty = await call('POST', '/api/forum/threads', { cookie: ada, body: {} });
    expect(empty).toMatchObject({
      status: 400,
      body: {
        error: 'Invalid input',
        fields: { title: 'Title is required', content: 'Content is required', categoryId: 'Please choose a category' },
      },
    });
    const long = await call('POST', '/api/forum/threads', { cookie: ada, body: { ...thread, title: 'x'.repeat(201) } });
    expect(long.body.fields).toEqual({ title: 'Title must be at most 200 characters' });
    const unknown = await call('POST', '/api/forum/threads', { cookie: ada, body: { ...thread, categoryId: 9999 } });
    expect(unknown).toMatchObject({ status: 400, body: { fields: { categoryId: 'Please choose a category' } } });
    db.update(forumCategories).set({ isActive: false }).where(eq(forumCategories.id, sendCat.id)).run();
    expect((await call('POST', '/api/forum/threads', { cookie: ada, body: { ...thread, categoryId: sendCat.id } })).status).toBe(400);
    db.update(forumCategories).set({ isActive: true }).where(eq(forumCategories.id, sendCat.id)).run();
    expect(await call('POST', '/api/forum/threads', { body: thread })).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    expect((await call('POST', '/api/forum/threads', { cookie: ada, raw: 'not json' })).status).toBe(400);
    expect(rows('forum_threads')).toBe(before);
  });

  it('is idempotent, also for two concurrent requests', async () => {
    const before = rows('forum_threads');
    const [a, b] = await Promise.all([
      call('POST', '/api/forum/threads', { cookie: bob, body: thread, key: 'thread-1' }),
      call('POST', '/api/forum/threads', { cookie: bob, body: thread, key: 'thread-1' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const c = await call('POST', '/api/forum/threads', { cookie: bob, body: thread, key: 'thread-1' });
    expect(c.body).toEqual(a.body);
    expect(rows('forum_threads')).toBe(before + 1);
  });
});

describe('GET /api/forum/threads/:id', () => {
  const approved = db
    .select()
    .from(forumThreads)
    .where(eq(forumThreads.isApproved, true))
    .all()
    .find((t) => t.replyCount >= 3)!;

  it('answers the thread with category, author first name and approved replies as one flat list, counting a view', async () => {
    // Typed call (hono/testing): the answer's type is the route's own.
    const answer = await client.forum.threads[':id'].$get({ param: { id: String(approved.id) } });
    expect(answer.status).toBe(200);
    if (answer.status !== 200) return;
    const body = await answer.json();
    expect(body).toMatchObject({
      id: approved.id,
      title: approved.title,
      viewCount: approved.viewCount + 1,
      category: { id: approved.categoryId },
    });
    expect(typeof body.user.firstName).toBe('string');
    expect(Object.keys(body.user)).toEqual(['firstName']);
    expect(JSON.stringify(body)).not.toMatch(/userId|demo:/);
    const all = body.replies;
    expect(all).toHaveLength(approved.replyCount);
    // Flat: no reply carries replies of its own; oldest first; a child comes after its parent.
    expect(all.every((p) => !('replies' in p))).toBe(true);
    const times = all.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const nested = all.filter((p) => p.parentPostId !== null);
    expect(nested.length).toBeGreaterThan(0);
    expect(all.filter((p) => p.parentPostId === null).length).toBeGreaterThan(0);
    for (const child of nested) expect(all.findIndex((p) => p.id === child.parentPostId)).toBeLessThan(all.indexOf(child));
    const posts = db
      .select()
      .from(forumPosts)
      .where(and(eq(forumPosts.threadId, approved.id), eq(forumPosts.isApproved, true)))
      .all();
    expect(new Map(all.map((p) => [p.id, p.parentPostId]))).toEqual(new Map(posts.map((p) => [p.id, p.parentPostId])));
    expect(db.select().from(forumThreads).where(eq(forumThreads.id, approved.id)).get()!.viewCount).toBe(approved.viewCount + 1);
  });

  it('404 for an unknown thread and for someone else’s pending one; the author sees their own', async () => {
    expect(await call('GET', '/api/forum/threads/999999')).toMatchObject({ status: 404, body: { error: 'Thread not found' } });
    const pending = (await call('POST', '/api/forum/threads', { cookie: ada, body: { ...thread, title: 'Pending one' } })).body;
    expect((await call('GET', `/api/forum/threads/${pending.id}`)).status).toBe(404);
    expect((await call('GET', `/api/forum/threads/${pending.id}`, { cookie: bob })).status).toBe(404);
    expect((await call('GET', `/api/forum/threads/${pending.id}`, { cookie: ada })).body).toMatchObject({
      status: 'pending',
      viewCount: 0,
    });
    expect((await call('GET', `/api/forum/threads/${pending.id}`, { cookie: mod })).status).toBe(200);
  });
});

describe('POST /api/forum/threads/:id/posts', () => {
  const target = db
    .select()
    .from(forumThreads)
    .where(eq(forumThreads.isApproved, true))
    .all()
    .find((t) => !t.isLocked && t.replyCount > 0)!;

  it('stores the reply pending (201); the author sees it in the tree, others only once approved', async () => {
    const before = rows('forum_posts');
    const parent = db.select().from(forumPosts).where(eq(forumPosts.threadId, target.id)).get()!;
    const res = await call('POST', `/api/forum/threads/${target.id}/posts`, {
      cookie: bob,
      body: { content: 'Same here <i>honestly</i>', parentPostId: parent.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      threadId: target.id,
      parentPostId: parent.id,
      content: 'Same here <i>honestly</i>',
      isApproved: false,
      status: 'pending',
      user: { firstName: 'Bob' },
    });
    expect(rows('forum_posts')).toBe(before + 1);
    const asBob = await ok(client.forum.threads[':id'].$get({ param: { id: String(target.id) } }, { headers: { Cookie: bob } }));
    expect(asBob.replies.find((p) => p.id === res.body.id)).toMatchObject({ parentPostId: parent.id, status: 'pending' });
    expect(asBob.replies.findIndex((p) => p.id === parent.id)).toBeLessThan(asBob.replies.findIndex((p) => p.id === res.body.id));
    const asAnon = JSON.stringify((await call('GET', `/api/forum/threads/${target.id}`)).body);
    expect(asAnon).not.toContain('Same here');
    // counters follow approved replies: unchanged until moderation
    expect(db.select().from(forumThreads).where(eq(forumThreads.id, target.id)).get()!.replyCount).toBe(target.replyCount);
  });

  it('refuses a locked thread with 423, a pending one with 409, unknown with 404, bad parent 400, signed out 401; nothing written', async () => {
    const before = rows('forum_posts');
    db.update(forumThreads).set({ isLocked: true }).where(eq(forumThreads.id, target.id)).run();
    const locked = await call('POST', `/api/forum/threads/${target.id}/posts`, { cookie: bob, body: { content: 'Let me in' } });
    expect(locked).toMatchObject({ status: 423, body: { error: 'This thread is locked: no new replies can be added' } });
    db.update(forumThreads).set({ isLocked: false }).where(eq(forumThreads.id, target.id)).run();
    const pending = (await call('POST', '/api/forum/threads', { cookie: bob, body: { ...thread, title: 'Still pending' } })).body;
    expect((await call('POST', `/api/forum/threads/${pending.id}/posts`, { cookie: bob, body: { content: 'bump' } })).status).toBe(409);
    expect((await call('POST', `/api/forum/threads/${pending.id}/posts`, { cookie: ada, body: { content: 'bump' } })).status).toBe(404);
    expect(await call('POST', '/api/forum/threads/999999/posts', { cookie: bob, body: { content: 'Hello' } })).toMatchObject({
      status: 404,
      body: { error: 'Thread not found' },
    });
    const otherPost = db
      .select()
      .from(forumPosts)
      .all()
      .find((p) => p.threadId !== target.id)!;
    expect(
      await call('POST', `/api/forum/threads/${target.id}/posts`, { cookie: bob, body: { content: 'Hi', parentPostId: otherPost.id } }),
    ).toMatchObject({
      status: 400,
      body: { fields: { parentPostId: 'The reply you answer is not in this thread' } },
    });
    expect((await call('POST', `/api/forum/threads/${target.id}/posts`, { cookie: bob, body: { content: '   ' } })).body.fields).toEqual({
      content: 'Content is required',
    });
    expect((await call('POST', `/api/forum/threads/${target.id}/posts`, { body: { content: 'Hello' } })).status).toBe(401);
    expect(rows('forum_posts')).toBe(before);
  });

  it('is idempotent', async () => {
    const before = rows('forum_posts');
    const a = await call('POST', `/api/forum/threads/${target.id}/posts`, { cookie: ada, body: { content: 'Once only' }, key: 'post-1' });
    const b = await call('POST', `/api/forum/threads/${target.id}/posts`, { cookie: ada, body: { content: 'Once only' }, key: 'post-1' });
    expect(b).toMatchObject({ status: 201, body: a.body });
    expect(rows('forum_posts')).toBe(before + 1);
  });
});
