// A school publishes at most 20 jobs a London day (decision 2114, issue 41): a publication is a
// job posted now or for a date, or a draft published; drafts and edits of a job already published
// are not. The 21st is a 429 with words and Retry-After (seconds to London midnight), nothing
// written; another school and the next London day are not affected.
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, schoolAudit, schoolMembers, schools } from '../../db/schema';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';
import { createApp } from '../app';
import { createSession } from '../auth/session-store';
import { JOBS_PUBLISHED_PER_DAY } from './school-jobs.service';

// 22:30 in London (BST): London's day ends at 23:00 UTC, an hour before UTC's.
const NOW = new Date('2027-06-14T21:30:00Z');
let clock = NOW;
const db = testDb({ demo: false, now: NOW });
const app = createApp({ db, now: () => clock, rateLimit: false });
const call = caller(app);
const [schoolA, schoolB] = db.select().from(schools).where(isNotNull(schools.latitude)).orderBy(schools.id).limit(2).all();

/** A member of the school's staff, signed in at NOW (a summer's day: the session is made on that clock). */
function member(id: string, schoolId: number) {
  signIn(db, { id, email: `${id}@example.test`, firstName: 'Sam' });
  const cookie = `tilt_session=${createSession(db, id, NOW).token}`;
  db.insert(schoolMembers)
    .values({ userId: id, schoolId, role: 'editor', method: 'email', email: `${id}@school.sch.uk`, verifiedAt: NOW, confirmedAt: NOW })
    .run();
  return cookie;
}
const staffA = member('cap:a', schoolA.id);
const colleagueA = member('cap:a2', schoolA.id);
const staffB = member('cap:b', schoolB.id);

const form = (over: Record<string, unknown> = {}) => ({
  publish: 'now',
  roleType: 'Teacher',
  title: 'Teacher of Mathematics',
  description: 'Teach maths across KS3 and KS4.',
  educationLevel: 'Secondary',
  keyStages: ['Secondary'],
  subjects: ['Mathematics'],
  contract: 'Permanent',
  workingPatterns: ['Full time'],
  salaryMin: 38766,
  salaryMax: 50288,
  startDate: '2027-09-01',
  closingDate: '2027-07-15',
  closingTime: '09:00',
  ectSuitable: true,
  visaSponsorship: false,
  howToApply: 'website',
  applyUrl: 'https://school.example/apply',
  ...over,
});
const post = (body: unknown, cookie = staffA, schoolId = schoolA.id) => call('POST', `/api/schools/${schoolId}/jobs`, { cookie, body });
const written = () => [
  db.select({ n: count() }).from(jobs).get()!.n,
  db.select({ n: count() }).from(schoolAudit).where(eq(schoolAudit.schoolId, schoolA.id)).get()!.n,
];

describe("a school's jobs published in one London day", () => {
  it('stop at the cap with a 429, words and Retry-After; drafts, edits, another school and the next day go on', async () => {
    expect(JOBS_PUBLISHED_PER_DAY).toBe(20);
    // 20 publications by two members: at once, for a later date, and drafts published; drafts themselves are free.
    const draft = async (title: string) => (await post({ publish: 'draft', title }, colleagueA)).body.id as number;
    const drafts = [await draft('Teacher of Art'), await draft('Teacher of Music'), await draft('Teacher of Drama')];
    for (let i = 0; i < 15; i++)
      expect((await post(form({ title: `Teacher of Maths ${i + 1}` }), i % 2 ? colleagueA : staffA)).status).toBe(201);
    for (const day of ['2027-06-20', '2027-06-21'])
      expect((await post(form({ publish: 'on-date', publishOn: day, title: `Scheduled ${day}` }))).status).toBe(201);
    for (const id of drafts)
      expect((await call('PATCH', `/api/jobs/${id}`, { cookie: staffA, body: form({ title: `Published draft ${id}` }) })).status).toBe(200);
    const before = written();

    const refused = await post(form({ title: 'One job too many' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('5400');
    const words = `Your school has published ${JOBS_PUBLISHED_PER_DAY} jobs today, the most for one day. You can publish more from midnight (London time); save this one as a draft meanwhile.`;
    expect(refused.body).toEqual({ error: words, fields: { publish: words } });
    expect((await post(form({ publish: 'on-date', publishOn: '2027-06-22' }), colleagueA)).status).toBe(429);
    expect(written()).toEqual(before);

    // A draft is still saved; publishing it is the 21st publication. Closing a job frees nothing.
    const late = await post({ publish: 'draft', title: 'Teacher of Latin' });
    expect(late.status).toBe(201);
    expect((await call('PATCH', `/api/jobs/${late.body.id}`, { cookie: staffA, body: form({ title: 'Teacher of Latin' }) })).status).toBe(
      429,
    );
    expect((await call('POST', `/api/jobs/${drafts[0]}/close`, { cookie: staffA })).status).toBe(200);
    expect((await post(form())).status).toBe(429);
    // An edit of a job already published (live or scheduled) is no new publication.
    const live = db
      .select()
      .from(jobs)
      .where(and(eq(jobs.schoolId, schoolA.id), eq(jobs.title, 'Teacher of Maths 1')))
      .get()!;
    expect(
      (await call('PATCH', `/api/jobs/${live.id}`, { cookie: staffA, body: form({ title: 'Teacher of Maths 1 (KS3)' }) })).status,
    ).toBe(200);
    const scheduled = db.select().from(jobs).where(eq(jobs.title, 'Scheduled 2027-06-20')).get()!;
    const moved = await call('PATCH', `/api/jobs/${scheduled.id}`, {
      cookie: staffA,
      body: form({ publish: 'on-date', publishOn: '2027-06-25', title: 'Scheduled 2027-06-20' }),
    });
    expect(moved.status).toBe(200);

    // Another school has its own day.
    expect((await post(form(), staffB, schoolB.id)).status).toBe(201);
    // At midnight in London (23:00 UTC in summer, still 14 June in UTC) the school publishes again.
    clock = new Date('2027-06-14T22:59:59Z');
    expect((await post(form())).headers.get('Retry-After')).toBe('1');
    clock = new Date('2027-06-14T23:00:00Z');
    expect((await call('PATCH', `/api/jobs/${late.body.id}`, { cookie: staffA, body: form({ title: 'Teacher of Latin' }) })).status).toBe(
      200,
    );
    expect((await post(form({ title: 'The next day' }))).status).toBe(201);
  });
});
