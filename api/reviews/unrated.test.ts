// Ratings left unrated (issue 37 item 10, decision 2027): the overall rating is required; the
// other five may be left out and are then "not rated" (null), counted in no average and no count.
// A review with only the overall rating moves the overall average and nothing else.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviews, schoolStats, schools } from '../../db/schema';
import { recountMismatches } from '../../db/kept-figures';
import { signIn, testApp } from '../../test/app';
import { approvedBy, reviewBody } from '../../test/moderated';
import { caller } from '../../test/requests';

const NOW = new Date('2026-12-06T12:00:00Z');
const { db, app } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
const admin = signIn(db, { id: 'ur:admin', email: 'admin@example.test', firstName: 'Root' });
const [school] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(1).all();
const texts = { pros: 'Kind colleagues and calm corridors', cons: 'Marking load in the spring', wouldRecommend: true };
const onlyOverall = { overallRating: 2, jobTitle: 'Teacher', yearsAtSchool: '1-2 years', ...texts };
const stats = async () => (await call('GET', `/api/schools/${school.id}`)).body.stats;

describe('a review that rates only what its author chose', () => {
  it('refuses a review without the overall rating with the product words, nothing written', async () => {
    const ada = signIn(db, { id: 'ur:ada', email: 'ada@example.test', firstName: 'Ada' });
    const before = db.select().from(reviews).all().length;
    const { overallRating: _, ...withoutOverall } = onlyOverall;
    const sent = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: ada, body: withoutOverall });
    expect(sent.status).toBe(400);
    expect(sent.body.fields).toEqual({ overallRating: 'Rating must be between 1 and 5' });
    expect(db.select().from(reviews).all().length).toBe(before);
  });

  it('with only the overall rating changes only the overall average; the sub-ratings stay over those who gave them', async () => {
    const bea = signIn(db, { id: 'ur:bea', email: 'bea@example.test', firstName: 'Bea' });
    const cy = signIn(db, { id: 'ur:cy', email: 'cy@example.test', firstName: 'Cy' });
    await approvedBy(call, admin).review(bea, school.id, reviewBody([4, 4, 2, 3, 5, 1], texts));
    const before = await stats();

    const id = await approvedBy(call, admin).review(cy, school.id, onlyOverall);
    const row = db.select().from(reviews).where(eq(reviews.id, id)).get()!;
    expect(row).toMatchObject({
      overallRating: 2,
      workLifeBalanceRating: null,
      compensationRating: null,
      careerOpportunitiesRating: null,
      cultureRating: null,
      leadershipRating: null,
    });
    const after = await stats();
    expect(after.totalReviews).toBe(before.totalReviews + 1);
    // The overall average takes the new 2 in ...
    expect(after.averageRating).not.toBe(before.averageRating);
    expect(after.averageRating).toBeCloseTo((before.averageRating * before.totalReviews + 2) / (before.totalReviews + 1), 1);
    // ... and every sub-rating's average and count is exactly what it was (a 5 would have moved them all).
    for (const key of ['workLifeBalance', 'compensation', 'careerOpportunities', 'culture', 'leadership'] as const) {
      expect(after[key]).toBe(before[key]);
      expect(after.ratingCounts[key]).toBe(before.ratingCounts[key]);
    }
    expect(after.ratingCounts.workLifeBalance).toBe(before.totalReviews);

    // The public list says which were given: null, never a made-up 5.
    const listed = (await call('GET', `/api/schools/${school.id}/reviews`)).body as { id: number; leadershipRating: number | null }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ overallRating: 2, workLifeBalanceRating: null, leadershipRating: null });
    expect(recountMismatches(db)).toEqual([]);
  });

  it('averages a sub-rating over the reviews that gave it', async () => {
    const other = db
      .select({ id: schools.id })
      .from(schools)
      .innerJoin(schoolStats, eq(schoolStats.schoolId, schools.id))
      .where(and(eq(schools.isActive, true), eq(schoolStats.reviewCount, 0)))
      .orderBy(schools.id)
      .limit(1)
      .get()!;
    const empty = (await call('GET', `/api/schools/${other.id}`)).body.stats;
    expect(empty.totalReviews).toBe(0);
    const dee = signIn(db, { id: 'ur:dee', email: 'dee@example.test', firstName: 'Dee' });
    const eve = signIn(db, { id: 'ur:eve', email: 'eve@example.test', firstName: 'Eve' });
    await approvedBy(call, admin).review(dee, other.id, { ...onlyOverall, overallRating: 5, cultureRating: 2 });
    await approvedBy(call, admin).review(eve, other.id, { ...onlyOverall, overallRating: 3, cultureRating: null, leadershipRating: 4 });
    const s = (await call('GET', `/api/schools/${other.id}`)).body.stats;
    expect(s).toMatchObject({
      averageRating: 4,
      totalReviews: 2,
      culture: 2,
      leadership: 4,
      workLifeBalance: 0,
      ratingCounts: { workLifeBalance: 0, compensation: 0, careerOpportunities: 0, culture: 1, leadership: 1 },
    });
  });
});
