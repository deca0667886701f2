import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { SEED_FINGERPRINT_KEY, seed } from './seed/index';
import * as t from './schema';
import { tempDbPath, testDb } from '../test/db';

function fresh() {
  return openDatabase(tempDbPath());
}

/** A copy of the run's template: migrated and seeded without the demo layer (test/db.ts), as fresh() + seed() would be. */
function seeded() {
  return testDb({ demo: false });
}

/** One database migrated and seeded from nothing in this file, for the tests that only read what the seed loaded. */
let fromNothing: { db: ReturnType<typeof fresh>; result: ReturnType<typeof seed> } | undefined;
function seededFromNothing() {
  if (!fromNothing) {
    const db = fresh();
    fromNothing = { db, result: seed(db, { demo: false }) };
  }
  return fromNothing;
}

const aReview = (schoolId: number, overrides: Partial<typeof t.reviews.$inferInsert> = {}) => ({
  schoolId,
  overallRating: 5,
  workLifeBalanceRating: 4,
  compensationRating: 4,
  careerOpportunitiesRating: 4,
  cultureRating: 4,
  leadershipRating: 4,
  pros: 'Supportive leaders',
  cons: 'Long commute',
  wouldRecommend: true,
  ...overrides,
});

describe('schema constraints', () => {
  const db = seeded();
  const school = db.select().from(t.schools).limit(1).get()!;

  it('refuses a rating of 6 and of 0', () => {
    expect(() =>
      db
        .insert(t.reviews)
        .values(aReview(school.id, { overallRating: 6 }))
        .run(),
    ).toThrow(/CHECK constraint failed/);
    expect(() =>
      db
        .insert(t.reviews)
        .values(aReview(school.id, { leadershipRating: 0 }))
        .run(),
    ).toThrow(/CHECK constraint failed/);
    db.insert(t.reviews).values(aReview(school.id)).run();
    expect(db.select({ n: count() }).from(t.reviews).get()!.n).toBe(1);
  });

  it('enforces foreign keys', () => {
    expect(() => db.insert(t.reviews).values(aReview(999_999)).run()).toThrow(/FOREIGN KEY/);
  });

  it('keeps dfe_number and urn unique, and the product lengths', () => {
    db.update(t.schools).set({ dfeNumber: '201/3614' }).where(eq(t.schools.id, school.id)).run();
    const other = db.select().from(t.schools).where(sql`${t.schools.id} != ${school.id}`).limit(1).get()!;
    expect(() => db.update(t.schools).set({ dfeNumber: '201/3614' }).where(eq(t.schools.id, other.id)).run()).toThrow(/UNIQUE/);
    expect(() => db.update(t.schools).set({ urn: school.urn }).where(eq(t.schools.id, other.id)).run()).toThrow(/UNIQUE/);
    expect(() =>
      db
        .update(t.schools)
        .set({ name: 'x'.repeat(256) })
        .where(eq(t.schools.id, other.id))
        .run(),
    ).toThrow(/schools_name_len/);
    expect(() =>
      db
        .update(t.schools)
        .set({ phoneNumber: '0'.repeat(21) })
        .where(eq(t.schools.id, other.id))
        .run(),
    ).toThrow(/schools_phone_number_len/);
  });

  it('allows one saved row per user and job, and one mood per user and school', () => {
    db.insert(t.users).values({ id: 'test:1', email: 'a@example.test' }).run();
    const job = db.insert(t.jobs).values({ title: 'Teacher', description: 'Teach', borough: 'Camden' }).returning().get();
    db.insert(t.savedJobs).values({ userId: 'test:1', jobId: job.id }).run();
    expect(() => db.insert(t.savedJobs).values({ userId: 'test:1', jobId: job.id }).run()).toThrow(/UNIQUE/);
    db.insert(t.schoolMoods).values({ userId: 'test:1', schoolId: school.id, emoji: '😊', mood: 'happy' }).run();
    expect(() => db.insert(t.schoolMoods).values({ userId: 'test:1', schoolId: school.id, emoji: '😊', mood: 'happy' }).run()).toThrow(
      /UNIQUE/,
    );
    expect(() => db.insert(t.schoolMoods).values({ userId: 'test:1', schoolId: other(), emoji: '🙃', mood: 'ecstatic' }).run()).toThrow(
      /school_moods_mood_enum/,
    );
    function other() {
      return db.select().from(t.schools).where(sql`${t.schools.id} != ${school.id}`).limit(1).get()!.id;
    }
  });

  it('refuses salaries outside £15,000 to £200,000', () => {
    const base = { jobTitle: 'Primary Teacher', schoolType: 'Academy', borough: 'Camden', yearsExperience: '0-2 years' };
    expect(() =>
      db
        .insert(t.salaries)
        .values({ ...base, annualSalary: 14_999 })
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      db
        .insert(t.salaries)
        .values({ ...base, annualSalary: 200_001 })
        .run(),
    ).toThrow(/CHECK/);
    db.insert(t.salaries)
      .values({ ...base, annualSalary: 15_000 })
      .run();
  });

  it('runs in WAL mode with foreign keys on', () => {
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

// Each test seeds the whole register once or twice (8-15 s each on a busy 2-core box): a minute or two each, not 30 s.
describe('seed', { timeout: 120_000 }, () => {
  const tables = [
    'users',
    'schools',
    'jobs',
    'reviews',
    'interview_experiences',
    'salaries',
    'pay_scales',
    'school_moods',
    'forum_categories',
    'forum_threads',
    'forum_posts',
  ];
  const snapshot = (db: ReturnType<typeof fresh>) =>
    Object.fromEntries(tables.map((name) => [name, db.$client.prepare(`select * from ${name} order by 1`).all()]));

  it('loads every open London school of the register across all 33 authorities', () => {
    const { db, result } = seededFromNothing();
    expect(result.schools).toBe(3189);
    const boroughs = db.select({ borough: t.schools.borough, n: count() }).from(t.schools).groupBy(t.schools.borough).all();
    expect(boroughs).toHaveLength(33);
    expect(boroughs.reduce((s, b) => s + b.n, 0)).toBe(3189);
    expect(boroughs.find((b) => b.borough === 'Barnet')?.n).toBe(175);
    const aldgate = db.select().from(t.schools).where(eq(t.schools.urn, 100000)).get()!;
    expect(aldgate).toMatchObject({
      name: 'The Aldgate School',
      borough: 'City of London',
      type: 'Voluntary aided school',
      ofstedRating: 'Outstanding',
      ofstedInspectionDate: '2024-06-12',
      numberOfPupils: 229,
      keyStages: 'Early Years, Primary',
      educationLevel: 'Primary',
      ageRange: '3-11',
      website: 'http://www.sirjohncassprimary.org',
      phoneNumber: '020 7283 1147',
      address: "St James's Passage, Duke's Place, London, EC3A 5DE",
    });
    // Ratings use the product's capitalisation.
    expect(db.select({ n: count() }).from(t.schools).where(eq(t.schools.ofstedRating, 'Requires Improvement')).get()!.n).toBeGreaterThan(
      50,
    );
  });

  it('fills the DfE number of 3,071 schools and the November 2018 census staff figures of 2,060', () => {
    const { db } = seededFromNothing();
    const n = (where: ReturnType<typeof sql>) => db.select({ n: count() }).from(t.schools).where(where).get()!.n;
    expect(n(sql`${t.schools.dfeNumber} is not null`)).toBe(3071);
    expect(n(sql`${t.schools.workforceCensus} is not null`)).toBe(2060);
    // Every figure carries its census month; none without it.
    expect(n(sql`${t.schools.teachersFte} is not null and ${t.schools.workforceCensus} is null`)).toBe(0);
    expect(db.select().from(t.schools).where(eq(t.schools.urn, 100000)).get()).toMatchObject({
      dfeNumber: '201/3614',
      workforceCensus: '2018-11',
      teachersFte: 19.1,
      teachersHeadcount: 24,
      teachingAssistantsFte: 13.4,
      teachingAssistantsHeadcount: 18,
      supportStaffFte: 15.9,
      supportStaffHeadcount: 30,
      pupilTeacherRatio: 15,
    });
    // The census publication suppressed this school's ratio ("SUPP"): null, not 0.
    expect(db.select().from(t.schools).where(eq(t.schools.urn, 136737)).get()).toMatchObject({
      teachersFte: 6.8,
      pupilTeacherRatio: null,
      dfeNumber: '307/5200',
    });
    // An independent school: a DfE number, no census figures.
    expect(db.select().from(t.schools).where(eq(t.schools.urn, 100001)).get()).toMatchObject({
      dfeNumber: '201/6005',
      workforceCensus: null,
      teachersFte: null,
    });
  });

  it('brings changed data files into a database seeded from older ones, never over a fresher register value', () => {
    const db = seeded();
    // As a database seeded before this data arrived, after a register import changed one head and
    // gave 201/6005 to another school.
    db.update(t.schools)
      .set({
        dfeNumber: null,
        workforceCensus: null,
        teachersFte: null,
        teachersHeadcount: null,
        teachingAssistantsFte: null,
        teachingAssistantsHeadcount: null,
        supportStaffFte: null,
        supportStaffHeadcount: null,
        pupilTeacherRatio: null,
      })
      .run();
    db.update(t.schools).set({ headteacher: 'Ms Fresher Import', phase: null }).where(eq(t.schools.urn, 100000)).run();
    db.update(t.schools).set({ dfeNumber: '201/6005' }).where(eq(t.schools.urn, 100002)).run();
    db.update(t.appSettings).set({ value: 'an older register' }).where(eq(t.appSettings.key, SEED_FINGERPRINT_KEY)).run();

    expect(seed(db, { demo: false }).schools).toBe(3189);
    const n = (where: ReturnType<typeof sql>) => db.select({ n: count() }).from(t.schools).where(where).get()!.n;
    // 3,071 less the two schools the import's move touched (each keeps or lacks a number), plus the moved one.
    expect(n(sql`${t.schools.dfeNumber} is not null`)).toBe(3070);
    expect(n(sql`${t.schools.workforceCensus} is not null`)).toBe(2060);
    const aldgate = db.select().from(t.schools).where(eq(t.schools.urn, 100000)).get()!;
    expect(aldgate).toMatchObject({
      headteacher: 'Ms Fresher Import',
      phase: 'Primary',
      dfeNumber: '201/3614',
      teachersFte: 19.1,
      workforceCensus: '2018-11',
    });
    // The number another school now holds is not given twice.
    expect(db.select().from(t.schools).where(eq(t.schools.urn, 100001)).get()!.dfeNumber).toBeNull();
    expect(db.select().from(t.schools).where(eq(t.schools.urn, 100002)).get()!.dfeNumber).toBe('201/6005');
  });

  it('loads every pay-scale row with its source and effective date', () => {
    const { db } = seededFromNothing();
    const rows = db.select().from(t.payScales).all();
    expect(rows).toHaveLength(323);
    expect(new Set(rows.map((r) => r.region))).toEqual(new Set(['England', 'Inner London', 'Outer London', 'London Fringe']));
    expect(new Set(rows.map((r) => r.effectiveDate))).toEqual(new Set(['2023-09-01', '2024-09-01', '2025-09-01', '2026-09-01']));
    expect(rows.every((r) => r.source && r.source.length > 10)).toBe(true);
  });

  it('is idempotent: a second run changes nothing, demo layer included', () => {
    const db = seeded();
    const now = new Date('2026-11-22T12:00:00Z');
    seed(db, { demo: true, now });
    const before = snapshot(db);
    expect(before.reviews.length).toBeGreaterThan(50);
    expect(before.jobs.length).toBe(25);
    const again = seed(db, { demo: true, now: new Date('2026-12-01T12:00:00Z') });
    expect(again.demo).toBe(false);
    expect(snapshot(db)).toEqual(before);
  });

  it('does not load the same real data again on the next start, and does when it changed', () => {
    const db = seeded();
    const fingerprint = db.select().from(t.appSettings).where(eq(t.appSettings.key, SEED_FINGERPRINT_KEY)).get()!.value;
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // A school taken out by an operator stays out while the register file is the one seeded.
    db.delete(t.schools).where(eq(t.schools.urn, 100000)).run();
    const again = seed(db, { demo: false });
    expect(again).toMatchObject({ schools: 3188, payScales: 323, forumCategories: 8 });
    expect(db.select().from(t.schools).where(eq(t.schools.urn, 100000)).get()).toBeUndefined();
    // A different data set (another fingerprint on record): loaded again, missing rows come back.
    db.update(t.appSettings).set({ value: 'an older register' }).where(eq(t.appSettings.key, SEED_FINGERPRINT_KEY)).run();
    expect(seed(db, { demo: false }).schools).toBe(3189);
    expect(db.select({ n: count() }).from(t.schools).get()!.n).toBe(3189);
    expect(db.select().from(t.appSettings).where(eq(t.appSettings.key, SEED_FINGERPRINT_KEY)).get()!.value).toBe(fingerprint);
  });

  it('places demo jobs within the month before the seed', () => {
    const db = seeded();
    const now = new Date('2026-11-22T12:00:00Z');
    seed(db, { demo: true, now });
    const posted = db
      .select({ at: t.jobs.postedAt })
      .from(t.jobs)
      .all()
      .map((j) => j.at.getTime());
    expect(Math.max(...posted)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...posted)).toBeGreaterThan(now.getTime() - 30 * 86_400_000);
  });

  it('leaves the demo layer out when asked', () => {
    const { db } = seededFromNothing();
    expect(db.select({ n: count() }).from(t.jobs).get()!.n).toBe(0);
    expect(db.select({ n: count() }).from(t.reviews).get()!.n).toBe(0);
    expect(db.select({ n: count() }).from(t.forumCategories).get()!.n).toBe(8);
  });
});
