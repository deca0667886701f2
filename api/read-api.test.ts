// Every public GET of product §7 against a fresh seeded database.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, reviews, schools, users } from '../db/schema';
import { answer, ok, testApp } from '../test/app';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, app, client } = testApp({ now: NOW });

describe('GET /api/health', () => {
  it('answers ok', async () => {
    expect(await ok(client.health.$get())).toMatchObject({ ok: true });
  });
});

describe('GET /api/jobs', () => {
  it('lists active jobs of the last month, newest first, each with its school', async () => {
    const body = await ok(client.jobs.$get({ query: {} }));
    expect(body).toHaveLength(25);
    const times = body.map((j) => Date.parse(j.postedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const maths = body.find((j) => j.title === 'Teacher of Mathematics');
    expect(maths).toMatchObject({
      borough: 'Westminster',
      subject: 'Mathematics',
      isExternal: true,
      externalSource: 'Teaching Vacancies',
      salaryMin: 41729,
      salaryMax: 64684,
    }); // Inner London M1-U3, September 2026
    expect(maths?.school).toMatchObject({ name: 'Westminster City School' });
    expect(body.find((j) => j.title === 'Deputy Headteacher')?.school).toBeNull();
  });

  it('leaves out jobs older than a month and inactive ones', async () => {
    const old = db
      .insert(jobs)
      .values({ title: 'Old advert', description: 'x', borough: 'Camden', postedAt: new Date('2026-10-21T12:00:00Z') })
      .returning()
      .get();
    const fresh = db
      .insert(jobs)
      .values({ title: 'Fresh direct advert', description: 'x', borough: 'Camden', postedAt: new Date('2026-10-23T12:00:00Z') })
      .returning()
      .get();
    const inactive = db
      .insert(jobs)
      .values({ title: 'Inactive advert', description: 'x', borough: 'Camden', isActive: false, postedAt: NOW })
      .returning()
      .get();
    const ids = (await ok(client.jobs.$get({ query: {} }))).map((j) => j.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(inactive.id);
    db.delete(jobs).where(eq(jobs.id, old.id)).run();
    db.delete(jobs).where(eq(jobs.id, fresh.id)).run();
    db.delete(jobs).where(eq(jobs.id, inactive.id)).run();
  });

  it('filters by search (title, description, employer, school name), case-insensitively', async () => {
    expect((await ok(client.jobs.$get({ query: { search: 'MATHEMATICS' } }))).map((j) => j.title).sort()).toEqual([
      'Teacher of Mathematics',
      'Teacher of Mathematics (ECTs welcome)',
    ]);
    const bySchool = await ok(client.jobs.$get({ query: { search: 'soho parish' } }));
    expect(bySchool.map((j) => j.title)).toEqual(['Year 3 Class Teacher (maternity cover)']);
    const byDescription = await ok(client.jobs.$get({ query: { search: 'maternity cover from January' } }));
    expect(byDescription).toHaveLength(1);
  });

  it('filters by borough, subject, key stage, contract type, school type and education level', async () => {
    const camden = await ok(client.jobs.$get({ query: { borough: 'Camden' } }));
    expect(camden.length).toBeGreaterThan(3);
    expect(camden.every((j) => j.borough === 'Camden')).toBe(true);
    expect((await ok(client.jobs.$get({ query: { subject: 'Science' } }))).map((j) => j.title).sort()).toEqual([
      'Head of Science',
      'Teacher of Physics',
    ]);
    expect((await ok(client.jobs.$get({ query: { keyStage: 'Early Years' } }))).map((j) => j.title).sort()).toEqual([
      'Nursery Teacher',
      'Reception Class Teacher',
    ]);
    const temporary = await ok(client.jobs.$get({ query: { contractType: 'Temporary' } }));
    expect(temporary.map((j) => j.title).sort()).toEqual(['Nursery Teacher', 'Year 3 Class Teacher (maternity cover)']);
    const community = await ok(client.jobs.$get({ query: { schoolType: 'Community School' } }));
    expect(community.length).toBeGreaterThan(0);
    expect(community.every((j) => j.school?.type === 'Community school')).toBe(true);
    const primary = await ok(client.jobs.$get({ query: { educationLevel: 'Primary' } }));
    expect(primary.length).toBeGreaterThan(3);
    expect(primary.every((j) => j.educationLevel?.includes('Primary'))).toBe(true);
    expect(await ok(client.jobs.$get({ query: { limit: '4' } }))).toHaveLength(4);
  });

  it('treats "all" and empty values as no filter', async () => {
    expect(await ok(client.jobs.$get({ query: { borough: 'all', subject: '', search: '', keyStage: 'all' } }))).toHaveLength(25);
  });

  it('answers 400 with fields for a malformed query, never 500', async () => {
    const bad = await answer(client.jobs.$get({ query: { borough: 'Paris', limit: 'abc' } }), 400);
    expect(bad.error).toBe('Invalid query');
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['borough', 'limit']);
    expect((await answer(client.jobs.$get({ query: { limit: '0' } }), 400)).fields).toHaveProperty('limit');
    expect((await answer(client.jobs.$get({ query: { search: 'x'.repeat(201) } }), 400)).fields).toHaveProperty('search');
  });

  it('answers a job detail, 404 for an unknown id, 400 for a non-numeric one', async () => {
    const list = await ok(client.jobs.$get({ query: { limit: '1' } }));
    const one = await ok(client.jobs[':id'].$get({ param: { id: String(list[0].id) } }));
    expect(one.title).toBe(list[0].title);
    expect(await answer(client.jobs[':id'].$get({ param: { id: '999999' } }), 404)).toMatchObject({ error: 'Job not found' });
    expect((await answer(client.jobs[':id'].$get({ param: { id: 'abc' } }), 400)).fields).toHaveProperty('id');
  });
});

describe('GET /api/schools', () => {
  it('lists 200 by default, alphabetically, with rating, review and open job counts and the total', async () => {
    const res = await client.schools.$get({ query: {} });
    expect(res.headers.get('x-total-count')).toBe('3189');
    const body = await ok(res);
    expect(body).toHaveLength(200);
    const names = body.map((s) => s.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0)).toHaveLength(200);
    for (const s of body) {
      expect(typeof s.averageRating).toBe('number');
      expect(typeof s.reviewCount).toBe('number');
      expect(typeof s.openJobsCount).toBe('number');
    }
  });

  it('computes the average from approved reviews only', async () => {
    const [westminster] = await ok(client.schools.$get({ query: { search: 'Westminster City School' } }));
    const approved = db
      .select()
      .from(reviews)
      .where(eq(reviews.schoolId, westminster.id))
      .all()
      .filter((r) => r.isApproved);
    expect(westminster.reviewCount).toBe(approved.length);
    const avg = approved.reduce((s, r) => s + r.overallRating, 0) / approved.length;
    expect(westminster.averageRating).toBeCloseTo(avg, 2);
    expect(westminster.openJobsCount).toBe(1);
  });

  it('filters by name, borough, type and education level', async () => {
    // Full-text search: name, borough and address (the town) match, by word prefix.
    const s = await ok(client.schools.$get({ query: { search: 'aldgate' } }));
    expect(s.map((x) => x.name)).toContain('The Aldgate School');
    expect(s.every((x) => /aldgate/i.test(`${x.name} ${x.borough} ${x.address}`))).toBe(true);
    expect((await ok(client.schools.$get({ query: { search: 'aldg' } }))).map((x) => x.name)).toContain('The Aldgate School');
    const city = await client.schools.$get({ query: { borough: 'City of London' } });
    expect(await ok(city)).toHaveLength(8);
    expect(city.headers.get('x-total-count')).toBe('8');
    const nursery = await ok(client.schools.$get({ query: { type: 'Local authority nursery school', limit: '5000' } }));
    expect(nursery).toHaveLength(74);
    const send = await ok(client.schools.$get({ query: { educationLevel: 'SEND', limit: '5000' } }));
    expect(send.length).toBeGreaterThan(150);
    expect(send.every((x) => x.educationLevel?.includes('SEND'))).toBe(true);
    const academies = await ok(client.schools.$get({ query: { type: 'Academy', limit: '5000' } }));
    expect(academies.every((x) => x.type?.startsWith('Academy'))).toBe(true);
    expect(academies.length).toBeGreaterThan(800);
  });

  it('sorts by rating for the spotlight', async () => {
    const top = await ok(client.schools.$get({ query: { limit: '3', sort: 'rating' } }));
    expect(top).toHaveLength(3);
    expect(top[0].averageRating).toBeGreaterThanOrEqual(top[1].averageRating);
    expect(top[1].averageRating).toBeGreaterThanOrEqual(top[2].averageRating);
    expect(top[2].averageRating).toBeGreaterThan(0);
  });

  it('refuses a bad limit or filter with 400', async () => {
    expect((await answer(client.schools.$get({ query: { limit: '5001' } }), 400)).fields).toHaveProperty('limit');
    expect((await answer(client.schools.$get({ query: { type: 'Castle' } }), 400)).fields?.type).toMatch(/Must be one of/);
  });
});

describe('GET /api/schools/:id and its tabs', () => {
  const westminster = db.select().from(schools).where(eq(schools.name, 'Westminster City School')).get()!;

  it('answers the school with stats from approved reviews and its current jobs', async () => {
    const body = await ok(client.schools[':id'].$get({ param: { id: String(westminster.id) } }));
    expect(body.name).toBe('Westminster City School');
    const approved = db
      .select()
      .from(reviews)
      .where(eq(reviews.schoolId, westminster.id))
      .all()
      .filter((r) => r.isApproved);
    expect(body.stats.totalReviews).toBe(approved.length);
    const mean = (k: keyof (typeof approved)[number]) => approved.reduce((s, r) => s + (r[k] as number), 0) / approved.length;
    expect(body.stats.workLifeBalance).toBeCloseTo(mean('workLifeBalanceRating'), 2);
    expect(body.stats.recommendationRate).toBe(Math.round((approved.filter((r) => r.wouldRecommend).length / approved.length) * 100));
    expect(body.jobs.map((j) => j.title)).toEqual(['Teacher of Mathematics']);
  });

  it('answers zeros for a school without reviews', async () => {
    const lonely = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
    db.delete(reviews).where(eq(reviews.schoolId, lonely.id)).run();
    const body = await ok(client.schools[':id'].$get({ param: { id: String(lonely.id) } }));
    expect(body.stats).toEqual({
      averageRating: 0,
      totalReviews: 0,
      workLifeBalance: 0,
      compensation: 0,
      careerOpportunities: 0,
      culture: 0,
      leadership: 0,
      recommendationRate: 0,
      ratingCounts: { workLifeBalance: 0, compensation: 0, careerOpportunities: 0, culture: 0, leadership: 0 },
    });
  });

  it('404 for an unknown id, 400 for a non-numeric one', async () => {
    const school = (id: string) => client.schools[':id'].$get({ param: { id } });
    expect(await answer(school('999999'), 404)).toMatchObject({ error: 'School not found' });
    expect((await answer(school('abc'), 400)).fields?.id).toBe('Id must be a number');
    expect(await answer(client.schools[':id'].reviews.$get({ param: { id: '999999' }, query: {} }), 404)).toMatchObject({
      error: 'School not found',
    });
  });

  it('lists approved reviews only, never saying who wrote them', async () => {
    db.insert(users).values({ id: 'test:author', email: 'author@example.test', firstName: 'Secret' }).onConflictDoNothing().run();
    const pending = db
      .insert(reviews)
      .values({
        userId: 'test:author',
        schoolId: westminster.id,
        overallRating: 1,
        workLifeBalanceRating: 1,
        compensationRating: 1,
        careerOpportunitiesRating: 1,
        cultureRating: 1,
        leadershipRating: 1,
        pros: 'Pending pros here',
        cons: 'Pending cons here',
        wouldRecommend: false,
      })
      .returning()
      .get();
    const body = await ok(client.schools[':id'].reviews.$get({ param: { id: String(westminster.id) }, query: {} }));
    expect(body.length).toBeGreaterThan(0);
    expect(body.map((r) => r.id)).not.toContain(pending.id);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/userId|demo:|@demo\.invalid|test:author/);
  });

  it('lists interviews without their authors', async () => {
    const withInterview = db.$client.prepare('select school_id from interview_experiences limit 1').get() as { school_id: number };
    const body = await ok(client.schools[':id'].interviews.$get({ param: { id: String(withInterview.school_id) }, query: {} }));
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]).toHaveProperty('processDescription');
    expect(JSON.stringify(body)).not.toMatch(/userId|demo:/);
  });

  it('answers mood statistics with percentages that add up', async () => {
    const withMood = db.$client
      .prepare('select school_id, count(*) n from school_moods group by school_id order by n desc limit 1')
      .get() as { school_id: number; n: number };
    const body = await ok(client.schools[':id']['mood-stats'].$get({ param: { id: String(withMood.school_id) } }));
    expect(body.totalMoods).toBe(withMood.n);
    expect(body.moodBreakdown.map((m) => m.mood)).toEqual(['excited', 'happy', 'neutral', 'frustrated', 'stressed']);
    expect(body.moodBreakdown.reduce((s, m) => s + m.count, 0)).toBe(withMood.n);
    expect(body.averageSentiment).toBeGreaterThanOrEqual(1);
    expect(body.averageSentiment).toBeLessThanOrEqual(5);
    expect(JSON.stringify(body)).not.toMatch(/userId|demo:/);
  });
});

describe('salaries, pay scales, forum, stats', () => {
  it('lists the 10 most recent salaries without authors', async () => {
    const body = await ok(client.salaries.$get({ query: {} }));
    expect(body).toHaveLength(10);
    const times = body.map((s) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(body[0]).sort()).toEqual([
      'annualSalary',
      'borough',
      'createdAt',
      'id',
      'jobTitle',
      'schoolType',
      'yearsExperience',
    ]);
  });

  it('answers salary averages by role and experience, groups below 5 not published (decision 1420)', async () => {
    const body = await ok(client.salaries.stats.$get({ query: {} }));
    const all = db.$client.prepare('select job_title, count(*) n, avg(annual_salary) a from salaries group by job_title').all() as {
      job_title: string;
      n: number;
      a: number;
    }[];
    for (const g of all) {
      const row = body.averageByRole.find((r) => r.role === g.job_title);
      if (g.n < 5) expect(row).toBeUndefined();
      else expect(row).toEqual({ role: g.job_title, count: g.n, average: Math.round(g.a) });
    }
    expect(body.averageByRole.find((r) => r.role === 'Cover Supervisor')).toBeUndefined();
    expect(body.averageByExperience.map((e) => e.experience)).toEqual(['0-2 years', '3-5 years', '6-10 years', '11-15 years', '16+ years']);
  });

  it("every pay row has its source; the 2025 Inner London U2 is £60,464; 2026 is the DfE calculator's, with its caveat; leadership is L1 and L43 only", async () => {
    const all = await ok(client['pay-scales'].$get({ query: {} }));
    expect(all).toHaveLength(323);
    expect(all.filter((r) => !r.source || r.source.trim().length < 20)).toEqual([]);
    const find = (region: string, paySpine: string, label: string, year: string) =>
      all.filter((r) => r.region === region && r.paySpine === paySpine && r.pointLabel === label && r.effectiveDate === year);
    // Restored from the DfE's pay calculator (an earlier review had dropped it as a typo).
    expect(find('Inner London', 'Upper Pay Range', 'U2', '2025-09-01').map((r) => r.annualSalary)).toEqual([60464]);
    expect(find('Inner London', 'Upper Pay Range', 'U2', '2025-09-01')[0].source).toContain('teacher-pay-calculator');
    // The September 2026 award, as the DfE calculator publishes it, each row with the source's own caveat.
    const y2026 = all.filter((r) => r.effectiveDate === '2026-09-01');
    expect(y2026).toHaveLength(76);
    expect(
      y2026.filter(
        (r) =>
          !r.source!.includes('DFE-Digital/teacher-pay-calculator@89fca34f0c72736f1968fd88fac131f2dda8c6bd') ||
          !r.caveat?.includes('This calculator is indicative only'),
      ),
    ).toEqual([]);
    expect(all.filter((r) => r.effectiveDate < '2026-09-01' && r.caveat != null)).toEqual([]);
    expect(find('England', 'Main Pay Range', 'M1', '2026-09-01').map((r) => r.annualSalary)).toEqual([34069]);
    expect(find('Inner London', 'Leadership Group', 'L43', '2026-09-01').map((r) => r.annualSalary)).toEqual([158863]);
    // Leadership: the statutory minimum L1 and maximum L43 in every area and year, nothing between.
    const leadership = all.filter((r) => r.paySpine === 'Leadership Group');
    expect(leadership).toHaveLength(4 * 4 * 2);
    expect(new Set(leadership.map((r) => r.pointLabel))).toEqual(new Set(['L1', 'L43']));
    // Every advisory point the DfE publishes for 2023-2025: six M, three U and six unqualified points in every area.
    for (const year of ['2023-09-01', '2024-09-01', '2025-09-01', '2026-09-01'])
      for (const region of ['England', 'Inner London', 'Outer London', 'London Fringe'])
        for (const [spine, n] of [
          ['Main Pay Range', 6],
          ['Upper Pay Range', 3],
          ['Unqualified Teacher', 6],
        ] as const)
          expect(
            all.filter((r) => r.effectiveDate === year && r.region === region && r.paySpine === spine).map((r) => r.point),
            `${year} ${region} ${spine}`,
          ).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it('answers pay scales filtered by region and spine', async () => {
    expect(await ok(client['pay-scales'].$get({ query: {} }))).toHaveLength(323);
    const inner = await ok(
      client['pay-scales'].$get({ query: { region: 'Inner London', paySpine: 'Main Pay Range', effectiveDate: '2025-09-01' } }),
    );
    expect(inner.map((r) => r.point)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(inner[0].annualSalary).toBe(40317);
    expect(inner[0].source).toBeTruthy();
    expect(await ok(client['pay-scales'].$get({ query: { region: 'all', paySpine: 'all' } }))).toHaveLength(323);
    expect((await answer(client['pay-scales'].$get({ query: { region: 'Mars' } }), 400)).fields).toHaveProperty('region');
  });

  it('answers forum categories in order and approved threads, sticky first', async () => {
    const categories = await ok(client.forum.categories.$get());
    expect(categories.map((c) => c.name)).toEqual([
      'Job hunting',
      'Pay and conditions',
      'Workload and wellbeing',
      'Early career',
      'SEND',
      'Supply teaching',
      'Leadership',
      'Off topic',
    ]);
    const threads = await ok(client.forum.threads.$get({ query: {} }));
    expect(threads).toHaveLength(8);
    expect(threads[0].isSticky).toBe(true);
    expect(threads.every((t) => t.isApproved)).toBe(true);
    expect(Object.keys(threads[0].user)).toEqual(['firstName']);
    expect(threads[0].category.name).toBe('Pay and conditions');
    const jobHunting = categories[0].id;
    const filtered = await ok(client.forum.threads.$get({ query: { categoryId: String(jobHunting) } }));
    expect(filtered.map((t) => t.title)).toEqual(['How many applications before you got an interview?']);
    expect((await answer(client.forum.threads.$get({ query: { categoryId: 'abc' } }), 400)).fields).toHaveProperty('categoryId');
  });

  it('answers the real figures for the home claims', async () => {
    const body = await ok(client.stats.$get());
    expect(body).toMatchObject({ schools: 3189, boroughs: 33, activeJobs: 25 });
    expect(body.reviews).toBe((db.$client.prepare('select count(*) n from reviews where is_approved = 1').get() as { n: number }).n);
  });
});

describe('errors', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    // No route declares it, so the typed client cannot name it: a plain request.
    const res = await app.request('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});

describe('compression', () => {
  const { app } = testApp({ demo: false });
  it('gzips answers over 1 KB when the client accepts it, and leaves tiny ones alone', async () => {
    const big = await app.request('/api/schools?limit=50', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(Buffer.from(await big.arrayBuffer())).toString())).toHaveLength(50);
    const small = await app.request('/api/health', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true, pid: process.pid, replication: { enabled: false } });
    const plain = await app.request('/api/schools?limit=50');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
