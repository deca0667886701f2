// Reports (decision 1422): one per user and item, rate-limited, hidden from the public at
// the threshold until a moderator decides; reported items in the moderation queue with their reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, forumModerators, reports, schools } from '../../db/schema';
import { createApp } from '../app';
import { startDevOidc, type DevOidc } from '../dev-oidc/provider';
import { callbackUrl, oidcProvider } from '../auth/oidc';
import { backfillReporterKeys, reporterKey } from '../moderation/reports';
import { ok, signIn, testApp, typedClient } from '../../test/app';
import { testDb } from '../../test/db';
import { signInThroughProvider } from '../../test/oidc';
import { caller } from '../../test/requests';
import { approvedBy, interviewBody, reviewBody } from '../../test/moderated';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app, client: api } = testApp({ now: NOW, rateLimit: false, adminEmails: ['admin@example.test'] });
const call = caller(app);
/** A typed call's options with this session. */
const as = (cookie: string) => ({ headers: { Cookie: cookie } });
/** The reported items of the moderation queue this person sees. */
const reportedIn = async (cookie: string, client = api) => (await ok(client.moderation.queue.$get(undefined, as(cookie)))).reported;
const reviewIdsOf = async (schoolId: number, client = api) =>
  (await ok(client.schools[':id'].reviews.$get({ param: { id: String(schoolId) }, query: {} }))).map((r) => r.id);
const count = (sql: string, ...args: unknown[]) => (db.$client.prepare(sql).get(...args) as { n: number }).n;
const school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
const category = db.select().from(forumCategories).limit(1).get()!;
const author = signIn(db, { id: 'rep:author', firstName: 'Ann' });
const admin = signIn(db, { id: 'rep:admin', email: 'admin@example.test' });
const mod = signIn(db, { id: 'rep:mod', email: 'mod@example.test' });
db.insert(forumModerators).values({ userId: 'rep:mod', categoryId: category.id }).run();
const readers = [1, 2, 3, 4].map((i) => signIn(db, { id: `rep:reader${i}` }));
const review = reviewBody([1, 1, 1, 1, 1, 1], { pros: 'Nothing at all here', cons: 'A named person is awful', wouldRecommend: false });

const approvedReview = () => approvedBy(call, admin).review(author, school.id, review);
const publicReviewIds = () => reviewIdsOf(school.id);
/** A school with no interviews or moods yet, so the numbers a test reads there are its own. */
const quietSchool = () =>
  db.$client
    .prepare(
      'select id from schools where id not in (select school_id from interview_experiences) and id not in (select school_id from school_moods) order by id limit 1',
    )
    .get() as { id: number };
const report = (cookie: string, kind: string, id: number, reason = 'Names a colleague') =>
  call('POST', '/api/reports', { cookie, body: { kind, id, reason } });

describe('POST /api/reports', () => {
  it('records one report per user and item: 201 first, 409 on a repeat; validates; 404 unknown; 401 signed out', async () => {
    const id = await approvedReview();
    const first = await report(readers[0], 'review', id);
    expect(first).toMatchObject({ status: 201, body: { kind: 'review', id, received: true, hidden: false } });
    const again = await report(readers[0], 'review', id, 'Again');
    expect(again).toMatchObject({ status: 409, body: { error: 'You have already reported this' } });
    expect(count("select count(*) n from reports where kind = 'review' and target_id = ?", id)).toBe(1);
    const bad = await call('POST', '/api/reports', { cookie: readers[0], body: { kind: 'salary', id: 'x', reason: ' ' } });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error: 'Invalid input',
        fields: {
          kind: 'Choose what you are reporting',
          id: 'Choose what you are reporting',
          reason: 'Please say why you are reporting this',
        },
      },
    });
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
    for (const id of ids)
      answers.push((await lcall('POST', '/api/reports', { cookie: who, body: { kind: 'interview', id, reason: 'Spam' } })).status);
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
    const reported = await reportedIn(admin);
    const item = reported.find((r) => r.kind === 'review' && r.id === id);
    expect(item).toMatchObject({ hidden: true, reportCount: 3, content: { cons: review.cons, schoolName: school.name } });
    expect(item?.reports.map((r) => r.reason)).toEqual(['Names a colleague', 'Personal attack', 'Defamatory']);
    expect(JSON.stringify(reported)).not.toContain('rep:reader');
    // A forum moderator does not see school content reports.
    expect((await reportedIn(mod)).find((r) => r.kind === 'review')).toBeUndefined();
    expect((await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: mod })).status).toBe(403);
    expect((await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: readers[0] })).status).toBe(403);
    const ok = await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: admin });
    expect(ok).toMatchObject({ status: 200, body: { kind: 'review', id, decision: 'approved' } });
    expect(await publicReviewIds()).toContain(id);
    // The reports are kept, decided: they no longer count (decision 1422).
    expect(count("select count(*) n from reports where kind = 'review' and target_id = ? and decided_at is null", id)).toBe(0);
    expect(count("select count(*) n from reports where kind = 'review' and target_id = ? and decided_at = ?", id, NOW.getTime())).toBe(3);
    expect(count("select count(*) n from hidden_content where kind = 'review' and target_id = ?", id)).toBe(0);
    expect(count("select count(*) n from moderation_log where action = 'reports-approve' and target_id = ?", id)).toBe(1);
    expect((await reportedIn(admin)).find((r) => r.kind === 'review' && r.id === id)).toBeUndefined();
  });

  it('interviews and mood comments hide at the threshold and reject removes them', async () => {
    const iv = (
      await call('POST', `/api/schools/${school.id}/interviews`, {
        cookie: author,
        body: interviewBody('Teacher', 'The panel insulted a named candidate', { interviewDifficulty: 'Hard', outcome: 'No Offer' }),
      })
    ).body;
    const interviews = async () =>
      (await ok(api.schools[':id'].interviews.$get({ param: { id: String(school.id) }, query: {} }))).map((r) => r.id);
    expect(await interviews()).toContain(iv.id);
    for (const r of readers.slice(0, 3)) await report(r, 'interview', iv.id);
    expect(await interviews()).not.toContain(iv.id);
    const reject = await call('POST', `/api/moderation/reports/interview/${iv.id}/reject`, { cookie: admin, body: { reason: 'Abusive' } });
    expect(reject).toMatchObject({ status: 200, body: { decision: 'removed' } });
    expect(count('select count(*) n from interview_experiences where id = ?', iv.id)).toBe(0);
    expect(count("select count(*) n from reports where kind = 'interview' and target_id = ?", iv.id)).toBe(0);

    const moodAuthor = signIn(db, { id: 'rep:mooder' });
    expect(
      (
        await call('POST', `/api/schools/${school.id}/mood`, {
          cookie: moodAuthor,
          body: { mood: 'stressed', comment: 'The head is a liar' },
        })
      ).status,
    ).toBe(201);
    const comments = async () => (await ok(api.schools[':id']['mood-stats'].$get({ param: { id: String(school.id) } }))).recentComments;
    const mood = (await comments()).find((m) => m.comment === 'The head is a liar');
    if (!mood) throw new Error('The mood comment is not listed');
    for (const r of readers.slice(0, 3)) await report(r, 'mood', mood.id);
    expect((await comments()).map((m) => m.id)).not.toContain(mood.id);
    await call('POST', `/api/moderation/reports/mood/${mood.id}/reject`, { cookie: admin, body: { reason: 'Abusive' } });
    expect(count('select count(*) n from school_moods where id = ? and comment is null', mood.id)).toBe(1);
    expect((await comments()).map((m) => m.id)).not.toContain(mood.id);
  });

  it('a hidden interview and mood comment leave the public reads and come back on approve; the interview total follows, the mood figures do not move', async () => {
    const quiet = quietSchool();
    const path = `/api/schools/${quiet.id}`;
    const iv = (
      await call('POST', `${path}/interviews`, {
        cookie: author,
        body: { jobTitle: 'Teacher', processDescription: 'Hidden, then restored', interviewDifficulty: 'Easy', outcome: 'Offer' },
      })
    ).body;
    const listed = async () => {
      const res = await call('GET', `${path}/interviews`);
      return { ids: (res.body as { id: number }[]).map((r) => r.id), total: res.headers.get('X-Total-Count') };
    };
    const mooders = [1, 2].map((i) => signIn(db, { id: `rep:quiet-mooder${i}` }));
    for (const [i, body] of [
      { mood: 'stressed', comment: 'Reported to the threshold' },
      { mood: 'happy', comment: 'Left alone' },
    ].entries())
      expect((await call('POST', `${path}/mood`, { cookie: mooders[i], body })).status).toBe(201);
    const stats = async () => await ok(api.schools[':id']['mood-stats'].$get({ param: { id: String(quiet.id) } }));
    const before = await stats();
    const mood = before.recentComments.find((m) => m.comment === 'Reported to the threshold')!;
    const other = before.recentComments.find((m) => m.comment === 'Left alone')!;
    const approved = (table: string, id: number) => count(`select count(*) n from ${table} where id = ? and is_approved = 1`, id);
    const activityHidden = async () =>
      (await ok(api.me.activity.$get(undefined, as(author)))).interviews.find((r) => r.id === iv.id)?.hidden;

    expect(await listed()).toEqual({ ids: [iv.id], total: '1' });
    expect(before.totalMoods).toBe(2);
    expect(before.recentComments.map((m) => m.id).sort()).toEqual([mood.id, other.id].sort());
    expect(await activityHidden()).toBe(false);

    for (const r of readers.slice(0, 3)) expect((await report(r, 'interview', iv.id)).body.hidden).toBe(r === readers[2]);
    for (const r of readers.slice(0, 3)) await report(r, 'mood', mood.id);
    expect(approved('interview_experiences', iv.id)).toBe(0);
    expect(approved('school_moods', mood.id)).toBe(0);
    expect(count("select count(*) n from hidden_content where kind in ('interview', 'mood') and target_id in (?, ?)", iv.id, mood.id)).toBe(
      2,
    );
    // Hidden from the public list and from its total: the kept interview count counts approved
    // interviews only (migration 0024), so the list never shows none under a total of one.
    expect(await listed()).toEqual({ ids: [], total: '0' });
    expect(count('select interview_count n from school_stats where school_id = ?', quiet.id)).toBe(0);
    // Only the comment leaves: the mood's rating still counts in the school's figures.
    const hidden = await stats();
    expect(hidden.recentComments.map((m) => m.id)).toEqual([other.id]);
    expect({ ...hidden, recentComments: before.recentComments }).toEqual(before);
    expect(hidden.moodBreakdown.find((m) => m.mood === 'stressed')!.count).toBe(1);
    // Its author still sees it, marked hidden; the other readers cannot report what they cannot see.
    expect(await activityHidden()).toBe(true);
    expect((await report(readers[3], 'interview', iv.id)).status).toBe(404);

    for (const [kind, id] of [
      ['interview', iv.id],
      ['mood', mood.id],
    ] as const)
      expect((await call('POST', `/api/moderation/reports/${kind}/${id}/approve`, { cookie: admin })).status).toBe(200);
    expect(approved('interview_experiences', iv.id)).toBe(1);
    expect(approved('school_moods', mood.id)).toBe(1);
    expect(count("select count(*) n from hidden_content where kind in ('interview', 'mood') and target_id in (?, ?)", iv.id, mood.id)).toBe(
      0,
    );
    expect(await listed()).toEqual({ ids: [iv.id], total: '1' });
    expect(await stats()).toEqual(before);
    expect(await activityHidden()).toBe(false);
  });

  it('a rejected mood comment goes; the next comment on the same mood is public at once', async () => {
    const mooder = signIn(db, { id: 'rep:again' });
    const quiet = quietSchool();
    const path = `/api/schools/${quiet.id}/mood`;
    expect((await call('POST', path, { cookie: mooder, body: { mood: 'neutral', comment: 'First, rejected' } })).status).toBe(201);
    const id = count("select id n from school_moods where user_id = 'rep:again'");
    for (const r of readers.slice(0, 3)) await report(r, 'mood', id);
    expect(count('select count(*) n from school_moods where id = ? and is_approved = 0', id)).toBe(1);
    await call('POST', `/api/moderation/reports/mood/${id}/reject`, { cookie: admin, body: { reason: 'Abusive' } });
    expect(count('select count(*) n from school_moods where id = ? and is_approved = 1 and comment is null', id)).toBe(1);
    expect((await call('PUT', path, { cookie: mooder, body: { mood: 'neutral', comment: 'Second, fine' } })).status).toBe(200);
    const comments = (await ok(api.schools[':id']['mood-stats'].$get({ param: { id: String(quiet.id) } }))).recentComments;
    expect(comments).toEqual([expect.objectContaining({ id, comment: 'Second, fine' })]);
  });

  it('threads and replies: category moderators decide; reject keeps them hidden with the reason for the author', async () => {
    const approved = approvedBy(call, admin);
    const t = { id: await approved.thread(author, { title: 'Rant', content: 'Some abusive content here', categoryId: category.id }) };
    const reply = { id: await approved.reply(author, t.id, { content: 'More abuse in a reply' }) };
    const visibleThread = async () => (await call('GET', `/api/forum/threads/${t.id}`)).status;
    const replyIds = async () => (await ok(api.forum.threads[':id'].$get({ param: { id: String(t.id) } }))).replies.map((r) => r.id);
    expect(await replyIds()).toContain(reply.id);
    for (const r of readers.slice(0, 3)) await report(r, 'reply', reply.id);
    expect(await replyIds()).not.toContain(reply.id);
    expect((await call('GET', `/api/forum/threads/${t.id}`)).body.replyCount).toBe(0);
    for (const r of readers.slice(0, 3)) await report(r, 'thread', t.id);
    expect(await visibleThread()).toBe(404);
    const modQueue = await reportedIn(mod);
    expect(modQueue.map((r) => `${r.kind}:${r.id}`)).toEqual(expect.arrayContaining([`thread:${t.id}`, `reply:${reply.id}`]));
    expect((await call('POST', `/api/moderation/reports/thread/${t.id}/reject`, { cookie: mod, body: { reason: 'Abusive' } })).status).toBe(
      200,
    );
    expect(await visibleThread()).toBe(404);
    const own = (await call('GET', `/api/forum/threads/${t.id}`, { cookie: author })).body;
    expect(own).toMatchObject({ status: 'rejected', rejectionReason: 'Abusive' });
    expect((await call('POST', `/api/moderation/reports/reply/${reply.id}/reject`, { cookie: mod })).status).toBe(400);
  });
});

describe('one person is one reporter (decision 1424)', () => {
  const APP = 'http://localhost:3997';
  const client = { clientId: 'tilt-reports-test', clientSecret: 'reports-test-secret-0123456789' };
  let op: DevOidc;
  beforeAll(async () => {
    op = await startDevOidc({ port: 0, redirectUris: [callbackUrl(APP, 'dev')], ...client });
  });
  afterAll(async () => {
    await op?.close();
  });
  const people = [1, 2, 3, 4, 5, 6].map((i) => signIn(db, { id: `rep:person${i}` }));
  const undecided = (kind: string, id: number) =>
    count('select count(*) n from reports where kind = ? and target_id = ? and decided_at is null', kind, id);
  const queued = async (kind: string, id: number) => (await reportedIn(admin)).find((r) => r.kind === kind && r.id === id);

  it('three rounds of report, delete the account, sign in again (same identity) count once: the item stays public', async () => {
    // Signing in through the real routes (/api/login, the provider, /api/callback) on an app of its own.
    const sdb = testDb();
    const sapp = createApp({
      db: sdb,
      rateLimit: false,
      adminEmails: ['admin@example.test'],
      sessionSecret: 'reports-test-session-secret-0123456789',
      signIn: [
        oidcProvider(
          { id: 'dev', label: 'Local sign-in', issuer: op.issuer, ...client, extraAuthParams: { prompt: 'login' } },
          callbackUrl(APP, 'dev'),
        ),
      ],
    });
    const scall = caller(sapp);
    const sclient = typedClient(sapp);
    const sschool = sdb.select().from(schools).where(eq(schools.urn, 100001)).get()!;
    const sauthor = signIn(sdb, { id: 'rep:s-author' });
    const sadmin = signIn(sdb, { id: 'rep:s-admin', email: 'admin@example.test' });
    const id = (await scall('POST', `/api/schools/${sschool.id}/reviews`, { cookie: sauthor, body: review })).body.id as number;
    expect((await scall('POST', `/api/moderation/reviews/${id}/approve`, { cookie: sadmin })).status).toBe(200);
    const visible = async () => (await reviewIdsOf(sschool.id, sclient)).includes(id);

    const answers = [];
    for (let round = 1; round <= 3; round++) {
      const cookie = await signInThroughProvider(sapp, APP, { email: 'mallory@example.test', name: 'Mallory Jones' });
      expect(sdb.$client.prepare('select id from users where email = ?').all('mallory@example.test')).toEqual([
        { id: 'dev:mallory@example.test' },
      ]);
      const res = await scall('POST', '/api/reports', { cookie, body: { kind: 'review', id, reason: `Round ${round}` } });
      answers.push({ status: res.status, body: res.body });
      expect((await scall('DELETE', '/api/me', { cookie, body: { confirm: 'DELETE' } })).status).toBe(200);
    }
    expect(answers).toEqual([
      { status: 201, body: { kind: 'review', id, received: true, hidden: false } },
      { status: 409, body: { error: 'You have already reported this' } },
      { status: 409, body: { error: 'You have already reported this' } },
    ]);
    const rows = sdb.$client.prepare("select user_id, reason from reports where kind = 'review' and target_id = ?").all(id);
    expect(rows).toEqual([{ user_id: null, reason: 'Round 1' }]);
    expect(await visible()).toBe(true);
    const queue = await reportedIn(sadmin, sclient);
    expect(queue.find((r) => r.kind === 'review' && r.id === id)).toMatchObject({ hidden: false, reportCount: 1 });
  });

  it("a moderator's restore is final for the reports before it: the same three cannot hide it again, three new people can", async () => {
    const id = await approvedReview();
    expect((await report(people[0], 'review', id, 'First')).body.hidden).toBe(false);
    expect((await report(people[1], 'review', id, 'Second')).body.hidden).toBe(false);
    expect((await report(people[2], 'review', id, 'Third')).body.hidden).toBe(true);
    expect(await publicReviewIds()).not.toContain(id);
    expect((await call('POST', `/api/moderation/reports/review/${id}/approve`, { cookie: admin })).status).toBe(200);
    expect(await publicReviewIds()).toContain(id);
    expect(await queued('review', id)).toBeUndefined();

    for (const p of people.slice(0, 3))
      expect(await report(p, 'review', id, 'Once more')).toMatchObject({ status: 409, body: { error: 'You have already reported this' } });
    expect(await publicReviewIds()).toContain(id);
    expect(undecided('review', id)).toBe(0);
    expect(await queued('review', id)).toBeUndefined();

    expect((await report(people[3], 'review', id, 'Fourth')).body.hidden).toBe(false);
    expect((await report(people[4], 'review', id, 'Fifth')).body.hidden).toBe(false);
    expect(await publicReviewIds()).toContain(id);
    expect((await report(people[5], 'review', id, 'Sixth')).body.hidden).toBe(true);
    expect(await publicReviewIds()).not.toContain(id);
    const item = await queued('review', id);
    expect(item).toMatchObject({ hidden: true, reportCount: 3 });
    expect(item?.reports.map((r) => r.reason)).toEqual(['Fourth', 'Fifth', 'Sixth']);

    // The ordinary approve of the (hidden, so pending) review settles its reports the same way.
    expect((await call('POST', `/api/moderation/reviews/${id}/approve`, { cookie: admin })).status).toBe(200);
    expect(await publicReviewIds()).toContain(id);
    for (const p of people) expect((await report(p, 'review', id, 'Again')).status).toBe(409);
    expect(await publicReviewIds()).toContain(id);
    expect(count("select count(*) n from reports where kind = 'review' and target_id = ?", id)).toBe(6);
  });

  it('keeps a keyed hash of the reporter on the report, in no answer: the report, the queue, the export', async () => {
    const who = signIn(db, { id: 'rep:keyed', email: 'keyed@example.test' });
    const id = await approvedReview();
    const answer = await report(who, 'review', id, 'Keyed');
    expect(answer.status).toBe(201);
    const { reporter_key: key } = db.$client.prepare("select reporter_key from reports where user_id = 'rep:keyed'").get() as {
      reporter_key: string;
    };
    expect(key).toBe(reporterKey(db, 'rep:keyed'));
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(key).not.toBe(reporterKey(db, 'rep:keyed2'));
    const secret = db.$client.prepare("select value from app_settings where key = 'reporter_key_secret'").get() as { value: string };
    expect(secret.value).toMatch(/^[\w-]{43}$/);
    const exported = await app.request('/api/me/export', { headers: { Cookie: who } });
    const texts = [
      JSON.stringify(answer.body),
      JSON.stringify((await call('GET', '/api/moderation/queue', { cookie: admin })).body),
      await exported.text(),
    ];
    expect(JSON.parse(texts[2]).reports).toEqual([expect.objectContaining({ kind: 'review', targetId: id, reason: 'Keyed' })]);
    for (const text of texts) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(secret.value);
      expect(text).not.toMatch(/reporter_?key/i);
    }
    // Deleting the account keeps the report, unlinked, with its key.
    expect((await call('DELETE', '/api/me', { cookie: who, body: { confirm: 'DELETE' } })).status).toBe(200);
    expect(db.$client.prepare("select user_id, reporter_key from reports where kind = 'review' and target_id = ?").all(id)).toEqual([
      { user_id: null, reporter_key: key },
    ]);
  });

  it('backfills the key of reports made before it (idempotent); a report whose reporter is gone stays without one', async () => {
    const who = signIn(db, { id: 'rep:before' });
    const [a, b] = (db.$client.prepare('select id from interview_experiences order by id desc limit 2').all() as { id: number }[]).map(
      (r) => r.id,
    );
    db.insert(reports).values({ kind: 'interview', targetId: a, userId: 'rep:before', reason: 'Old report', createdAt: NOW }).run();
    db.insert(reports).values({ kind: 'interview', targetId: b, userId: null, reason: 'Old, reporter gone', createdAt: NOW }).run();
    expect(backfillReporterKeys(db)).toBeGreaterThanOrEqual(1);
    expect(db.select({ key: reports.reporterKey }).from(reports).where(eq(reports.reason, 'Old report')).get()).toEqual({
      key: reporterKey(db, 'rep:before'),
    });
    expect(db.select({ key: reports.reporterKey }).from(reports).where(eq(reports.reason, 'Old, reporter gone')).get()).toEqual({
      key: null,
    });
    expect(backfillReporterKeys(db)).toBe(0);
    // Deleting the account now keeps the key, so a new account of the same person is a repeat.
    expect((await call('DELETE', '/api/me', { cookie: who, body: { confirm: 'DELETE' } })).status).toBe(200);
    const again = signIn(db, { id: 'rep:before' });
    expect(await report(again, 'interview', a)).toMatchObject({ status: 409, body: { error: 'You have already reported this' } });
  });
});

describe('what a reporter may not see answers as a missing item (404)', () => {
  const stranger = signIn(db, { id: 'rep:stranger' });
  const same = async (kind: string, id: number, name: string) => {
    const hidden = await report(stranger, kind, id);
    const missing = await report(stranger, kind, 999_999_999);
    expect(missing).toMatchObject({ status: 404, body: { error: `${name} not found` } });
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
    expect(count("select count(*) n from reports where user_id = 'rep:stranger' and kind = ? and target_id = ?", kind, id)).toBe(0);
  };

  it('a pending thread, reply or review of someone else; a hidden interview; its author and the moderators may report it', async () => {
    const pending = (
      await call('POST', '/api/forum/threads', {
        cookie: author,
        body: { title: 'Pending thread', content: 'Not yet approved by anyone', categoryId: category.id },
      })
    ).body;
    expect(pending.status).toBe('pending');
    await same('thread', pending.id, 'Thread');
    expect((await report(author, 'thread', pending.id, 'My own')).status).toBe(201);
    expect((await report(mod, 'thread', pending.id, 'Seen in the queue')).status).toBe(201);

    const open = (
      await call('POST', '/api/forum/threads', {
        cookie: author,
        body: { title: 'Open thread', content: 'Approved for everyone', categoryId: category.id },
      })
    ).body;
    await call('POST', `/api/moderation/threads/${open.id}/approve`, { cookie: admin });
    const reply = (
      await call('POST', `/api/forum/threads/${open.id}/posts`, { cookie: author, body: { content: 'A reply waiting for moderation' } })
    ).body;
    await same('reply', reply.id, 'Reply');
    expect((await report(mod, 'reply', reply.id)).status).toBe(201);

    const r = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: author, body: review })).body;
    await same('review', r.id, 'Review');
    expect((await report(admin, 'review', r.id)).status).toBe(201);

    const iv = (
      await call('POST', `/api/schools/${school.id}/interviews`, {
        cookie: author,
        body: interviewBody('Teacher', 'Hidden once three people report it', { interviewDifficulty: 'Easy' }),
      })
    ).body;
    for (const p of readers.slice(0, 3)) expect((await report(p, 'interview', iv.id)).status).toBe(201);
    await same('interview', iv.id, 'Interview');
  });
});
