// The data versions (decision 1057): the triggers move the version of exactly the public data a
// commit changed, whoever commits (this connection, another process), and nothing for a write
// visitors cannot see.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { forumPosts, forumThreads, hiddenContent, jobs, reviews, salaries, savedJobs, schools, users } from '../../db/schema';
import { testDb } from '../../test/db';
import { policyOf } from './route';
import { createSession, validateSession } from '../auth/session-store';
import { DATA_TAGS, DataVersions, builtFrom, isCurrent, type DataTag } from './data-versions';

const now = new Date('2026-11-24T12:00:00Z');
const db = testDb({ now });
const versions = new DataVersions(db, () => now);
const school = db.select().from(schools).where(eq(schools.urn, 100001)).get()!;
db.insert(users).values({ id: 'dv:ann', firstName: 'Ann' }).run();

/** The tags whose version moved while `write` ran. */
function moved(write: () => void): DataTag[] {
  const before = versions.current();
  write();
  const after = versions.current();
  return DATA_TAGS.filter((t) => after.tags[t] !== before.tags[t]);
}

const reviewRow = {
  schoolId: school.id,
  userId: 'dv:ann',
  overallRating: 4,
  workLifeBalanceRating: 4,
  compensationRating: 4,
  careerOpportunitiesRating: 4,
  cultureRating: 4,
  leadershipRating: 4,
  pros: 'Kind colleagues all round',
  cons: 'Busy weeks',
  jobTitle: 'Teacher',
  yearsAtSchool: '1-2 years',
  wouldRecommend: true,
};

describe('data versions', () => {
  it('a pending review moves nothing; its approval moves reviews and schools (the kept rating); hiding it moves reviews', () => {
    let id = 0;
    expect(
      moved(
        () =>
          (id = db
            .insert(reviews)
            .values({ ...reviewRow, isApproved: false })
            .returning({ id: reviews.id })
            .get().id),
      ),
    ).toEqual([]);
    expect(moved(() => db.update(reviews).set({ isApproved: true }).where(eq(reviews.id, id)).run())).toEqual(['schools', 'reviews']);
    expect(moved(() => db.insert(hiddenContent).values({ kind: 'review', targetId: id, hiddenAt: now }).run())).toEqual(['reviews']);
  });

  it('a pending thread or reply, a counted view, a save, a session touch, a held-back salary move nothing', () => {
    const thread = db.select().from(forumThreads).where(eq(forumThreads.isApproved, true)).limit(1).get()!;
    const categoryId = thread.categoryId;
    expect(
      moved(() =>
        db
          .insert(forumThreads)
          .values({ categoryId, userId: 'dv:ann', title: 'Pending', slug: 'pending', content: 'Waiting for moderation', isApproved: false })
          .run(),
      ),
    ).toEqual([]);
    expect(
      moved(() =>
        db.insert(forumPosts).values({ threadId: thread.id, userId: 'dv:ann', content: 'A pending reply', isApproved: false }).run(),
      ),
    ).toEqual([]);
    expect(
      moved(() =>
        db
          .update(forumThreads)
          .set({ viewCount: sql`${forumThreads.viewCount} + 1` })
          .where(eq(forumThreads.id, thread.id))
          .run(),
      ),
    ).toEqual([]);
    const job = db.select().from(jobs).limit(1).get()!;
    expect(moved(() => db.insert(savedJobs).values({ userId: 'dv:ann', jobId: job.id }).run())).toEqual([]);
    let token = '';
    expect(moved(() => (token = createSession(db, 'dv:ann', new Date(now.getTime() - 2 * 3_600_000)).token))).toEqual([]);
    // Its next use, two hours on, refreshes it (a write).
    expect(moved(() => expect(validateSession(db, token, now)?.refreshed).toBe(true))).toEqual([]);
    let salaryId = 0;
    const salary = {
      userId: 'dv:ann',
      jobTitle: 'Primary Teacher',
      schoolType: 'Academy',
      borough: 'Camden',
      yearsExperience: '3-5 years',
      annualSalary: 40_000,
    };
    expect(moved(() => (salaryId = db.insert(salaries).values(salary).returning({ id: salaries.id }).get().id))).toEqual([]);
    // Published by the daily batch: now visitors see it.
    expect(moved(() => db.update(salaries).set({ publishedAt: now }).where(eq(salaries.id, salaryId)).run())).toEqual(['salaries']);
    // A sticky flag on an approved thread, and an author's new name, are seen in the forum.
    expect(moved(() => db.update(forumThreads).set({ isSticky: !thread.isSticky }).where(eq(forumThreads.id, thread.id)).run())).toEqual([
      'forum',
    ]);
    expect(moved(() => db.update(users).set({ firstName: 'Annie' }).where(eq(users.id, 'dv:ann')).run())).toEqual(['forum']);
  });

  it('sees a commit by another connection (another worker process, a script) on the same file', () => {
    const other = openDatabase(db.$client.name);
    expect(
      moved(() =>
        other
          .update(jobs)
          .set({ title: 'Renamed elsewhere' })
          .where(eq(jobs.id, db.select().from(jobs).limit(1).get()!.id))
          .run(),
      ),
    ).toEqual(['jobs']);
    other.$client.close();
  });

  it('keeps an entry current until one of its own data moves, or the minute turns', () => {
    const built = builtFrom(versions.current(), ['pay_scales']);
    db.insert(reviews)
      .values({ ...reviewRow, isApproved: true })
      .run();
    expect(isCurrent(built, versions.current())).toBe(true);
    db.$client.prepare('update pay_scales set annual_salary = annual_salary where id = (select min(id) from pay_scales)').run();
    expect(isCurrent(built, versions.current())).toBe(false);
    let clock = now;
    const timed = new DataVersions(db, () => clock);
    const early = builtFrom(timed.current(), []);
    clock = new Date(now.getTime() + 60_000);
    expect(isCurrent(early, timed.current())).toBe(false);
  });

  it('a shared read must name its data; a write or a read kept per user may name what it touches (81a139f)', () => {
    expect(() => policyOf('get', '/x', { access: 'public', cache: 'everyone' })).toThrow(/names the data/);
    expect(policyOf('get', '/x', { access: 'user', data: ['jobs'] })).toMatchObject({ cache: 'owner', data: ['jobs'] });
    expect(policyOf('post', '/x', { access: 'user', limit: 'write', data: ['reviews'] })).toMatchObject({
      cache: 'none',
      data: ['reviews'],
    });
    expect(policyOf('get', '/x', { access: 'public', cache: 'everyone', data: ['jobs'] }).data).toEqual(['jobs']);
  });

  it("a shared read names no data without a version (the staff's): nothing would drop its answer (decision 0015)", () => {
    expect(() => policyOf('get', '/x', { access: 'public', cache: 'everyone', data: ['schools', 'staff'] })).toThrow(/only versioned data/);
    expect(() => policyOf('get', '/x', { access: 'public', cache: 'visitors', data: ['staff'] })).toThrow(/only versioned data/);
    expect(policyOf('get', '/x', { access: 'user', cache: 'none', data: ['staff'] }).data).toEqual(['staff']);
  });
});
