// Hearing back (decision 2010): a notification for every kind, written when the item becomes
// visible or is decided, once per (user, kind, subject); never to the person who acted; never
// naming an author beyond the first name the forum shows beside a reply; her pages, read state,
// preferences and thread watches; export and account deletion.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumCategories, forumModerators, interviewExperiences, notifications, reviews, schoolMembers, schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy, interviewBody, reviewBody } from '../../test/moderated';
import { deleteAccount, exportUserData } from '../me/privacy.service';

const NOW = new Date('2026-11-26T12:00:00Z');
const { db, app } = testApp({ demo: false, now: NOW, rateLimit: false, adminEmails: ['admin@example.test'], reportHideThreshold: 2 });
const call = caller(app);
const count = (sql: string, ...args: unknown[]) => (db.$client.prepare(sql).get(...args) as { n: number }).n;
const [school] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(1).all();
const category = db.select().from(forumCategories).orderBy(forumCategories.id).limit(1).get()!;

const admin = signIn(db, { id: 'n:admin', email: 'admin@example.test', firstName: 'Ada', lastName: 'Admin' });
const alice = signIn(db, { id: 'n:alice', email: 'alice@example.test', firstName: 'Alice', lastName: 'Archer' });
const bea = signIn(db, { id: 'n:bea', email: 'bea@example.test', firstName: 'Bea', lastName: 'Brightwater' });
const cat = signIn(db, { id: 'n:cat', email: 'cat@example.test', firstName: 'Cat', lastName: 'Carmichael' });
const mod = signIn(db, { id: 'n:mod', email: 'mod@example.test', firstName: 'Mo', lastName: 'Moderator' });
db.insert(forumModerators).values({ userId: 'n:mod', categoryId: category.id }).run();
const staffCookie = signIn(db, { id: 'n:staff', email: 'staff@school.example', firstName: 'Sam', lastName: 'Staff' });
db.insert(schoolMembers)
  .values({ userId: 'n:staff', schoolId: school.id, role: 'editor', method: 'email', verifiedAt: NOW, confirmedAt: NOW })
  .run();

const review = reviewBody([3, 3, 3, 3, 3, 3], {
  pros: 'Supportive department team',
  cons: 'Long meetings every week',
  wouldRecommend: true,
});
const interview = interviewBody('Science teacher', 'A lesson and a panel interview');

type Item = {
  id: number;
  kind: string;
  subjectType: string;
  subjectId: number;
  thread: { id: number; title: string } | null;
  school: { id: number; name: string } | null;
  actorFirstName: string | null;
  reason: string | null;
  link: string;
  readAt: string | null;
};
async function inbox(cookie: string, query = '') {
  const res = await call('GET', `/api/notifications${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.body as { notifications: Item[]; unread: number; next: string | null };
}
const kindsOf = async (cookie: string) => (await inbox(cookie)).notifications.map((n) => n.kind);

const approvedThread = (cookie: string, title: string) =>
  approvedBy(call, mod).thread(cookie, { title, content: 'What do people think about this?', categoryId: category.id });
async function reply(cookie: string, threadId: number, content: string) {
  const r = await call('POST', `/api/forum/threads/${threadId}/posts`, { cookie, body: { content } });
  expect(r.status).toBe(201);
  return r.body.id as number;
}
const approvePost = async (id: number, cookie = mod) =>
  expect((await call('POST', `/api/moderation/posts/${id}/approve`, { cookie })).status).toBe(200);

/** Nothing in an answer that names a person: no user id, email or last name of anyone. */
function expectNoIdentity(body: unknown) {
  const text = JSON.stringify(body);
  for (const id of ['n:admin', 'n:alice', 'n:bea', 'n:cat', 'n:mod', 'n:staff']) expect(text).not.toContain(id);
  for (const word of [
    '@example.test',
    '@school.example',
    'Archer',
    'Brightwater',
    'Carmichael',
    'Moderator',
    'userId',
    'email',
    'lastName',
  ])
    expect(text).not.toContain(word);
}

describe('replies', () => {
  it('a reply notifies the thread starter and earlier repliers at approval, never its writer, with the first name only', async () => {
    const threadId = await approvedThread(alice, 'Marking policies across London');
    // Her own thread's approval told her; a moderator's action is never the author's own.
    expect(await kindsOf(alice)).toEqual(['thread_approved']);
    const p1 = await reply(bea, threadId, 'We mark every other week');
    // Pending: nothing yet for anyone.
    expect(count("select count(*) n from notifications where kind = 'reply' and subject_id = ?", p1)).toBe(0);
    await approvePost(p1);
    const a = await inbox(alice);
    expect(a.notifications[0]).toMatchObject({
      kind: 'reply',
      subjectType: 'post',
      subjectId: p1,
      thread: { id: threadId, title: 'Marking policies across London' },
      school: null,
      actorFirstName: 'Bea',
      reason: null,
      link: `/forum/threads/${threadId}`,
      readAt: null,
    });
    expect(a.unread).toBe(2);
    expectNoIdentity(a);
    // Bea wrote it: nothing for her (she now watches the thread).
    expect(await kindsOf(bea)).toEqual([]);
    // Cat replies: Alice and Bea hear of it, Cat does not.
    const p2 = await reply(cat, threadId, 'Weekly here, with whole-class feedback');
    await approvePost(p2);
    expect((await inbox(alice)).notifications.filter((n) => n.kind === 'reply').map((n) => n.subjectId)).toEqual([p2, p1]);
    expect((await inbox(bea)).notifications.map((n) => [n.kind, n.subjectId, n.actorFirstName])).toEqual([['reply', p2, 'Cat']]);
    expect(await kindsOf(cat)).toEqual([]);
  });

  it('the moderator who approves a reply is not told of it, and the thread author replying to her own thread hears nothing', async () => {
    const threadId = await approvedThread(mod, 'A moderator asks a question');
    expect(await kindsOf(mod)).toEqual([]); // she approved her own thread
    const p = await reply(alice, threadId, 'Here is an answer for you');
    await approvePost(p, mod);
    expect((await inbox(mod)).notifications.filter((n) => n.subjectId === p)).toEqual([]);
    const own = await reply(mod, threadId, 'Thanks, that helps a lot');
    await approvePost(own, admin);
    expect((await inbox(alice)).notifications.filter((n) => n.subjectId === own).map((n) => n.kind)).toEqual(['reply']);
    expect((await inbox(mod)).notifications.filter((n) => n.subjectId === own)).toEqual([]);
  });

  it('unwatch beats the automatic watch: replying again does not watch the thread again', async () => {
    const threadId = await approvedThread(alice, 'Unwatch me please');
    expect((await call('GET', `/api/forum/threads/${threadId}/watch`, { cookie: alice })).body).toEqual({ threadId, watching: true });
    expect((await call('DELETE', `/api/forum/threads/${threadId}/watch`, { cookie: alice })).body).toEqual({ threadId, watching: false });
    await approvePost(await reply(alice, threadId, 'One more thought from me'));
    expect((await call('GET', `/api/forum/threads/${threadId}/watch`, { cookie: alice })).body.watching).toBe(false);
    const p = await reply(bea, threadId, 'A reply nobody watches');
    await approvePost(p);
    expect((await inbox(alice)).notifications.filter((n) => n.subjectId === p)).toEqual([]);
    // Watching any thread she can see; Cat watches without writing anything.
    expect((await call('POST', `/api/forum/threads/${threadId}/watch`, { cookie: cat })).body).toEqual({ threadId, watching: true });
    const p2 = await reply(bea, threadId, 'A reply Cat hears of');
    await approvePost(p2);
    expect((await inbox(cat)).notifications.filter((n) => n.subjectId === p2).map((n) => n.kind)).toEqual(['reply']);
    // A thread she cannot see (pending, someone else's) answers as a missing one; signed out 401; a bad id 400.
    const pending = await call('POST', '/api/forum/threads', {
      cookie: bea,
      body: { title: 'Still pending here', content: 'Not yet approved', categoryId: category.id },
    });
    expect(await call('POST', `/api/forum/threads/${pending.body.id}/watch`, { cookie: cat })).toMatchObject({
      status: 404,
      body: { error: 'Thread not found' },
    });
    expect((await call('POST', `/api/forum/threads/${threadId}/watch`)).status).toBe(401);
    expect(await call('POST', '/api/forum/threads/abc/watch', { cookie: cat })).toMatchObject({
      status: 400,
      body: { error: 'Invalid input', fields: { id: 'Id must be a number' } },
    });
  });

  it('a reply hidden by reports and approved again does not notify twice', async () => {
    const threadId = await approvedThread(alice, 'Hide and approve again');
    const p = await reply(bea, threadId, 'This reply will be reported');
    await approvePost(p);
    const before = count("select count(*) n from notifications where kind = 'reply' and subject_id = ?", p);
    expect(before).toBe(1);
    // Two reports (the threshold here) hide it; approving it from the reports list shows it again.
    for (const cookie of [cat, mod])
      expect((await call('POST', '/api/reports', { cookie, body: { kind: 'reply', id: p, reason: 'Off topic' } })).status).toBe(201);
    expect(count('select is_approved n from forum_posts where id = ?', p)).toBe(0);
    expect((await call('POST', `/api/moderation/reports/reply/${p}/approve`, { cookie: admin })).status).toBe(200);
    expect(count('select is_approved n from forum_posts where id = ?', p)).toBe(1);
    expect(count("select count(*) n from notifications where kind = 'reply' and subject_id = ?", p)).toBe(1);
    // And the ordinary approve again: still once.
    await approvePost(p, admin);
    expect(count("select count(*) n from notifications where kind = 'reply' and subject_id = ?", p)).toBe(1);
    // The reporters heard their report was decided: kept, with the thread to go to, and no reason.
    const c = (await inbox(cat)).notifications.find((n) => n.kind === 'report_kept' && n.subjectId === p)!;
    expect(c).toMatchObject({ subjectType: 'post', thread: { id: threadId }, reason: null, link: `/forum/threads/${threadId}` });
  });
});

describe('her own contributions decided', () => {
  it('a review approved names nobody; a rejection carries the reason; approving it again after reports does not repeat', async () => {
    const r1 = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: alice, body: review })).body.id as number;
    expect(count("select count(*) n from notifications where subject_type = 'review' and subject_id = ?", r1)).toBe(0);
    expect((await call('POST', `/api/moderation/reviews/${r1}/approve`, { cookie: admin })).status).toBe(200);
    const n = (await inbox(alice)).notifications.find((x) => x.kind === 'review_approved')!;
    expect(n).toMatchObject({
      subjectId: r1,
      school: { id: school.id, name: school.name },
      actorFirstName: null,
      reason: null,
      link: `/schools/${school.id}`,
    });
    expectNoIdentity(n);
    // Hidden by two reports, kept by an admin: visible again, no second "approved".
    for (const cookie of [bea, cat])
      expect((await call('POST', '/api/reports', { cookie, body: { kind: 'review', id: r1, reason: 'Unfair' } })).status).toBe(201);
    expect(db.select().from(reviews).where(eq(reviews.id, r1)).get()!.isApproved).toBe(false);
    expect((await call('POST', `/api/moderation/reports/review/${r1}/approve`, { cookie: admin })).status).toBe(200);
    expect(count("select count(*) n from notifications where kind = 'review_approved' and subject_id = ?", r1)).toBe(1);
    expect((await inbox(bea)).notifications.filter((x) => x.subjectId === r1).map((x) => x.kind)).toEqual(['report_kept']);

    const r2 = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: alice, body: review })).body.id as number;
    expect(
      (await call('POST', `/api/moderation/reviews/${r2}/reject`, { cookie: admin, body: { reason: 'Please leave out names' } })).status,
    ).toBe(200);
    expect((await inbox(alice)).notifications.find((x) => x.subjectId === r2)).toMatchObject({
      kind: 'review_rejected',
      reason: 'Please leave out names',
      link: '/dashboard?tab=activity',
    });
  });

  it('her thread approved or rejected with the reason', async () => {
    const t = await call('POST', '/api/forum/threads', {
      cookie: bea,
      body: { title: 'A thread to refuse', content: 'Some content for it', categoryId: category.id },
    });
    expect(
      (await call('POST', `/api/moderation/threads/${t.body.id}/reject`, { cookie: mod, body: { reason: 'Duplicate of another thread' } }))
        .status,
    ).toBe(200);
    expect((await inbox(bea)).notifications.find((x) => x.subjectId === t.body.id)).toMatchObject({
      kind: 'thread_rejected',
      subjectType: 'thread',
      reason: 'Duplicate of another thread',
      thread: { id: t.body.id, title: 'A thread to refuse' },
    });
  });

  it('her interview removed after reports, with the reason; its reporters hear it was removed', async () => {
    expect((await call('POST', `/api/schools/${school.id}/interviews`, { cookie: cat, body: interview })).status).toBe(201);
    const id = db.select().from(interviewExperiences).where(eq(interviewExperiences.userId, 'n:cat')).get()!.id;
    expect(
      (await call('POST', '/api/reports', { cookie: alice, body: { kind: 'interview', id, reason: 'Names a candidate' } })).status,
    ).toBe(201);
    expect(
      (await call('POST', `/api/moderation/reports/interview/${id}/reject`, { cookie: admin, body: { reason: 'It named a candidate' } }))
        .status,
    ).toBe(200);
    expect((await inbox(cat)).notifications.find((x) => x.subjectType === 'interview')).toMatchObject({
      kind: 'interview_removed',
      subjectId: id,
      reason: 'It named a candidate',
      school: { id: school.id },
    });
    const told = (await inbox(alice)).notifications.find((x) => x.subjectType === 'interview')!;
    expect(told).toMatchObject({ kind: 'report_removed', subjectId: id, reason: null, school: { id: school.id } });
    expectNoIdentity(told);
  });

  it("a school's response to her review, once published (not when written), naming the school; the school learns nothing of her", async () => {
    const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: bea, body: review })).body.id as number;
    expect((await call('POST', `/api/moderation/reviews/${r}/approve`, { cookie: admin })).status).toBe(200);
    const put = await call('PUT', `/api/reviews/${r}/response`, {
      cookie: staffCookie,
      body: { body: 'Thank you, we are working on it.' },
    });
    expect(put.status).toBe(200);
    expectNoIdentity(put.body);
    expect(count("select count(*) n from notifications where kind = 'response_published' and subject_id = ?", r)).toBe(0);
    const responseId = count('select id n from review_responses where review_id = ?', r);
    expect((await call('POST', `/api/moderation/responses/${responseId}/approve`, { cookie: admin })).status).toBe(200);
    const n = (await inbox(bea)).notifications.find((x) => x.kind === 'response_published')!;
    expect(n).toMatchObject({
      subjectType: 'review',
      subjectId: r,
      school: { id: school.id, name: school.name },
      link: `/schools/${school.id}`,
    });
    // An edit approved later is the same response: no second notification.
    await call('PUT', `/api/reviews/${r}/response`, { cookie: staffCookie, body: { body: 'Thank you again, an update.' } });
    expect((await call('POST', `/api/moderation/responses/${responseId}/approve`, { cookie: admin })).status).toBe(200);
    expect(count("select count(*) n from notifications where kind = 'response_published' and subject_id = ?", r)).toBe(1);
    // The school side has no notification about her, and nothing it reads names her.
    expect((await inbox(staffCookie)).notifications).toEqual([]);
  });

  it('the quote kind is accepted by the database, an unknown kind is not (quoting itself: quotes.test.ts)', () => {
    db.insert(notifications).values({ userId: 'n:cat', kind: 'quote', subjectType: 'post', subjectId: 999_999, createdAt: NOW }).run();
    expect(() =>
      db.$client
        .prepare("insert into notifications (user_id, kind, subject_type, subject_id) values ('n:cat', 'mention', 'post', 1)")
        .run(),
    ).toThrow(/CHECK constraint failed/);
    db.delete(notifications).where(eq(notifications.subjectId, 999_999)).run();
  });
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('pages by keyset (Link and next), newest first, with the unread count over all pages', async () => {
    const all = await inbox(alice, '?limit=100');
    expect(all.notifications.length).toBeGreaterThanOrEqual(5);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `/api/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { cookie: alice });
      expect(res.status).toBe(200);
      expect(res.body.notifications.length).toBeLessThanOrEqual(2);
      expect(res.body.unread).toBe(all.unread);
      if (res.body.next) expect(res.headers.get('link')).toContain(`cursor=${res.body.next}`);
      seen.push(...res.body.notifications.map((n: Item) => n.id));
      cursor = res.body.next;
    } while (cursor);
    expect(seen).toEqual(all.notifications.map((n) => n.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(await call('GET', '/api/notifications?cursor=bogus', { cookie: alice })).toMatchObject({
      status: 400,
      body: { fields: { cursor: 'Invalid cursor' } },
    });
    expect(await call('GET', '/api/notifications?limit=0', { cookie: alice })).toMatchObject({
      status: 400,
      body: { error: 'Invalid query', fields: { limit: 'Limit must be at least 1' } },
    });
    expect((await call('GET', '/api/notifications')).status).toBe(401);
  });

  it('answers per user, never kept for anyone else, and its screen is not indexed', async () => {
    const res = await app.request('/api/notifications', { headers: { Cookie: alice } });
    expect(res.headers.get('cache-control')).toMatch(/no-store|private/);
    expect(res.headers.get('x-cache')).not.toBe('hit');
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-policy': unknown }>>;
    };
    expect(doc.paths['/api/notifications'].get['x-policy']).toMatchObject({
      access: 'user',
      cache: 'owner',
      page: { path: '/notifications', index: false },
    });
  });

  it('marks ids read, refuses another user’s id with 404 (marking nothing), then all', async () => {
    const { notifications: items, unread } = await inbox(alice, '?limit=100');
    expect(unread).toBeGreaterThanOrEqual(3);
    const [first, second] = items.filter((n) => n.readAt === null);
    const res = await call('POST', '/api/notifications/read', { cookie: alice, body: { ids: [first.id] } });
    expect(res).toMatchObject({ status: 200, body: { read: 1, unread: unread - 1 } });
    // Bea's id mixed in: 404 as a missing one, and Alice's own id in the same request is not marked.
    const beas = (await inbox(bea)).notifications[0].id;
    expect(await call('POST', '/api/notifications/read', { cookie: alice, body: { ids: [second.id, beas] } })).toMatchObject({
      status: 404,
      body: { error: 'Notification not found' },
    });
    expect((await inbox(alice)).unread).toBe(unread - 1);
    expect((await inbox(bea)).notifications[0].readAt).toBeNull();
    for (const body of [{}, { ids: [] }, { ids: [1], all: true }, { all: false }, { ids: ['x'] }]) {
      const bad = await call('POST', '/api/notifications/read', { cookie: alice, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ error: 'Invalid input', fields: expect.any(Object) });
    }
    expect(await call('POST', '/api/notifications/read', { cookie: alice, body: {} })).toMatchObject({
      body: { fields: { ids: 'Give either ids or all: true' } },
    });
    expect(await call('POST', '/api/notifications/read', { cookie: alice, body: { all: true } })).toMatchObject({
      status: 200,
      body: { read: unread - 1, unread: 0 },
    });
    expect((await inbox(alice)).notifications.every((n) => n.readAt !== null)).toBe(true);
    expect((await call('POST', '/api/notifications/read', { body: { all: true } })).status).toBe(401);
  });
});

describe('preferences', () => {
  it('in the app only by default; set per topic; a bad value is a field error', async () => {
    expect((await call('GET', '/api/notifications/preferences', { cookie: cat })).body).toEqual({
      replies: 'app',
      moderation: 'app',
      responses: 'app',
      reports: 'app',
    });
    expect(
      await call('PUT', '/api/notifications/preferences', { cookie: cat, body: { replies: 'push', reports: 'weekly' } }),
    ).toMatchObject({
      status: 200,
      body: { replies: 'push', moderation: 'app', responses: 'app', reports: 'weekly' },
    });
    expect(await call('PUT', '/api/notifications/preferences', { cookie: cat, body: { replies: 'hourly' } })).toMatchObject({
      status: 400,
      body: { error: 'Invalid input', fields: { replies: 'Must be one of: app, push, daily, weekly' } },
    });
    expect((await call('PUT', '/api/notifications/preferences', { cookie: cat, body: { gossip: 'push' } })).status).toBe(400);
  });
});

describe('export and account deletion', () => {
  it('the export lists her notifications, watches and preferences; deletion removes them and her name from others’ notifications', async () => {
    const threadId = await approvedThread(cat, 'Cat leaves soon');
    const p = await reply(bea, threadId, 'Bea answers Cat');
    await approvePost(p);
    const p2 = await reply(cat, threadId, 'Cat answers back');
    await approvePost(p2);
    expect((await inbox(bea)).notifications.find((n) => n.subjectId === p2)?.actorFirstName).toBe('Cat');
    const data = exportUserData(db, 'n:cat', null, NOW);
    expect(data.notifications.length).toBe(count("select count(*) n from notifications where user_id = 'n:cat'"));
    expect(data.notifications.find((n) => n.subjectId === p)).toMatchObject({ kind: 'reply', actorFirstName: 'Bea', threadId });
    expect(JSON.stringify(data.notifications)).not.toContain('n:bea');
    expect(data.threadWatches).toEqual(expect.arrayContaining([{ threadId, watching: true, createdAt: NOW, updatedAt: NOW }]));
    expect(data.notificationPreferences.map((x) => [x.topic, x.delivery]).sort()).toEqual([
      ['replies', 'push'],
      ['reports', 'weekly'],
    ]);
    const mine = count("select count(*) n from notifications where user_id = 'n:cat'");
    const result = deleteAccount(db, 'n:cat');
    expect(result.removed).toMatchObject({ notifications: mine, notification_preferences: 2 });
    expect(result.removed.thread_watches).toBeGreaterThanOrEqual(1);
    for (const table of ['notifications', 'thread_watches', 'notification_preferences'])
      expect(count(`select count(*) n from ${table} where user_id = 'n:cat'`), table).toBe(0);
    // Bea's notification of Cat's reply stays, without Cat's name (the forum no longer shows it either).
    expect((await inbox(bea)).notifications.find((n) => n.subjectId === p2)).toMatchObject({ kind: 'reply', actorFirstName: null });
  });
});
