// GET /api/jobs/{id} beside the advert (issue 37 item 2): what teachers say of its school (rating,
// review count, the latest approved review's line, interview count, mood), never who wrote it;
// and a Teaching Vacancies listing's working pattern and contract mapped from its employmentType.
import { isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { interviewExperiences, jobs, reviews, schoolMoods, schools } from '../../db/schema';
import { termsFor } from '../../core/teaching-vacancies';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { createApp } from '../app';
import { REVIEW_LINE_MAX, reviewLine } from './school-voice';

const NOW = new Date('2026-12-06T12:00:00Z');
const db = testDb({ demo: false, now: NOW });
const app = createApp({ db, now: () => NOW, rateLimit: false });
const [school, quiet] = db.select().from(schools).where(isNotNull(schools.latitude)).orderBy(schools.id).limit(2).all();
const job = (schoolId: number | null, title: string) =>
  db
    .insert(jobs)
    .values({ title, description: 'An advert.', borough: 'Camden', schoolId, employerName: schoolId ? null : 'A trust', postedAt: NOW })
    .returning({ id: jobs.id })
    .get().id;

for (const [i, id] of ['v:1', 'v:2', 'v:3'].entries()) signIn(db, { id, email: `${id}@example.test`, firstName: `T${i}` });
const review = (userId: string, overallRating: number, pros: string, day: number, isApproved = true) =>
  db
    .insert(reviews)
    .values({
      userId,
      schoolId: school.id,
      overallRating,
      workLifeBalanceRating: 3,
      compensationRating: 3,
      careerOpportunitiesRating: 3,
      cultureRating: 3,
      leadershipRating: 3,
      pros,
      cons: 'Long days.',
      wouldRecommend: true,
      jobTitle: 'Teacher of Maths',
      isApproved,
      createdAt: new Date(Date.UTC(2026, 10, day)),
    })
    .run();
review('v:1', 5, 'Kind colleagues.\nGood CPD.', 10);
review(
  'v:2',
  3,
  'A supportive head of department who protects planning time, and a behaviour policy that the senior team actually backs up in corridors every day.',
  20,
);
review('v:3', 1, 'Pending words nobody may read yet.', 25, false);
db.insert(interviewExperiences)
  .values({ userId: 'v:1', schoolId: school.id, jobTitle: 'Teacher', processDescription: 'A lesson and a panel.' })
  .run();
for (const [userId, mood] of [
  ['v:1', 'happy'],
  ['v:2', 'happy'],
  ['v:3', 'stressed'],
] as const)
  db.insert(schoolMoods).values({ userId, schoolId: school.id, emoji: '🙂', mood }).run();
const atSchool = job(school.id, 'Teacher of Maths');
const atQuiet = job(quiet.id, 'Teacher of Art');
const atTrust = job(null, 'Teacher of Music');

const get = async (id: number) =>
  (await (await app.request(`/api/jobs/${id}`)).json()) as Record<string, unknown> & { schoolVoice: unknown };

describe('GET /api/jobs/{id}: the school beside the advert', () => {
  it("gives the rating and counts of approved reviews, the latest one's first line (cut at 140), interviews and mood", async () => {
    const voice = (await get(atSchool)).schoolVoice as Record<string, unknown>;
    expect(voice).toEqual({
      reviewCount: 2,
      averageRating: 4,
      interviewCount: 1,
      mood: { total: 3, averageSentiment: 3, top: { mood: 'happy', emoji: '😊', label: 'Generally satisfied', count: 2 } },
      latestReview: {
        id: expect.any(Number),
        overallRating: 3,
        jobTitle: 'Teacher of Maths',
        line: 'A supportive head of department who protects planning time, and a behaviour policy that the senior team actually backs up in corridors…',
        createdAt: '2026-11-20T00:00:00.000Z',
      },
    });
    expect(JSON.stringify(voice)).not.toMatch(/v:\d|Pending words|example\.test/);
  });
  it('says none for a school nobody reviewed, and null for an employer that is not a school here', async () => {
    expect((await get(atQuiet)).schoolVoice).toEqual({
      reviewCount: 0,
      averageRating: null,
      interviewCount: 0,
      mood: null,
      latestReview: null,
    });
    expect((await get(atTrust)).schoolVoice).toBeNull();
  });
});

describe('a review line', () => {
  it('is the first line, whole when short, cut at a word with an ellipsis when long', () => {
    expect(reviewLine('  Kind colleagues.\nGood CPD.')).toBe('Kind colleagues.');
    const long = reviewLine('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(REVIEW_LINE_MAX);
    expect(long).toMatch(/word…$/);
  });
});

describe("a Teaching Vacancies listing's terms (employmentType)", () => {
  it('maps the working pattern, and TEMPORARY to a fixed-term contract', () => {
    expect(termsFor(['FULL_TIME'], 'Permanent')).toEqual({ fullTime: true, partTime: false, contract: 'Permanent' });
    expect(termsFor(['FULL_TIME', 'TEMPORARY'], 'Temporary')).toEqual({ fullTime: true, partTime: false, contract: 'Fixed term' });
    expect(termsFor(['FULL_TIME', 'PART_TIME'], 'Permanent')).toEqual({ fullTime: true, partTime: true, contract: 'Permanent' });
    expect(termsFor(['PART_TIME'], 'Part-time')).toEqual({ fullTime: false, partTime: true, contract: null });
    expect(termsFor(undefined, 'Supply')).toEqual({ fullTime: null, partTime: null, contract: null });
  });
});
