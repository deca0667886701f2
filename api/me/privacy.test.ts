// Privacy rights (decision 1421): export of everything held, sessions and "sign out
// everywhere else", and account deletion that keeps contributions with no link to the person.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, jobs, schools } from '../../db/schema';
import { createSession } from '../auth/session-store';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { interviewBody, reviewBody } from '../../test/moderated';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app } = testApp({ now: NOW, rateLimit: false });
const call = caller(app);
const count = (sql: string, ...args: unknown[]) => (db.$client.prepare(sql).get(...args) as { n: number }).n;
const school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
const job = db.select().from(jobs).limit(1).get()!;
const category = db.select().from(forumCategories).limit(1).get()!;
const review = reviewBody([4, 3, 4, 5, 4, 2], {
  pros: 'Kind colleagues everywhere',
  cons: 'Long meetings after school',
  wouldRecommend: true,
});
const interview = interviewBody('Maths teacher', 'A lesson, a panel and a tour of the school');
const salary = { jobTitle: 'SENCO', schoolType: 'Academy', borough: 'Hackney', yearsExperience: '6-10 years', annualSalary: 51_234 };

/** A user with one of every contribution, two extra sessions and a saved job. */
async function contributor(id: string) {
  const cookie = signIn(db, { id, email: `${id}@example.test`, firstName: 'Priya', lastName: 'Shah' });
  expect((await call('POST', `/api/jobs/${job.id}/save`, { cookie })).status).toBeLessThan(300);
  expect((await call('POST', `/api/schools/${school.id}/reviews`, { cookie, body: review })).status).toBe(201);
  expect((await call('POST', `/api/schools/${school.id}/interviews`, { cookie, body: interview })).status).toBe(201);
  expect((await call('POST', '/api/salaries', { cookie, body: salary })).status).toBe(201);
  expect(
    (await call('POST', `/api/schools/${school.id}/mood`, { cookie, body: { mood: 'happy', comment: 'Friendly staffroom' } })).status,
  ).toBe(201);
  const thread = await call('POST', '/api/forum/threads', {
    cookie,
    body: { title: 'Moving to London', content: 'Which boroughs are good for ECTs?', categoryId: category.id },
  });
  expect(thread.status).toBe(201);
  // Replies need an approved thread.
  db.$client.prepare('update forum_threads set is_approved = 1 where id = ?').run(thread.body.id);
  expect(
    (await call('POST', `/api/forum/threads/${thread.body.id}/posts`, { cookie, body: { content: 'Replying to myself here' } })).status,
  ).toBe(201);
  const interviewId = (db.$client.prepare('select id from interview_experiences order by id limit 1').get() as { id: number }).id;
  expect((await call('POST', '/api/reports', { cookie, body: { kind: 'interview', id: interviewId, reason: 'Spam link' } })).status).toBe(
    201,
  );
  createSession(db, id, NOW);
  createSession(db, id, NOW);
  return { cookie, threadId: thread.body.id as number };
}

describe('GET /api/me/export', () => {
  it('answers a JSON attachment with everything held about the user, and no token hashes', async () => {
    const { cookie, threadId } = await contributor('priv:export');
    const res = await app.request('/api/me/export', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="teachers-in-london-talk-my-data-2026-11-22.json"');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: 'priv:export', email: 'priv:export@example.test', firstName: 'Priya', lastName: 'Shah' });
    expect(data.sessions).toHaveLength(3);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.savedJobs).toEqual([expect.objectContaining({ jobId: job.id, jobTitle: job.title })]);
    expect(data.reviews).toEqual([expect.objectContaining({ pros: review.pros, schoolName: school.name, isApproved: false })]);
    expect(data.interviews).toEqual([expect.objectContaining({ processDescription: interview.processDescription })]);
    expect(data.salaries).toEqual([expect.objectContaining({ annualSalary: 51_234 })]);
    expect(data.moods).toEqual([expect.objectContaining({ mood: 'happy', comment: 'Friendly staffroom' })]);
    expect(data.threads).toEqual([expect.objectContaining({ title: 'Moving to London' })]);
    expect(data.replies).toEqual([expect.objectContaining({ content: 'Replying to myself here' })]);
    expect(data.reports).toEqual([expect.objectContaining({ kind: 'interview', reason: 'Spam link' })]);
    // The report's keyed hash of the reporter (decision 1422) is the service's, not part of the export.
    const { reporter_key: key } = db.$client.prepare("select reporter_key from reports where user_id = 'priv:export'").get() as {
      reporter_key: string | null;
    };
    expect(key).toEqual(expect.any(String));
    expect(text).not.toContain(key);
    expect(Object.keys(data.reports[0])).not.toContain('reporterKey');
    expect(text).not.toMatch(/reporter_?key/i);
    expect(data.alerts).toEqual([]);
    // Her watch of the thread she started and replied to (decision 2010), and no notification yet (all her own actions).
    expect(data.threadWatches).toEqual([{ threadId, watching: true, createdAt: expect.any(String), updatedAt: expect.any(String) }]);
    expect(data.notifications).toEqual([]);
    expect(data.notificationPreferences).toEqual([]);
    // Nothing of anyone else, and no secret.
    const sessionsRaw = db.$client.prepare("select sid, sess from sessions where user_id = 'priv:export'").all() as {
      sid: string;
      sess: string;
    }[];
    for (const s of sessionsRaw) {
      expect(text).not.toContain(JSON.parse(s.sess).secretHash);
      expect(text).not.toContain(s.sid);
    }
    expect(text).not.toMatch(/secretHash/);
    expect((await call('GET', '/api/me/export')).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the sessions and signs out everywhere else, keeping this one', async () => {
    const { cookie } = await contributor('priv:sessions');
    const list = await call('GET', '/api/me/sessions', { cookie });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body[0]).toMatchObject({ current: true });
    expect(Object.keys(list.body[0]).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'lastSeenAt']);
    const before = count("select count(*) n from sessions where json_extract(sess, '$.userId') = 'priv:sessions'");
    expect(before).toBe(3);
    const res = await call('POST', '/api/me/sessions/revoke-others', { cookie });
    expect(res).toMatchObject({ status: 200, body: { revoked: 2 } });
    expect(count("select count(*) n from sessions where json_extract(sess, '$.userId') = 'priv:sessions'")).toBe(1);
    expect((await call('GET', '/api/me/sessions', { cookie })).body).toEqual([expect.objectContaining({ current: true })]);
    expect((await call('POST', '/api/me/sessions/revoke-others')).status).toBe(401);
  });
});

describe('DELETE /api/me', () => {
  it('refuses without the typed confirmation, writing nothing', async () => {
    const cookie = signIn(db, { id: 'priv:careful' });
    for (const body of [{}, { confirm: 'delete' }, { confirm: 'yes' }]) {
      const res = await call('DELETE', '/api/me', { cookie, body });
      expect(res).toMatchObject({ status: 400, body: { error: 'Invalid input', fields: { confirm: 'Type DELETE to confirm' } } });
    }
    expect(count("select count(*) n from users where id = 'priv:careful'")).toBe(1);
    expect((await call('DELETE', '/api/me', { body: { confirm: 'DELETE' } })).status).toBe(401);
  });

  it('removes the user, sessions and saves; keeps contributions with no link; signs out everywhere', async () => {
    const { cookie, threadId } = await contributor('priv:leaver');
    const other = signIn(db, { id: 'priv:stayer', firstName: 'Sam' });
    expect((await call('POST', `/api/jobs/${job.id}/save`, { cookie: other })).status).toBeLessThan(300);
    const tables = ['reviews', 'interview_experiences', 'salaries', 'school_moods', 'forum_threads', 'forum_posts'];
    const totals = Object.fromEntries(tables.map((t) => [t, count(`select count(*) n from ${t}`)]));
    const mine = (t: string) => count(`select count(*) n from ${t} where user_id = 'priv:leaver'`);
    for (const t of tables) expect(mine(t), t).toBe(1);
    const savedBefore = count('select count(*) n from saved_jobs');

    const reportKey = (
      db.$client.prepare("select reporter_key from reports where user_id = 'priv:leaver'").get() as { reporter_key: string | null }
    ).reporter_key;
    expect(reportKey).toEqual(expect.any(String));

    const res = await call('DELETE', '/api/me', { cookie, body: { confirm: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      deleted: true,
      removed: { users: 1, sessions: 3, saved_jobs: 1, thread_watches: 1, notifications: 0 },
      unlinked: { reviews: 1, interview_experiences: 1, salaries: 1, school_moods: 1, forum_threads: 1, forum_posts: 1 },
    });
    expect(res.headers.get('set-cookie')).toMatch(/tilt_session=;/);

    expect(count("select count(*) n from users where id = 'priv:leaver'")).toBe(0);
    expect(count("select count(*) n from sessions where json_extract(sess, '$.userId') = 'priv:leaver'")).toBe(0);
    expect(count('select count(*) n from saved_jobs')).toBe(savedBefore - 1);
    for (const t of tables) {
      expect(count(`select count(*) n from ${t}`), t).toBe(totals[t]); // every contribution kept…
      expect(mine(t), t).toBe(0); // …with no link to the person
    }
    expect(count("select count(*) n from forum_threads where last_reply_user_id = 'priv:leaver'")).toBe(0);
    expect(count("select count(*) n from reports where user_id = 'priv:leaver'")).toBe(0);
    // Still counted, unlinked, with its reporter key (decision 1422).
    expect(count("select count(*) n from reports where user_id is null and reason = 'Spam link' and reporter_key = ?", reportKey)).toBe(1);
    // The content is still there, anonymous.
    expect(count('select count(*) n from salaries where annual_salary = 51234 and user_id is null')).toBe(1);
    const thread = await call('GET', `/api/forum/threads/${threadId}`);
    expect(thread.body).toMatchObject({ title: 'Moving to London', user: { firstName: null } });
    expect(JSON.stringify(thread.body)).not.toContain('Priya');
    // Signed out everywhere: the old cookie is refused.
    // (/api/auth/user answers a visitor 200 null, as the server-rendered pages need.)
    const me = await call('GET', '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toBeNull();
    expect((await call('GET', '/api/me/activity', { cookie })).status).toBe(401);
    // Someone else is untouched.
    expect((await call('GET', '/api/auth/user', { cookie: other })).status).toBe(200);
    expect(count("select count(*) n from saved_jobs where user_id = 'priv:stayer'")).toBe(1);
  });

  it('exports and deletes the rows of other tables keyed by user_id (alerts)', async () => {
    const cookie = signIn(db, { id: 'priv:alerts', email: 'alerts@example.test' });
    const other = signIn(db, { id: 'priv:someone', email: 'someone@example.test' });
    const alert = { filters: { subject: 'Mathematics', borough: 'Camden' }, frequency: 'daily', channels: { email: true, push: false } };
    expect((await call('POST', '/api/alerts', { cookie, body: alert })).status).toBe(201);
    expect((await call('POST', '/api/alerts', { cookie: other, body: alert })).status).toBe(201);
    const data = (await call('GET', '/api/me/export', { cookie })).body;
    expect(data.alerts).toHaveLength(1);
    expect(data.alerts[0]).toMatchObject({ user_id: 'priv:alerts', name: 'Mathematics jobs in Camden', frequency: 'daily' });
    const res = await call('DELETE', '/api/me', { cookie, body: { confirm: 'DELETE' } });
    expect(res.body.removed.alerts).toBe(1);
    expect(count("select count(*) n from alerts where user_id = 'priv:alerts'")).toBe(0);
    expect(count("select count(*) n from alerts where user_id = 'priv:someone'")).toBe(1);
  });
});
