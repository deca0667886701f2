// Reports (issue 14; decision 1422): one per user and item, rate-limited, hidden from the public at
// the threshold until a moderator decides; reported items in the moderation queue with their reports.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, forumModerators, schools } from '../../db/schema';
import { createApp } from '../app';
import { signIn, testApp } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app } = testApp({ now: NOW, rateLimit: false, adminEmails: ['admin@example.test'] });
const call = caller(app);
const count = (sql: string, ...args: unknown[]) => (db.$client.prepare(sql).get(...args) as { n: number }).n;
const school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
const category = db.select().from(forumCategories).limit(1).get()!;
const author = signIn(db, { id: 'rep:author', firstName: 'Ann' });
const admin = signIn(db, { id: 'rep:admin', email: 'admin@example.test' });
const mod = signIn(db, { id: 'rep:mod', email: 'mod@example.test' });
db.insert(forumModerators).values({ userId: 'rep:mod', categoryId: category.id }).run();
const readers = [1, 2, 3, 4].map((i) => signIn(db, { id: `rep:reader${i}` }));
const review = { overallRating: 1, workLifeBalanceRating: 1, compensationRating: 1, careerOpportunitiesRating: 1, cultureRating: 1, leadershipRating: 1, pros: 'Nothing at all here', cons: 'A named person is awful', jobTitle: 'Teacher', yearsAtSchool: '1-2 years', wouldRecommend: false };

async function approvedReview() {
  const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review })).body;
  expect((await call('POST', `/api/moderation/reviews/${r.id}/approve`, { cookie: admin })).status).toBe(200);
  return r.id as number;
}
const publicReviewIds = async () => (await call('GET', `/api/schools/${school.id}/reviews`)).body.map((r: any) => r.id);
const report = (cookie: string, kind: string, id: number, reason = 'Names a colleague') => call('POST', '/api/reports', { cookie, body: { kind, id, reason } });

describe('POST /api/reports', () => {
  it('records one report per user and item: 201 first, 409 on a repeat; validates; 404 unknown; 401 signed out', async () => {
    const id = await approvedReview();
    const first = await report(readers[0], 'review', id);
    expect(first).toMatchObject({ status: 201, body: { kind: 'review', id, received: true, hidden: false } });
    const again = await report(readers[0], 'review', id, 'Again');
    expect(again).toMatchObject({ status: 409, body: { error: 'You have already reported this' } });
    expect(count("select count(*) n from reports where kind = 'review' and target_id = ?", id)).toBe(1);
    const bad = await call('POST', '/api/reports', { cookie: readers[0], body: { kind: 'salary', id: 'x', reason: ' ' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Invalid input', fields: { kind: 'Choose what you are reporting', id: 'Choose what you are reporting', reason: 'Please say why you are reporting this' } } });
    expect((await report(readers[0], 'interview', 999_999)).body).toEqual({ error: 'Interview not found' });
    expect((await call('POST', '/api/reports', { body: { kind: 'review', id, reason: 'x' } })).status).toBe(401);
    expect(count('select count(*) n from reports')).toBe(1);
  });

  it('is rate-limited like other writes (429)', async () => {
    const ldb = testDb();
    const lapp = createApp({ db: ldb, now: () => NOW, rateLimit: { perMinute: 2, perDay: 100 } });
    const lcall = caller(lapp);
    const who = signIn(ldb, { id: 'rep:limited' });
    const ids = (ldb.$client.prepare('select id from interview_experiences limit 3').all() as { id: number }[]).map((r) => r.id);
    const answers = [];
    for (const id of ids) answers.push((await lcall('POST', '/api/reports', { cookie: who, body: { kind: 'interview', id, reason: 'Spam' } })).status);
    expect(answers).toEqual([201, 201, 429]);
    expect((ldb.$client.prepare('select count(*) n from reports').get() as { n: number }).n).toBe(2);
  });

  it('hides an item from the public at the third report; the queue lists it with its reports; approve restores it', async () => {
    const id = await approvedReview();
    expect(await publicReviewIds()).toContain(id);
    expect((await report(readers[0], 'review', id, 'Names a colleague')).body.hidden).toBe(false);
    expect((await report(readers[1], 'review', id, 'Personal attack')).body.hidden).toBe(false);
    expect(await publicReviewIds()).toContain(id);
    expect((await report(readers[2], 'review', id, 'Defamatory')).body.hidden).toBe(true);
    expect(await publicReviewIds()).not.toContain(id);
    const queue = (await call('GET', '/api/moderation/queue', { cookie: admin })).body;
    const item = queue.reported.find((r: any) => r.kind === 'review' && r.id === id);
    expect(item).toMatchObject({ hidden: true, reportCount: 3, content: { cons: review.cons, schoolName: school.name } });
    expect(item.reports.map((r: any) => r.reason)).toEqual(['Names a colleague', 'Personal attack', 'Defamatory']);
    expect(JSON.stringify(queue.reported)).not.toContain('rep:reader');
    // A forum moderator does not see school content reports.
    expect((await call('GET', '/api/moderation/queue', { cookie: mod })).body.reported.find((r: any) => r.kind === 'review')).toBeUndefined();
    expect((await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: mod })).status).toBe(403);
    expect((await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: readers[0] })).status).toBe(403);
    const ok = await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: admin });
    expect(ok).toMatchObject({ status: 200, body: { kind: 'review', id, decision: 'approved' } });
    expect(await publicReviewIds()).toContain(id);
    expect(count("select count(*) n from reports where kind = 'review' and target_id = ?", id)).toBe(0);
    expect(count("select count(*) n from hidden_content where kind = 'review' and target_id = ?", id)).toBe(0);
    expect(count("select count(*) n from moderation_log where action = 'reports-approve' and target_id = ?", id)).toBe(1);
    expect((await call('GET', '/api/moderation/queue', { cookie: admin })).body.reported.find((r: any) => r.kind === 'review' && r.id === id)).toBeUndefined();
  });

  it('interviews and mood comments hide at the threshold and reject removes them', async () => {
    const iv = (await call('POST', `/api/schools/${school.id}/interviews`, { cookie: author, body: { jobTitle: 'Teacher', processDescription: 'The panel insulted a named candidate', interviewDifficulty: 'Hard', outcome: 'No Offer' } })).body;
    const interviews = async () => (await call('GET', `/api/schools/${school.id}/interviews`)).body.map((r: any) => r.id);
    expect(await interviews()).toContain(iv.id);
    for (const r of readers.slice(0, 3)) await report(r, 'interview', iv.id);
    expect(await interviews()).not.toContain(iv.id);
    const reject = await call('POST', `/api/moderation/reports/interview/${iv.id}/reject`, { cookie: admin, body: { reason: 'Abusive' } });
    expect(reject).toMatchObject({ status: 200, body: { decision: 'removed' } });
    expect(count('select count(*) n from interview_experiences where id = ?', iv.id)).toBe(0);
    expect(count("select count(*) n from reports where kind = 'interview' and target_id = ?", iv.id)).toBe(0);

    const moodAuthor = signIn(db, { id: 'rep:mooder' });
    expect((await call('POST', `/api/schools/${school.id}/mood`, { cookie: moodAuthor, body: { mood: 'stressed', comment: 'The head is a liar' } })).status).toBe(201);
    const comments = async () => (await call('GET', `/api/schools/${school.id}/mood-stats`)).body.recentComments;
    const mood = (await comments()).find((m: any) => m.comment === 'The head is a liar');
    expect(mood).toMatchObject({ id: expect.any(Number) });
    for (const r of readers.slice(0, 3)) await report(r, 'mood', mood.id);
    expect((await comments()).map((m: any) => m.id)).not.toContain(mood.id);
    await call('POST', `/api/moderation/reports/mood/${mood.id}/reject`, { cookie: admin, body: { reason: 'Abusive' } });
    expect(count('select count(*) n from school_moods where id = ? and comment is null', mood.id)).toBe(1);
    expect((await comments()).map((m: any) => m.id)).not.toContain(mood.id);
  });

  it('threads and replies: category moderators decide; reject keeps them hidden with the reason for the author', async () => {
    const t = (await call('POST', '/api/forum/threads', { cookie: author, body: { title: 'Rant', content: 'Some abusive content here', categoryId: category.id } })).body;
    await call('POST', `/api/moderation/threads/${t.id}/approve`, { cookie: admin });
    const reply = (await call('POST', `/api/forum/threads/${t.id}/posts`, { cookie: author, body: { content: 'More abuse in a reply' } })).body;
    await call('POST', `/api/moderation/posts/${reply.id}/approve`, { cookie: admin });
    const visibleThread = async () => (await call('GET', `/api/forum/threads/${t.id}`)).status;
    const replyIds = async () => (await call('GET', `/api/forum/threads/${t.id}`)).body.replies?.map((r: any) => r.id) ?? [];
    expect(await replyIds()).toContain(reply.id);
    for (const r of readers.slice(0, 3)) await report(r, 'reply', reply.id);
    expect(await replyIds()).not.toContain(reply.id);
    expect((await call('GET', `/api/forum/threads/${t.id}`)).body.replyCount).toBe(0);
    for (const r of readers.slice(0, 3)) await report(r, 'thread', t.id);
    expect(await visibleThread()).toBe(404);
    const modQueue = (await call('GET', '/api/moderation/queue', { cookie: mod })).body.reported;
    expect(modQueue.map((r: any) => `${r.kind}:${r.id}`)).toEqual(expect.arrayContaining([`thread:${t.id}`, `reply:${reply.id}`]));
    expect((await call('POST', `/api/moderation/reports/thread/${t.id}/reject`, { cookie: mod, body: { reason: 'Abusive' } })).status).toBe(200);
    expect(await visibleThread()).toBe(404);
    const own = (await call('GET', `/api/forum/threads/${t.id}`, { cookie: author })).body;
    expect(own).toMatchObject({ status: 'rejected', rejectionReason: 'Abusive' });
    expect((await call('POST', `/api/moderation/reports/reply/${reply.id}/reject`, { cookie: mod })).status).toBe(400);
  });
});
