// An approved thread or reply stays what was approved (decision 2026, issue 41 item 1): an edit of
// a published one waits for a moderator while every reader (the thread, the list, the search)
// keeps the approved text; the author reads her own version with its state; the category's
// moderators and admins see both side by side and decide; a small fix in the first ten minutes goes
// straight through, never one that adds a link.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, forumModerators, forumPosts, forumThreads } from '../../db/schema';
import { ok, signIn, testApp, withCookie } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy } from '../../test/moderated';
import { notificationText } from '../../core/notification-text';

const NOW = new Date('2026-12-06T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
const ada = signIn(db, { id: 'fe:ada', email: 'ada@example.test', firstName: 'Ada' });
const admin = signIn(db, { id: 'fe:admin', email: 'admin@example.test', firstName: 'Root' });
const mod = signIn(db, { id: 'fe:mod', email: 'mod@example.test', firstName: 'Mo' });
const otherMod = signIn(db, { id: 'fe:other', email: 'other@example.test', firstName: 'Oz' });
const [category, elsewhere] = db.select().from(forumCategories).all();
db.insert(forumModerators)
  .values([
    { userId: 'fe:mod', categoryId: category.id },
    { userId: 'fe:other', categoryId: elsewhere.id },
  ])
  .run();
const approved = approvedBy(call, admin);

const QUESTION = { title: 'Cover lessons in year 9', content: 'How do you plan cover lessons for a class you never met?' };
const SPAM = { title: 'BUY CHEAP ESSAYS', content: 'BUY CHEAP ESSAYS at essays-for-less.example, 50% off today only' };
const HOUR = 3_600_000;

/** A thread (and a reply under it) approved an hour ago, so no edit of them is a first-minutes fix. */
async function publishedThread() {
  const threadId = await approved.thread(ada, { ...QUESTION, categoryId: category.id });
  const postId = await approved.reply(ada, threadId, { content: 'I leave a seating plan and a worksheet.' });
  const earlier = new Date(NOW.getTime() - HOUR);
  db.update(forumThreads).set({ createdAt: earlier }).where(eq(forumThreads.id, threadId)).run();
  db.update(forumPosts).set({ createdAt: earlier }).where(eq(forumPosts.id, postId)).run();
  return { threadId, postId };
}

const threadOf = (id: number) => ok(client.forum.threads[':id'].$get({ param: { id: String(id) } }));
const listed = async (search?: string) => (await ok(client.forum.threads.$get({ query: search ? { search } : {} }))).map((t) => t.title);
const activityOf = (cookie: string) => ok(client.me.activity.$get(undefined, withCookie(cookie)));
const queueOf = async (cookie: string) => (await call('GET', '/api/moderation/queue', { cookie })).body;

describe('an edit of a published thread or reply', () => {
  it('waits for a moderator: every reader keeps the approved text, the author reads hers with "pending"', async () => {
    const { threadId, postId } = await publishedThread();
    const edit = await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: SPAM });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ ...QUESTION, status: 'approved', editedAt: null });
    expect(edit.body.edit).toMatchObject({ status: 'pending', ...SPAM, submittedAt: NOW.toISOString() });
    const reply = await call('PATCH', `/api/forum/posts/${postId}`, { cookie: ada, body: { content: SPAM.content } });
    expect(reply.body).toMatchObject({ content: 'I leave a seating plan and a worksheet.', editedAt: null });
    expect(reply.body.edit).toMatchObject({ status: 'pending', content: SPAM.content });

    const page = await threadOf(threadId);
    expect(page).toMatchObject({ ...QUESTION, editedAt: null });
    expect(page.html).toContain('How do you plan cover lessons');
    expect(JSON.stringify(page)).not.toContain('ESSAYS');
    expect(await listed()).toContain(QUESTION.title);
    expect(await listed()).not.toContain(SPAM.title);
    expect(await listed('essays')).toEqual([]);

    const mine = await activityOf(ada);
    expect(mine.threads.find((t) => t.id === threadId)).toMatchObject({
      title: QUESTION.title,
      edit: { status: 'pending', reason: null },
      proposed: { ...SPAM },
    });
    expect(mine.threads.find((t) => t.id === threadId)!.proposed!.html).toContain('BUY CHEAP ESSAYS');
    expect(mine.posts.find((p) => p.id === postId)).toMatchObject({ edit: { status: 'pending' }, proposed: { content: SPAM.content } });
  });

  it('a second edit replaces the waiting one (merged over it); the published text itself again withdraws it', async () => {
    const { threadId } = await publishedThread();
    await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: { title: 'Cover lessons in year 9 and 10' } });
    const second = await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: { content: 'How do you plan cover work?' } });
    expect(second.body.edit).toMatchObject({ title: 'Cover lessons in year 9 and 10', content: 'How do you plan cover work?' });
    expect((await queueOf(admin)).edits.filter((e: { id: number }) => e.id === threadId)).toHaveLength(1);
    const back = await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: QUESTION });
    expect(back.body.edit).toBeNull();
    expect((await queueOf(admin)).edits.filter((e: { kind: string; id: number }) => e.kind === 'thread' && e.id === threadId)).toEqual([]);
    expect((await activityOf(ada)).threads.find((t) => t.id === threadId)).toMatchObject({ edit: null, proposed: null });
  });

  it("is decided by the category's moderators and admins, side by side; approving publishes it and keeps the old text", async () => {
    const { threadId, postId } = await publishedThread();
    const proposed = { title: 'Cover lessons in year 9 (science)', content: 'How do you plan science cover for a class you never met?' };
    await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: proposed });
    await call('PATCH', `/api/forum/posts/${postId}`, { cookie: ada, body: { content: 'A seating plan, a worksheet and the answers.' } });

    const queued = (await queueOf(mod)).edits.find((e: { kind: string; id: number }) => e.kind === 'thread' && e.id === threadId);
    expect(queued).toMatchObject({ threadId, threadTitle: QUESTION.title, categoryId: category.id, published: QUESTION, proposed });
    expect(queued.schoolId).toBeNull();
    expect(JSON.stringify(queued)).not.toMatch(/fe:ada|ada@example|"Ada"/);
    expect((await queueOf(otherMod)).edits.some((e: { id: number }) => e.id === threadId)).toBe(false);
    expect((await call('POST', `/api/moderation/edits/threads/${threadId}/approve`, { cookie: otherMod })).status).toBe(403);

    const yes = await call('POST', `/api/moderation/edits/threads/${threadId}/approve`, { cookie: mod });
    expect(yes.body).toEqual({ kind: 'thread', id: threadId, edit: 'approved' });
    expect(await threadOf(threadId)).toMatchObject({ ...proposed, editedAt: NOW.toISOString() });
    expect(await listed('science')).toContain(proposed.title);
    const versions = await call('GET', `/api/moderation/threads/${threadId}/versions`, { cookie: mod });
    expect(versions.body.versions).toEqual([{ ...QUESTION, replacedAt: NOW.toISOString() }]);
    expect((await activityOf(ada)).threads.find((t) => t.id === threadId)).toMatchObject({
      title: proposed.title,
      edit: null,
      proposed: null,
    });
    const notes = (await ok(client.notifications.$get({ query: {} }, withCookie(ada)))).notifications;
    const note = notes.find((n) => n.kind === 'edit_approved' && n.subjectType === 'thread_edit')!;
    expect(note).toMatchObject({
      thread: { id: threadId, title: proposed.title },
      link: `/forum/threads/${threadId}`,
      actorFirstName: null,
    });
    expect(notificationText({ ...note, school: null })).toBe(
      `Your edit is published: your thread “${proposed.title}” now shows your changes`,
    );

    const no = await call('POST', `/api/moderation/edits/posts/${postId}/reject`, {
      cookie: admin,
      body: { reason: 'Please keep answers on topic' },
    });
    expect(no.body).toEqual({ kind: 'reply', id: postId, edit: 'rejected' });
    expect((await threadOf(threadId)).replies.find((r) => r.id === postId)!.content).toBe('I leave a seating plan and a worksheet.');
    expect((await activityOf(ada)).posts.find((p) => p.id === postId)).toMatchObject({
      edit: { status: 'rejected', reason: 'Please keep answers on topic' },
      proposed: null,
    });
    expect((await call('POST', `/api/moderation/edits/posts/${postId}/approve`, { cookie: admin })).status).toBe(404);
  });
});

describe('a small fix in the first ten minutes', () => {
  it('goes straight through (its old text kept for moderators), but never one that adds a link', async () => {
    const threadId = await approved.thread(ada, { ...QUESTION, categoryId: category.id });
    const typo = { content: 'How do you plan cover lessons for a class you have never met?' };
    const fixed = await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: typo });
    expect(fixed.body).toMatchObject({ ...typo, editedAt: NOW.toISOString(), edit: null });
    expect((await threadOf(threadId)).content).toBe(typo.content);

    const link = await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: { content: `${typo.content} x.co` } });
    expect(link.body.edit).toMatchObject({ status: 'pending' });
    expect((await threadOf(threadId)).content).toBe(typo.content);
    // While an edit waits, even a small fix joins it rather than going past the moderator.
    const small = await call('PATCH', `/api/forum/threads/${threadId}`, { cookie: ada, body: { title: 'Cover lessons in Year 9' } });
    expect(small.body.edit).toMatchObject({ status: 'pending', title: 'Cover lessons in Year 9', content: `${typo.content} x.co` });
    expect((await threadOf(threadId)).title).toBe(QUESTION.title);
  });

  it('a thread not yet published is changed in place (it waits for its first approval anyway)', async () => {
    const made = await call('POST', '/api/forum/threads', { cookie: ada, body: { ...QUESTION, categoryId: category.id } });
    const edit = await call('PATCH', `/api/forum/threads/${made.body.id}`, { cookie: ada, body: SPAM });
    expect(edit.body).toMatchObject({ ...SPAM, status: 'pending', edit: null });
  });
});
