// The contribution writes: saved jobs, reviews, interviews, salaries, moods, and the
// user's own activity. Each call: happy path, the product §5 messages, 401, 404, replay, nothing written on refusal.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, reviews, schoolMoods, schools } from '../db/schema';
import { ok, signIn, testApp, withCookie } from '../test/app';
import { caller } from '../test/requests';
import { publishSalaries } from './salaries/salaries.service';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, rateLimit: false });
const call = caller(app);
const rows = (table: string) => (db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
const ada = signIn(db, { id: 'test:ada', email: 'ada@example.test', firstName: 'Ada' });
const bob = signIn(db, { id: 'test:bob', email: 'bob@example.test', firstName: 'Bob' });
const school = db.select().from(schools).where(eq(schools.name, 'Westminster City School')).get()!;
const otherSchool = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
const job = db.select().from(jobs).limit(1).get()!;
const job2 = db.select().from(jobs).limit(1).offset(1).get()!;

const review = {
  overallRating: 4,
  workLifeBalanceRating: 3,
  compensationRating: 4,
  careerOpportunitiesRating: 5,
  cultureRating: 4,
  leadershipRating: 2,
  pros: 'Supportive department <script>alert(1)</script>',
  cons: 'Long meetings after school',
  adviceToManagement: 'Fewer data drops',
  wouldRecommend: true,
  employmentStatus: 'Former',
  jobTitle: 'Teacher of English',
  yearsAtSchool: '3-5 years',
};
const interview = {
  jobTitle: 'Teacher of Maths',
  interviewDifficulty: 'Hard',
  processDescription: 'A lesson observation, a panel interview and a tour.',
  questionsAsked: 'How do you handle behaviour?',
  tipsForCandidates: '',
  outcome: 'No Offer',
  overallExperience: 3,
};
const salary = {
  jobTitle: 'Secondary Teacher',
  schoolType: 'Academy',
  borough: 'Camden',
  yearsExperience: '3-5 years',
  annualSalary: 41250,
  additionalBenefits: 'TLR 2b',
};

describe('saved jobs', () => {
  it('saves once (twice is fine, one row), reports the status, lists newest first, removes', async () => {
    expect((await call('GET', `/api/jobs/${job.id}/saved`, { cookie: ada })).body).toEqual({ saved: false });
    const before = rows('saved_jobs');
    expect(await call('POST', `/api/jobs/${job.id}/save`, { cookie: ada })).toMatchObject({ status: 201, body: { saved: true } });
    expect(await call('POST', `/api/jobs/${job.id}/save`, { cookie: ada })).toMatchObject({ status: 200, body: { saved: true } });
    expect(rows('saved_jobs')).toBe(before + 1);
    expect((await call('GET', `/api/jobs/${job.id}/saved`, { cookie: ada })).body).toEqual({ saved: true });
    expect((await call('GET', `/api/jobs/${job.id}/saved`, { cookie: bob })).body).toEqual({ saved: false });

    // newest first (same clock here: the later row comes first)
    await call('POST', `/api/jobs/${job2.id}/save`, { cookie: ada });
    const list = await ok(client['saved-jobs'].$get(undefined, withCookie(ada)));
    expect(list.map((s) => s.job.id)).toEqual([job2.id, job.id]);
    const first = list[1];
    expect(Object.keys(first).sort()).toEqual(['createdAt', 'id', 'job']);
    expect(first.job).toMatchObject({
      id: job.id,
      title: job.title,
      borough: job.borough,
      contractType: job.contractType,
      keyStage: job.keyStage,
      salaryMin: job.salaryMin,
      salaryMax: job.salaryMax,
      description: job.description,
    });
    expect(first.job.createdAt).toBe(job.createdAt.toISOString());
    if (job.schoolId) expect(first.job.school?.id).toBe(job.schoolId);
    expect((await call('GET', '/api/saved-jobs', { cookie: bob })).body).toEqual([]);

    expect(await call('DELETE', `/api/jobs/${job.id}/save`, { cookie: ada })).toMatchObject({ status: 200, body: { saved: false } });
    expect((await call('GET', `/api/jobs/${job.id}/saved`, { cookie: ada })).body).toEqual({ saved: false });
    expect((await ok(client['saved-jobs'].$get(undefined, withCookie(ada)))).map((s) => s.job.id)).toEqual([job2.id]);
    expect(rows('saved_jobs')).toBe(before + 1);
  });

  it('401 signed out, 404 for an unknown job, 400 for a bad id; nothing written', async () => {
    const before = rows('saved_jobs');
    for (const [method, path] of [
      ['POST', `/api/jobs/${job.id}/save`],
      ['DELETE', `/api/jobs/${job.id}/save`],
      ['GET', `/api/jobs/${job.id}/saved`],
      ['GET', '/api/saved-jobs'],
    ]) {
      expect(await call(method, path)).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
    }
    expect(await call('POST', '/api/jobs/999999/save', { cookie: ada })).toMatchObject({ status: 404, body: { error: 'Job not found' } });
    expect((await call('DELETE', '/api/jobs/999999/save', { cookie: ada })).status).toBe(404);
    expect((await call('GET', '/api/jobs/999999/saved', { cookie: ada })).status).toBe(404);
    expect((await call('POST', '/api/jobs/abc/save', { cookie: ada })).status).toBe(400);
    expect(rows('saved_jobs')).toBe(before);
  });
});

describe('POST /api/schools/:id/reviews', () => {
  it('stores the review unapproved, as typed, and answers 201 with it (no user id)', async () => {
    const before = rows('reviews');
    const res = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, body: review });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...review, schoolId: school.id, isApproved: false, status: 'pending' });
    expect(res.body).not.toHaveProperty('userId');
    expect(rows('reviews')).toBe(before + 1);
    const stored = db.select().from(reviews).where(eq(reviews.id, res.body.id)).get()!;
    expect(stored).toMatchObject({ userId: 'test:ada', pros: review.pros, isApproved: false, rejectedAt: null });
    // pending: not in the public list nor in the stats
    const publicList = await ok(client.schools[':id'].reviews.$get({ param: { id: String(school.id) }, query: {} }));
    expect(publicList.map((r) => r.id)).not.toContain(res.body.id);
  });

  it('applies the defaults of product §5, but no rating is chosen for her (decision 2027)', async () => {
    const res = await call('POST', `/api/schools/${school.id}/reviews`, {
      cookie: ada,
      body: { overallRating: 3, pros: 'Lovely pupils here', cons: 'Small car park', jobTitle: 'TA', yearsAtSchool: 'Less than 1 year' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      overallRating: 3,
      workLifeBalanceRating: null,
      leadershipRating: null,
      wouldRecommend: true,
      employmentStatus: 'Current',
      adviceToManagement: null,
    });
  });

  it('answers each product §5 message with 400 and writes nothing', async () => {
    const before = rows('reviews');
    const res = await call('POST', `/api/schools/${school.id}/reviews`, {
      cookie: ada,
      body: { ...review, pros: 'too short', cons: '', jobTitle: '  ', yearsAtSchool: '', overallRating: 6 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Invalid input',
      fields: {
        pros: 'Please provide at least 10 characters',
        cons: 'Please provide at least 10 characters',
        jobTitle: 'Job title is required',
        yearsAtSchool: 'Years at school is required',
        overallRating: 'Rating must be between 1 and 5',
      },
    });
    expect((await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, raw: '{"pros": ' })).status).toBe(400);
    expect(
      (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, body: { ...review, pros: 'x'.repeat(70_000) } })).status,
    ).toBe(413);
    expect(rows('reviews')).toBe(before);
  });

  it('401 signed out, 404 for an unknown school', async () => {
    const before = rows('reviews');
    expect(await call('POST', `/api/schools/${school.id}/reviews`, { body: review })).toMatchObject({
      status: 401,
      body: { error: 'Unauthorized' },
    });
    expect(await call('POST', '/api/schools/999999/reviews', { cookie: ada, body: review })).toMatchObject({
      status: 404,
      body: { error: 'School not found' },
    });
    expect(rows('reviews')).toBe(before);
  });

  it('replays the first answer for a repeated Idempotency-Key, one row', async () => {
    const before = rows('reviews');
    const a = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, body: review, key: 'review-key-1' });
    const b = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, body: review, key: 'review-key-1' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(rows('reviews')).toBe(before + 1);
    // the same key from another user is another submission
    const c = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: bob, body: review, key: 'review-key-1' });
    expect(c.status).toBe(201);
    expect(c.body.id).not.toBe(a.body.id);
    expect(rows('reviews')).toBe(before + 2);
  });
});

describe('POST /api/schools/:id/interviews', () => {
  it('stores the interview and answers 201 without the author', async () => {
    const before = rows('interview_experiences');
    const res = await call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...interview, tipsForCandidates: null, schoolId: school.id });
    expect(res.body).not.toHaveProperty('userId');
    expect(rows('interview_experiences')).toBe(before + 1);
    const list = await ok(client.schools[':id'].interviews.$get({ param: { id: String(school.id) }, query: {} }));
    expect(list.map((i) => i.id)).toContain(res.body.id);
    expect(JSON.stringify(list)).not.toContain('test:ada');
  });

  it('defaults difficulty Medium, outcome Offer, experience optional', async () => {
    const res = await call('POST', `/api/schools/${school.id}/interviews`, {
      cookie: ada,
      body: { jobTitle: 'Teacher', processDescription: 'Two interviews and a lesson.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ interviewDifficulty: 'Medium', outcome: 'Offer', overallExperience: null, questionsAsked: null });
  });

  it('answers the product §5 messages, 401 and 404, writing nothing', async () => {
    const before = rows('interview_experiences');
    const bad = await call('POST', `/api/schools/${school.id}/interviews`, {
      cookie: ada,
      body: { jobTitle: '', processDescription: 'Too short', interviewDifficulty: 'Brutal', outcome: 'Maybe', overallExperience: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      jobTitle: 'Job title is required',
      processDescription: 'Please provide at least 20 characters',
      interviewDifficulty: 'Choose one of the options',
      outcome: 'Choose one of the options',
      overallExperience: 'Rating must be between 1 and 5',
    });
    expect((await call('POST', `/api/schools/${school.id}/interviews`, { body: interview })).status).toBe(401);
    expect((await call('POST', '/api/schools/999999/interviews', { cookie: ada, body: interview })).status).toBe(404);
    expect(rows('interview_experiences')).toBe(before);
  });

  it('is idempotent', async () => {
    const before = rows('interview_experiences');
    const [a, b] = await Promise.all([
      call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview, key: 'iv-1' }),
      call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview, key: 'iv-1' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(rows('interview_experiences')).toBe(before + 1);
  });
});

describe('POST /api/salaries', () => {
  it('stores the submission and answers 201 without the author', async () => {
    publishSalaries(db, NOW);
    const before = rows('salaries');
    const res = await call('POST', '/api/salaries', { cookie: ada, body: salary });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(salary);
    expect(res.body).not.toHaveProperty('userId');
    expect(rows('salaries')).toBe(before + 1);
    // Published in a later batch, and only with enough others (decision 1420; api/salaries/salaries.test.ts).
    publishSalaries(db, NOW);
    const recent = await ok(client.salaries.$get({ query: {} }));
    expect(recent.map((r) => r.id)).not.toContain(res.body.id);
    expect(JSON.stringify(recent)).not.toContain('test:ada');
  });

  it('answers each product §5 message, writing nothing', async () => {
    const before = rows('salaries');
    const low = await call('POST', '/api/salaries', { cookie: ada, body: { ...salary, annualSalary: 14999 } });
    expect(low).toMatchObject({
      status: 400,
      body: { error: 'Invalid input', fields: { annualSalary: 'Salary must be at least £15,000' } },
    });
    const high = await call('POST', '/api/salaries', { cookie: ada, body: { ...salary, annualSalary: 200001 } });
    expect(high.body.fields).toEqual({ annualSalary: 'Salary must be less than £200,000' });
    const text = await call('POST', '/api/salaries', { cookie: ada, body: { ...salary, annualSalary: 'a lot' } });
    expect(text.body.fields).toEqual({ annualSalary: 'Salary must be at least £15,000' });
    const missing = await call('POST', '/api/salaries', { cookie: ada, body: {} });
    expect(missing.body.fields).toEqual({
      jobTitle: 'Job title is required',
      schoolType: 'School type is required',
      borough: 'Borough is required',
      yearsExperience: 'Years of experience is required',
      annualSalary: 'Salary must be at least £15,000',
    });
    const offList = await call('POST', '/api/salaries', { cookie: ada, body: { ...salary, jobTitle: 'Wizard', borough: 'Paris' } });
    expect(offList.body.fields).toEqual({ jobTitle: 'Choose one of the options', borough: 'Choose one of the options' });
    expect((await call('POST', '/api/salaries', { body: salary })).status).toBe(401);
    expect(rows('salaries')).toBe(before);
  });

  it('is idempotent', async () => {
    const before = rows('salaries');
    const a = await call('POST', '/api/salaries', { cookie: ada, body: salary, key: 'salary-1' });
    const b = await call('POST', '/api/salaries', { cookie: ada, body: salary, key: 'salary-1' });
    expect(b.body).toEqual(a.body);
    expect(rows('salaries')).toBe(before + 1);
  });
});

describe('mood', () => {
  it('GET user-mood is null first; POST creates (emoji from the mood, comment trimmed); 409 on a second POST', async () => {
    expect((await call('GET', `/api/schools/${otherSchool.id}/user-mood`, { cookie: ada })).body).toBeNull();
    const before = rows('school_moods');
    const created = await call('POST', `/api/schools/${otherSchool.id}/mood`, {
      cookie: ada,
      body: { mood: 'happy', emoji: '😰', comment: '  Good team  ', anonymous: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ schoolId: otherSchool.id, mood: 'happy', emoji: '😊', comment: 'Good team', anonymous: true });
    expect(created.body).not.toHaveProperty('userId');
    expect(rows('school_moods')).toBe(before + 1);
    const mine = await call('GET', `/api/schools/${otherSchool.id}/user-mood`, { cookie: ada });
    expect(mine.body).toMatchObject({ mood: 'happy', emoji: '😊', comment: 'Good team', anonymous: true });
    expect(mine.body.updatedAt).toBe(NOW.toISOString());
    const again = await call('POST', `/api/schools/${otherSchool.id}/mood`, { cookie: ada, body: { mood: 'stressed' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already/);
    expect(rows('school_moods')).toBe(before + 1);
    const stats = await ok(client.schools[':id']['mood-stats'].$get({ param: { id: String(otherSchool.id) } }));
    expect(stats.moodBreakdown.find((m) => m.mood === 'happy')?.count).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(stats)).not.toMatch(/test:ada|Ada/);
  });

  it('PUT updates (empty comment omitted), 404 when there is none', async () => {
    const updated = await call('PUT', `/api/schools/${otherSchool.id}/mood`, {
      cookie: ada,
      body: { mood: 'stressed', comment: '   ', anonymous: false },
    });
    expect(updated).toMatchObject({ status: 200, body: { mood: 'stressed', emoji: '😰', comment: null, anonymous: false } });
    const row = db.select().from(schoolMoods).where(eq(schoolMoods.userId, 'test:ada')).get()!;
    expect(row.mood).toBe('stressed');
    expect(await call('PUT', `/api/schools/${otherSchool.id}/mood`, { cookie: bob, body: { mood: 'happy' } })).toMatchObject({
      status: 404,
      body: { error: 'Mood not found' },
    });
  });

  it('requires a mood, 401 signed out, 404 unknown school; nothing written', async () => {
    const before = rows('school_moods');
    expect(await call('POST', `/api/schools/${school.id}/mood`, { cookie: bob, body: { comment: 'no mood' } })).toMatchObject({
      status: 400,
      body: { fields: { mood: 'Please choose a mood' } },
    });
    expect((await call('POST', `/api/schools/${school.id}/mood`, { cookie: bob, body: { mood: 'ecstatic' } })).body.fields).toEqual({
      mood: 'Please choose a mood',
    });
    expect((await call('POST', `/api/schools/${school.id}/mood`, { body: { mood: 'happy' } })).status).toBe(401);
    expect((await call('GET', `/api/schools/${school.id}/user-mood`)).status).toBe(401);
    expect((await call('POST', '/api/schools/999999/mood', { cookie: bob, body: { mood: 'happy' } })).status).toBe(404);
    expect((await call('GET', '/api/schools/999999/user-mood', { cookie: bob })).status).toBe(404);
    expect(rows('school_moods')).toBe(before);
  });

  it('a replayed POST answers the first 201, not 409', async () => {
    const a = await call('POST', `/api/schools/${school.id}/mood`, { cookie: bob, body: { mood: 'neutral' }, key: 'mood-1' });
    const b = await call('POST', `/api/schools/${school.id}/mood`, { cookie: bob, body: { mood: 'neutral' }, key: 'mood-1' });
    expect(a.status).toBe(201);
    expect(b).toMatchObject({ status: 201, body: a.body });
  });
});

describe('GET /api/me/activity', () => {
  it('lists the user’s own contributions with their state and real counters', async () => {
    const carol = signIn(db, { id: 'test:carol', email: 'carol@example.test', firstName: 'Carol' });
    await call('POST', `/api/jobs/${job.id}/save`, { cookie: carol });
    const r1 = (await call('POST', `/api/schools/${school.id}/reviews`, { cookie: carol, body: review })).body;
    const r2 = (await call('POST', `/api/schools/${otherSchool.id}/reviews`, { cookie: carol, body: review })).body;
    const r3 = (await call('POST', `/api/schools/${otherSchool.id}/reviews`, { cookie: carol, body: review })).body;
    db.update(reviews).set({ isApproved: true }).where(eq(reviews.id, r2.id)).run();
    db.update(reviews).set({ rejectedAt: NOW, rejectionReason: 'Names a colleague' }).where(eq(reviews.id, r3.id)).run();
    await call('POST', '/api/salaries', { cookie: carol, body: salary });
    await call('POST', `/api/schools/${school.id}/interviews`, { cookie: carol, body: interview });
    await call('POST', `/api/schools/${school.id}/mood`, { cookie: carol, body: { mood: 'excited', anonymous: true } });

    const res = { body: await ok(client.me.activity.$get(undefined, withCookie(carol))) };
    expect(res.body.counts).toMatchObject({
      savedJobs: 1,
      reviews: 3,
      reviewsApproved: 1,
      interviews: 1,
      salaries: 1,
      moods: 1,
      threads: 0,
      posts: 0,
      pending: 1,
    });
    const state = Object.fromEntries(res.body.reviews.map((r) => [r.id, [r.status, r.rejectionReason]]));
    expect(state).toEqual({ [r1.id]: ['pending', null], [r2.id]: ['approved', null], [r3.id]: ['rejected', 'Names a colleague'] });
    expect(res.body.reviews.find((r) => r.id === r1.id)?.schoolName).toBe('Westminster City School');
    expect(res.body.salaries[0]).toMatchObject({ annualSalary: 41250, status: 'approved' });
    expect(res.body.moods[0]).toMatchObject({ mood: 'excited', anonymous: true, schoolId: school.id });
    expect(JSON.stringify(res.body)).not.toMatch(/test:ada|test:bob/);
    expect((await call('GET', '/api/me/activity')).status).toBe(401);
  });
});
