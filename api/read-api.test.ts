// Every public GET of product §7 against a fresh seeded database.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, reviews, schools, users } from '../db/schema';
import { testApp } from '../test/app';

const NOW = new Date('2026-11-22T12:00:00Z');
const { db, get } = testApp({ now: NOW });

describe('GET /api/health', () => {
  it('answers ok', async () => {
    expect(await get('/api/health')).toMatchObject({ status: 200, body: { ok: true } });
  });
});

describe('GET /api/jobs', () => {
  it('lists active jobs of the last month, newest first, each with its school', async () => {
    const { status, body } = await get('/api/jobs');
    expect(status).toBe(200);
    expect(body).toHaveLength(25);
    const times = body.map((j: any) => Date.parse(j.postedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const maths = body.find((j: any) => j.title === 'Teacher of Mathematics');
    expect(maths).toMatchObject({
      borough: 'Westminster',
      subject: 'Mathematics',
      isExternal: true,
      externalSource: 'Teaching Vacancies',
      salaryMin: 41729,
      salaryMax: 64684,
    }); // Inner London M1-U3, September 2026
    expect(maths.school).toMatchObject({ name: 'Westminster City School' });
    expect(body.find((j: any) => j.title === 'Deputy Headteacher').school).toBeNull();
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
    const ids = (await get('/api/jobs')).body.map((j: any) => j.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(inactive.id);
    db.delete(jobs).where(eq(jobs.id, old.id)).run();
    db.delete(jobs).where(eq(jobs.id, fresh.id)).run();
    db.delete(jobs).where(eq(jobs.id, inactive.id)).run();
  });

  it('filters by search (title, description, employer, school name), case-insensitively', async () => {
    expect((await get('/api/jobs?search=MATHEMATICS')).body.map((j: any) => j.title).sort()).toEqual([
      'Teacher of Mathematics',
      'Teacher of Mathematics (ECTs welcome)',
    ]);
    const bySchool = (await get('/api/jobs?search=soho%20parish')).body;
    expect(bySchool.map((j: any) => j.title)).toEqual(['Year 3 Class Teacher (maternity cover)']);
    const byDescription = (await get('/api/jobs?search=maternity%20cover%20from%20January')).body;
    expect(byDescription).toHaveLength(1);
  });

  it('filters by borough, subject, key stage, contract type, school type and education level', async () => {
    const camden = (await get('/api/jobs?borough=Camden')).body;
    expect(camden.length).toBeGreaterThan(3);
    expect(camden.every((j: any) => j.borough === 'Camden')).toBe(true);
    expect((await get('/api/jobs?subject=Science')).body.map((j: any) => j.title).sort()).toEqual([
      'Head of Science',
      'Teacher of Physics',
    ]);
    expect((await get('/api/jobs?keyStage=Early%20Years')).body.map((j: any) => j.title).sort()).toEqual([
      'Nursery Teacher',
      'Reception Class Teacher',
    ]);
    const temporary = (await get('/api/jobs?contractType=Temporary')).body;
    expect(temporary.map((j: any) => j.title).sort()).toEqual(['Nursery Teacher', 'Year 3 Class Teacher (maternity cover)']);
    const community = (await get('/api/jobs?schoolType=Community%20School')).body;
    expect(community.length).toBeGreaterThan(0);
    expect(community.every((j: any) => j.school?.type === 'Community school')).toBe(true);
    const primary = (await get('/api/jobs?educationLevel=Primary')).body;
    expect(primary.length).toBeGreaterThan(3);
    expect(primary.every((j: any) => j.educationLevel.includes('Primary'))).toBe(true);
    expect((await get('/api/jobs?limit=4')).body).toHaveLength(4);
  });

  it('treats "all" and empty values as no filter', async () => {
    expect((await get('/api/jobs?borough=all&subject=&search=&keyStage=all')).body).toHaveLength(25);
  });

  it('answers 400 with fields for a malformed query, never 500', async () => {
    const bad = await get('/api/jobs?borough=Paris&limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid query');
    expect(Object.keys(bad.body.fields).sort()).toEqual(['borough', 'limit']);
    expect((await get('/api/jobs?limit=0')).status).toBe(400);
    expect((await get(`/api/jobs?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('answers a job detail, 404 for an unknown id, 400 for a non-numeric one', async () => {
    const list = (await get('/api/jobs?limit=1')).body;
    const one = await get(`/api/jobs/${list[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.title).toBe(list[0].title);
    expect(await get('/api/jobs/999999')).toMatchObject({ status: 404, body: { error: 'Job not found' } });
    expect((await get('/api/jobs/abc')).status).toBe(400);
  });
});

describe('GET /api/schools', () => {
  it('lists 200 by default, alphabetically, with rating, review and open job counts and the total', async () => {
    const { status, body, headers } = await get('/api/schools');
    expect(status).toBe(200);
    expect(body).toHaveLength(200);
    expect(headers.get('x-total-count')).toBe('3189');
    const names = body.map((s: any) => s.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0)).toHaveLength(200);
    for (const s of body) {
      expect(typeof s.averageRating).toBe('number');
      expect(typeof s.reviewCount).toBe('number');
      expect(typeof s.openJobsCount).toBe('number');
    }
  });

  it('computes the average from approved reviews only', async () => {
    const westminster = (await get('/api/schools?search=Westminster%20City%20School')).body[0];
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
    const s = (await get('/api/schools?search=aldgate')).body;
    expect(s.map((x: any) => x.name)).toContain('The Aldgate School');
    expect(s.every((x: any) => /aldgate/i.test(`${x.name} ${x.borough} ${x.address}`))).toBe(true);
    expect((await get('/api/schools?search=aldg')).body.map((x: any) => x.name)).toContain('The Aldgate School');
    const city = await get('/api/schools?borough=City%20of%20London');
    expect(city.body).toHaveLength(8);
    expect(city.headers.get('x-total-count')).toBe('8');
    const nursery = (await get('/api/schools?type=Local%20authority%20nursery%20school&limit=5000')).body;
    expect(nursery).toHaveLength(74);
    const send = (await get('/api/schools?educationLevel=SEND&limit=5000')).body;
    expect(send.length).toBeGreaterThan(150);
    expect(send.every((x: any) => x.educationLevel.includes('SEND'))).toBe(true);
    const academies = (await get('/api/schools?type=Academy&limit=5000')).body;
    expect(academies.every((x: any) => x.type.startsWith('Academy'))).toBe(true);
    expect(academies.length).toBeGreaterThan(800);
  });

  it('sorts by rating for the spotlight', async () => {
    const top = (await get('/api/schools?limit=3&sort=rating')).body;
    expect(top).toHaveLength(3);
    expect(top[0].averageRating).toBeGreaterThanOrEqual(top[1].averageRating);
    expect(top[1].averageRating).toBeGreaterThanOrEqual(top[2].averageRating);
    expect(top[2].averageRating).toBeGreaterThan(0);
  });

  it('refuses a bad limit or filter with 400', async () => {
    expect((await get('/api/schools?limit=5001')).status).toBe(400);
    expect((await get('/api/schools?type=Castle')).body.fields.type).toMatch(/Must be one of/);
  });
});

describe('GET /api/schools/:id and its tabs', () => {
  const westminster = db.select().from(schools).where(eq(schools.name, 'Westminster City School')).get()!;

  it('answers the school with stats from approved reviews and its current jobs', async () => {
    const { status, body } = await get(`/api/schools/${westminster.id}`);
    expect(status).toBe(200);
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
    expect(body.jobs.map((j: any) => j.title)).toEqual(['Teacher of Mathematics']);
  });

  it('answers zeros for a school without reviews', async () => {
    const lonely = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
    db.delete(reviews).where(eq(reviews.schoolId, lonely.id)).run();
    const { body } = await get(`/api/schools/${lonely.id}`);
    expect(body.stats).toEqual({
      averageRating: 0,
      totalReviews: 0,
      workLifeBalance: 0,
      compensation: 0,
      careerOpportunities: 0,
      culture: 0,
      leadership: 0,
      recommendationRate: 0,
    });
  });

  it('404 for an unknown id, 400 for a non-numeric one', async () => {
    expect(await get('/api/schools/999999')).toMatchObject({ status: 404, body: { error: 'School not found' } });
    const bad = await get('/api/schools/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.id).toBe('Id must be a number');
    expect((await get('/api/schools/999999/reviews')).status).toBe(404);
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
    const { body } = await get(`/api/schools/${westminster.id}/reviews`);
    expect(body.length).toBeGreaterThan(0);
    expect(body.map((r: any) => r.id)).not.toContain(pending.id);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/userId|demo:|@demo\.invalid|test:author/);
  });

  it('lists interviews without their authors', async () => {
    const withInterview = db.$client.prepare('select school_id from interview_experiences limit 1').get() as { school_id: number };
    const { body } = await get(`/api/schools/${withInterview.school_id}/interviews`);
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]).toHaveProperty('processDescription');
    expect(JSON.stringify(body)).not.toMatch(/userId|demo:/);
  });

  it('answers mood statistics with percentages that add up', async () => {
    const withMood = db.$client
      .prepare('select school_id, count(*) n from school_moods group by school_id order by n desc limit 1')
      .get() as { school_id: number; n: number };
    const { body } = await get(`/api/schools/${withMood.school_id}/mood-stats`);
    expect(body.totalMoods).toBe(withMood.n);
    expect(body.moodBreakdown.map((m: any) => m.mood)).toEqual(['excited', 'happy', 'neutral', 'frustrated', 'stressed']);
    expect(body.moodBreakdown.reduce((s: number, m: any) => s + m.count, 0)).toBe(withMood.n);
    expect(body.averageSentiment).toBeGreaterThanOrEqual(1);
    expect(body.averageSentiment).toBeLessThanOrEqual(5);
    expect(JSON.stringify(body)).not.toMatch(/userId|demo:/);
  });
});

describe('salaries, pay scales, forum, stats', () => {
  it('lists the 10 most recent salaries without authors', async () => {
    const { body } = await get('/api/salaries');
    expect(body).toHaveLength(10);
    const times = body.map((s: any) => Date.parse(s.createdAt));
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
    const { body } = await get('/api/salaries/stats');
    const all = db.$client.prepare('select job_title, count(*) n, avg(annual_salary) a from salaries group by job_title').all() as {
      job_title: string;
      n: number;
      a: number;
    }[];
    for (const g of all) {
      const row = body.averageByRole.find((r: any) => r.role === g.job_title);
      if (g.n < 5) expect(row).toBeUndefined();
      else expect(row).toEqual({ role: g.job_title, count: g.n, average: Math.round(g.a) });
    }
    expect(body.averageByRole.find((r: any) => r.role === 'Cover Supervisor')).toBeUndefined();
    expect(body.averageByExperience.map((e: any) => e.experience)).toEqual([
      '0-2 years',
      '3-5 years',
      '6-10 years',
      '11-15 years',
      '16+ years',
    ]);
  });

  it("every pay row has its source; the 2025 Inner London U2 is £60,464; 2026 is the DfE calculator's, with its caveat; leadership is L1 and L43 only", async () => {
    const all = (await get('/api/pay-scales')).body as {
      paySpine: string;
      point: number;
      pointLabel: string | null;
      annualSalary: number;
      region: string;
      effectiveDate: string;
      source: string | null;
      caveat: string | null;
    }[];
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
    expect((await get('/api/pay-scales')).body).toHaveLength(323);
    const inner = (await get('/api/pay-scales?region=Inner%20London&paySpine=Main%20Pay%20Range&effectiveDate=2025-09-01')).body;
    expect(inner.map((r: any) => r.point)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(inner[0].annualSalary).toBe(40317);
    expect(inner[0].source).toBeTruthy();
    expect((await get('/api/pay-scales?region=all&paySpine=all')).body).toHaveLength(323);
    expect((await get('/api/pay-scales?region=Mars')).status).toBe(400);
  });

  it('answers forum categories in order and approved threads, sticky first', async () => {
    const categories = (await get('/api/forum/categories')).body;
    expect(categories.map((c: any) => c.name)).toEqual([
      'Job hunting',
      'Pay and conditions',
      'Workload and wellbeing',
      'Early career',
      'SEND',
      'Supply teaching',
      'Leadership',
      'Off topic',
    ]);
    const threads = (await get('/api/forum/threads')).body;
    expect(threads).toHaveLength(8);
    expect(threads[0].isSticky).toBe(true);
    expect(threads.every((t: any) => t.isApproved)).toBe(true);
    expect(Object.keys(threads[0].user)).toEqual(['firstName']);
    expect(threads[0].category.name).toBe('Pay and conditions');
    const jobHunting = categories[0].id;
    const filtered = (await get(`/api/forum/threads?categoryId=${jobHunting}`)).body;
    expect(filtered.map((t: any) => t.title)).toEqual(['How many applications before you got an interview?']);
    expect((await get('/api/forum/threads?categoryId=abc')).status).toBe(400);
  });

  it('answers the real figures for the home claims', async () => {
    const { body } = await get('/api/stats');
    expect(body).toMatchObject({ schools: 3189, boroughs: 33, activeJobs: 25 });
    expect(body.reviews).toBe((db.$client.prepare('select count(*) n from reviews where is_approved = 1').get() as { n: number }).n);
  });
});

describe('errors', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    expect(await get('/api/nothing/here')).toMatchObject({ status: 404, body: { error: 'Not found' } });
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
    expect(await small.json()).toEqual({ ok: true, pid: process.pid });
    const plain = await app.request('/api/schools?limit=50');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
