// An author changes or takes back what she wrote (decision 2020): each route for the author, the
// 404 for anyone else, 401 for a visitor, 400 with the product's fields, nothing written on a
// refusal; a published review's edit waits beside the published one until a moderator decides;
// placeholders for deleted replies and threads; the kept figures follow.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, forumThreads, reviews, salaries, schools, schoolStats } from '../../db/schema';
import { recountMismatches } from '../../db/kept-figures';
import { ok, signIn, testApp, withCookie } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy, interviewToEdit, reviewToEdit } from '../../test/moderated';
import { publishSalaries } from '../salaries/salaries.service';

const NOW = new Date('2026-11-26T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
/** What people read, typed by the routes. */
const reviewOf = async (schoolId: number, id: number) =>
  (await ok(client.schools[':id'].reviews.$get({ param: { id: String(schoolId) }, query: {} }))).find((r) => r.id === id);
const activityOf = (cookie: string) => ok(client.me.activity.$get(undefined, withCookie(cookie)));
const threadOf = (id: number) => ok(client.forum.threads[':id'].$get({ param: { id: String(id) } }));
const n = (table: string) => (db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
const snapshot = () =>
  ['reviews', 'interview_experiences', 'salaries', 'forum_threads', 'forum_posts', 'contribution_revisions'].map((t) => [
    t,
    n(t),
    JSON.stringify(db.$client.prepare(`select * from ${t} order by id`).all()),
  ]);
const ada = signIn(db, { id: 'own:ada', email: 'ada@example.test', firstName: 'Ada' });
const bob = signIn(db, { id: 'own:bob', email: 'bob@example.test', firstName: 'Bob' });
const admin = signIn(db, { id: 'own:admin', email: 'admin@example.test', firstName: 'Root' });
const [school] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(1).all();
const category = db.select().from(forumCategories).all()[0];
const stats = () => db.select().from(schoolStats).where(eq(schoolStats.schoolId, school.id)).get()!;

const review = reviewToEdit;
const interview = interviewToEdit;
const salary = {
  jobTitle: 'Secondary Teacher',
  schoolType: 'State School',
  borough: 'Camden',
  yearsExperience: '3-5 years',
  annualSalary: 42000,
};

const approved = approvedBy(call, admin);
const approvedReview = () => approved.review(ada, school.id, review);
const approvedThread = (cookie = ada) =>
  approved.thread(cookie, { title: 'Cover for PPA', content: 'How is PPA cover done where you work?', categoryId: category.id });
const approvedReply = (threadId: number, cookie: string, parentPostId?: number) =>
  approved.reply(cookie, threadId, { content: 'By cover supervisors mostly', parentPostId });

describe('refusals: another member 404, a visitor 401, bad input 400; nothing written', () => {
  it('for every edit and delete route', async () => {
    const reviewId = await approvedReview();
    const interviewId = (await call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview })).body.id;
    const salaryId = (await call('POST', '/api/salaries', { cookie: ada, body: salary })).body.id;
    const threadId = await approvedThread();
    const postId = await approvedReply(threadId, ada);
    const routes: [string, string, unknown, string][] = [
      ['PATCH', `/api/reviews/${reviewId}`, { pros: 'Better than I first wrote' }, 'Review'],
      ['DELETE', `/api/reviews/${reviewId}`, undefined, 'Review'],
      ['PATCH', `/api/interviews/${interviewId}`, { outcome: 'No Offer' }, 'Interview'],
      ['DELETE', `/api/interviews/${interviewId}`, undefined, 'Interview'],
      ['DELETE', `/api/salaries/${salaryId}`, undefined, 'Salary'],
      ['PATCH', `/api/forum/threads/${threadId}`, { title: 'A new title' }, 'Thread'],
      ['DELETE', `/api/forum/threads/${threadId}`, undefined, 'Thread'],
      ['PATCH', `/api/forum/posts/${postId}`, { content: 'Changed words' }, 'Reply'],
      ['DELETE', `/api/forum/posts/${postId}`, undefined, 'Reply'],
    ];
    const before = snapshot();
    for (const [method, path, body, thing] of routes) {
      const other = await call(method, path, { cookie: bob, body });
      expect({ path, method, status: other.status, body: other.body }).toEqual({
        path,
        method,
        status: 404,
        body: { error: `${thing} not found` },
      });
      const missing = await call(method, path.replace(/\d+$/, '999999'), { cookie: ada, body });
      expect(missing).toMatchObject({ status: 404, body: { error: `${thing} not found` } });
      expect((await call(method, path, { body })).status).toBe(401);
    }
    const bad: [string, unknown, Record<string, string>][] = [
      [
        `/api/reviews/${reviewId}`,
        { pros: 'short', overallRating: 9 },
        { pros: 'Please provide at least 10 characters', overallRating: 'Rating must be between 1 and 5' },
      ],
      [
        `/api/interviews/${interviewId}`,
        { processDescription: 'too short' },
        { processDescription: 'Please provide at least 20 characters' },
      ],
      [`/api/forum/threads/${threadId}`, { title: '' }, { title: 'Title is required' }],
      [`/api/forum/posts/${postId}`, { content: '   ' }, { content: 'Content is required' }],
      [`/api/reviews/${reviewId}`, {}, { _: 'Change at least one field' }],
    ];
    for (const [path, body, fields] of bad) {
      const res = await call('PATCH', path, { cookie: ada, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid input');
      expect(Object.keys(res.body.fields).sort()).toEqual(Object.keys(fields).sort());
    }
    expect(snapshot()).toEqual(before);
  });
});

describe('a published review: the edit waits, the published text stays', () => {
  it('until an admin approves it (figures move then), and a refusal keeps the old one with a reason', async () => {
    const id = await approvedReview();
    const figures = stats();
    const edit = await call('PATCH', `/api/reviews/${id}`, {
      cookie: ada,
      body: { pros: 'Kind colleagues, calm staff room, good CPD', overallRating: 2 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      id,
      status: 'approved',
      pros: review.pros,
      overallRating: 4,
      pendingEdit: { fields: { pros: 'Kind colleagues, calm staff room, good CPD', overallRating: 2, cons: review.cons } },
    });
    expect(edit.body).not.toHaveProperty('userId');
    const listed = await reviewOf(school.id, id);
    expect(listed?.pros).toBe(review.pros);
    expect(stats()).toEqual(figures);
    // A second edit changes the waiting one (one per review), not the published text.
    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { cons: 'Marking load is heavy, parking is hard' } });
    expect(n("contribution_revisions where kind = 'review' and state = 'pending' and target_id = " + id)).toBe(1);

    const queue = await ok(client.moderation.queue.$get(undefined, withCookie(admin)));
    const side = queue.edits.find((e) => e.kind === 'review' && e.id === id);
    expect(side).toMatchObject({
      published: { pros: review.pros, overallRating: 4 },
      proposed: { pros: 'Kind colleagues, calm staff room, good CPD', overallRating: 2, cons: 'Marking load is heavy, parking is hard' },
    });
    expect(queue.reviews.map((r) => r.id)).not.toContain(id);
    expect((await call('POST', `/api/moderation/edits/reviews/${id}/approve`, { cookie: bob })).status).toBe(403);

    expect((await call('POST', `/api/moderation/edits/reviews/${id}/approve`, { cookie: admin })).body).toEqual({
      kind: 'review',
      id,
      edit: 'approved',
    });
    const after = await reviewOf(school.id, id);
    expect(after).toMatchObject({ pros: 'Kind colleagues, calm staff room, good CPD', overallRating: 2 });
    expect(stats().overallSum).toBe(figures.overallSum - 2);
    expect(stats().reviewCount).toBe(figures.reviewCount);
    expect(recountMismatches(db)).toEqual([]);

    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { pros: 'Something I would rather not publish' } });
    const refused = await call('POST', `/api/moderation/edits/reviews/${id}/reject`, {
      cookie: admin,
      body: { reason: 'Names a colleague' },
    });
    expect(refused.body).toEqual({ kind: 'review', id, edit: 'rejected' });
    expect(db.select().from(reviews).where(eq(reviews.id, id)).get()!.pros).toBe('Kind colleagues, calm staff room, good CPD');
    const mine = (await activityOf(ada)).reviews.find((r) => r.id === id);
    expect(mine?.edit).toMatchObject({ status: 'rejected', reason: 'Names a colleague' });
    expect((await call('POST', `/api/moderation/edits/reviews/${id}/approve`, { cookie: admin })).status).toBe(404);
  });

  it('a review not yet published is changed in place and waits again; delete moves the figures and removes its reports', async () => {
    const made = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, body: review });
    await call('POST', `/api/moderation/reviews/${made.body.id}/reject`, { cookie: admin, body: { reason: 'Too vague' } });
    const edit = await call('PATCH', `/api/reviews/${made.body.id}`, { cookie: ada, body: { cons: 'Marking load and a long commute' } });
    expect(edit.body).toMatchObject({
      status: 'pending',
      cons: 'Marking load and a long commute',
      rejectionReason: null,
      pendingEdit: null,
    });

    const id = await approvedReview();
    await call('POST', '/api/reports', { cookie: bob, body: { kind: 'review', id, reason: 'Unfair' } });
    const figures = stats();
    const del = await call('DELETE', `/api/reviews/${id}`, { cookie: ada });
    expect(del.body).toEqual({ kind: 'review', id, deleted: true });
    expect(stats().reviewCount).toBe(figures.reviewCount - 1);
    expect(n(`reports where kind = 'review' and target_id = ${id}`)).toBe(0);
    expect(recountMismatches(db)).toEqual([]);
  });
});

describe('interviews', () => {
  it('an edit waits while the published one stays; approval swaps it in; delete removes it', async () => {
    const made = await call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview });
    const id = made.body.id;
    const edit = await call('PATCH', `/api/interviews/${id}`, { cookie: ada, body: { outcome: 'No Offer' } });
    expect(edit.body).toMatchObject({
      id,
      outcome: 'Offer',
      pendingEdit: { fields: { outcome: 'No Offer', interviewDifficulty: 'Medium' } },
    });
    const shown = async () =>
      (await ok(client.schools[':id'].interviews.$get({ param: { id: String(school.id) }, query: {} }))).find((i) => i.id === id);
    expect((await shown())?.outcome).toBe('Offer');
    await call('POST', `/api/moderation/edits/interviews/${id}/approve`, { cookie: admin });
    expect((await shown())?.outcome).toBe('No Offer');
    const count = stats().interviewCount;
    expect((await call('DELETE', `/api/interviews/${id}`, { cookie: ada })).body).toEqual({ kind: 'interview', id, deleted: true });
    expect(await shown()).toBeUndefined();
    expect(stats().interviewCount).toBe(count - 1);
    expect(n(`contribution_revisions where kind = 'interview' and target_id = ${id}`)).toBe(0);
  });
});

describe('salaries', () => {
  it('one held back is deleted; a published one leaves the figures only at a batch with at least k changes in its groups', async () => {
    const held = (await call('POST', '/api/salaries', { cookie: ada, body: salary })).body.id;
    expect((await call('DELETE', `/api/salaries/${held}`, { cookie: ada })).body).toEqual({
      kind: 'salary',
      id: held,
      deleted: true,
      leavesPublishedFigures: false,
    });
    expect(db.select().from(salaries).where(eq(salaries.id, held)).get()).toBeUndefined();

    const role = 'Headteacher';
    const mine = (
      await call('POST', '/api/salaries', {
        cookie: ada,
        body: { ...salary, jobTitle: role, yearsExperience: '16+ years', annualSalary: 120000 },
      })
    ).body.id;
    // Published with four others of her cell (role, borough, phase, band: decision 1425).
    for (let i = 0; i < 4; i++)
      await call('POST', '/api/salaries', {
        cookie: bob,
        body: { ...salary, jobTitle: role, yearsExperience: '16+ years', annualSalary: 125000 + i * 1000 },
      });
    publishSalaries(db, NOW);
    expect(db.select().from(salaries).where(eq(salaries.id, mine)).get()!.publishedAt).not.toBeNull();
    const published = (await call('GET', '/api/salaries/stats')).body;
    const del = await call('DELETE', `/api/salaries/${mine}`, { cookie: ada });
    expect(del.body).toEqual({ kind: 'salary', id: mine, deleted: true, leavesPublishedFigures: true });
    // Not hers any more, and the published figures did not move.
    expect((await call('DELETE', `/api/salaries/${mine}`, { cookie: ada })).status).toBe(404);
    expect((await activityOf(ada)).salaries.map((s) => s.id)).not.toContain(mine);
    expect((await call('GET', '/api/salaries/stats')).body).toEqual(published);
    // A batch alone cannot take one submission out of a group (it would show by difference)...
    publishSalaries(db, new Date(NOW.getTime() + 86_400_000));
    expect(db.select().from(salaries).where(eq(salaries.id, mine)).get()).toBeDefined();
    // ...but with k changes in each of its groups it leaves.
    for (let i = 0; i < 4; i++)
      await call('POST', '/api/salaries', {
        cookie: bob,
        body: { ...salary, jobTitle: role, yearsExperience: '16+ years', annualSalary: 110000 + i * 1000 },
      });
    const batch = publishSalaries(db, new Date(NOW.getTime() + 2 * 86_400_000));
    expect(batch).toMatchObject({ published: 4, removed: 1 });
    expect(db.select().from(salaries).where(eq(salaries.id, mine)).get()).toBeUndefined();
  });
});

describe('threads and replies', () => {
  it('a small fix in the first minutes shows at once as edited; moderators read the previous version', async () => {
    const threadId = await approvedThread();
    const res = await call('PATCH', `/api/forum/threads/${threadId}`, {
      cookie: ada,
      body: { content: 'How is PPA cover arranged at your school?' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: threadId,
      title: 'Cover for PPA',
      content: 'How is PPA cover arranged at your school?',
      status: 'approved',
      editedAt: NOW.toISOString(),
    });
    const postId = await approvedReply(threadId, bob);
    const p = await call('PATCH', `/api/forum/posts/${postId}`, { cookie: bob, body: { content: 'Mostly by cover supervisors' } });
    expect(p.body).toMatchObject({ id: postId, content: 'Mostly by cover supervisors', editedAt: NOW.toISOString(), status: 'approved' });
    const versions = await call('GET', `/api/moderation/threads/${threadId}/versions`, { cookie: admin });
    expect(versions.body).toEqual({
      kind: 'thread',
      id: threadId,
      versions: [{ title: 'Cover for PPA', content: 'How is PPA cover done where you work?', replacedAt: NOW.toISOString() }],
    });
    expect((await call('GET', `/api/moderation/posts/${postId}/versions`, { cookie: admin })).body.versions[0].content).toBe(
      'By cover supervisors mostly',
    );
    expect((await call('GET', `/api/moderation/posts/${postId}/versions`, { cookie: ada })).status).toBe(403);
  });

  it('a deleted reply leaves a placeholder its answers hang on; the counts stay; a deleted thread with replies keeps them', async () => {
    const threadId = await approvedThread();
    const first = await approvedReply(threadId, bob);
    const answer = await approvedReply(threadId, ada, first);
    const before = db.select().from(forumThreads).where(eq(forumThreads.id, threadId)).get()!;
    expect((await call('DELETE', `/api/forum/posts/${first}`, { cookie: bob })).body).toEqual({
      kind: 'reply',
      id: first,
      deleted: true,
      placeholder: true,
    });
    const page = await threadOf(threadId);
    const placeholder = page.replies.find((r) => r.id === first);
    expect(placeholder).toMatchObject({ content: '', deletedAt: NOW.toISOString(), user: { firstName: null } });
    expect(page.replies.find((r) => r.id === answer)).toMatchObject({ parentPostId: first, content: 'By cover supervisors mostly' });
    expect(db.select().from(forumThreads).where(eq(forumThreads.id, threadId)).get()!.replyCount).toBe(before.replyCount);
    expect((await call('PATCH', `/api/forum/posts/${first}`, { cookie: bob, body: { content: 'back again' } })).status).toBe(404);
    expect(
      (
        await call('POST', `/api/forum/threads/${threadId}/posts`, {
          cookie: ada,
          body: { content: 'To the deleted one', parentPostId: first },
        })
      ).status,
    ).toBe(400);

    expect((await call('DELETE', `/api/forum/threads/${threadId}`, { cookie: ada })).body).toEqual({
      kind: 'thread',
      id: threadId,
      deleted: true,
      placeholder: true,
    });
    const kept = (await call('GET', `/api/forum/threads/${threadId}`)).body;
    expect(kept).toMatchObject({ title: 'Deleted thread', content: '', user: { firstName: null } });
    expect(kept.replies).toHaveLength(2);
    expect((await call('POST', `/api/forum/threads/${threadId}/posts`, { cookie: bob, body: { content: 'Anyone?' } })).status).toBe(423);
    const search = (await ok(client.forum.threads.$get({ query: { search: 'PPA' } }))).map((t) => t.id);
    expect(search).not.toContain(threadId);
    expect(recountMismatches(db)).toEqual([]);
  });

  it('a thread nobody answered goes altogether', async () => {
    const threadId = await approvedThread();
    const before = n('forum_threads');
    expect((await call('DELETE', `/api/forum/threads/${threadId}`, { cookie: ada })).body).toEqual({
      kind: 'thread',
      id: threadId,
      deleted: true,
      placeholder: false,
    });
    expect(n('forum_threads')).toBe(before - 1);
    expect((await call('GET', `/api/forum/threads/${threadId}`)).status).toBe(404);
    expect(recountMismatches(db)).toEqual([]);
  });

  it('a repeated delete with the same Idempotency-Key answers the same and writes nothing more', async () => {
    const threadId = await approvedThread();
    const once = await call('DELETE', `/api/forum/threads/${threadId}`, { cookie: ada, key: 'del-1' });
    const again = await call('DELETE', `/api/forum/threads/${threadId}`, { cookie: ada, key: 'del-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(once.body);
  });
});

describe('her data', () => {
  it('the export carries her waiting edits and earlier versions; deleting the account removes them and leaves the published review unlinked', async () => {
    const cara = signIn(db, { id: 'own:cara', email: 'cara@example.test', firstName: 'Cara' });
    const made = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: cara, body: review });
    await call('POST', `/api/moderation/reviews/${made.body.id}/approve`, { cookie: admin });
    await call('PATCH', `/api/reviews/${made.body.id}`, { cookie: cara, body: { pros: 'A waiting edit of my own review' } });
    const data = (await call('GET', '/api/me/export', { cookie: cara })).body;
    const versions = data.other.contribution_revisions;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ kind: 'review', target_id: made.body.id, state: 'pending' });
    expect(JSON.parse(versions[0].body).pros).toBe('A waiting edit of my own review');
    expect((await call('DELETE', '/api/me', { cookie: cara, body: { confirm: 'DELETE' } })).status).toBe(200);
    expect(n("contribution_revisions where user_id = 'own:cara'")).toBe(0);
    expect(n(`contribution_revisions where target_id = ${made.body.id} and kind = 'review'`)).toBe(0);
    expect(db.select().from(reviews).where(eq(reviews.id, made.body.id)).get()).toMatchObject({ userId: null, pros: review.pros });
  });
});
