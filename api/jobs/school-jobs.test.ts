// A school's own vacancies (decision 2104): the form's rules and their messages, closing times in
// London time, drafts and publication on a date, edits in place, closing, who may act (a member
// of school B can do nothing to school A's jobs nor see its drafts), the feed's copy shown once,
// and the counts a school sees.
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobs, schoolAudit, schoolMembers, schools, users, type NewJob } from '../../db/schema';
import { testDb } from '../../test/db';
import { signIn } from '../../test/app';
import { caller } from '../../test/requests';
import { createApp } from '../app';
import { applyFeed } from './feed-import';
import { TEACHING_VACANCIES_SOURCE } from '../../core/teaching-vacancies';

const NOW = new Date('2026-11-25T12:00:00Z');
let clock = NOW;
const db = testDb({ demo: false, now: NOW });
const app = createApp({ db, now: () => clock, rateLimit: false });
const call = caller(app);

const [schoolA, schoolB, schoolC] = db.select().from(schools).where(isNotNull(schools.latitude)).orderBy(schools.id).limit(3).all();

function member(id: string, schoolId: number) {
  const cookie = signIn(db, { id, email: `${id}@example.test`, firstName: 'Sam' });
  db.insert(schoolMembers)
    .values({ userId: id, schoolId, role: 'editor', method: 'email', email: `${id}@school.sch.uk`, verifiedAt: NOW, confirmedAt: NOW })
    .run();
  return cookie;
}
const staffA = member('sj:a', schoolA.id);
const staffB = member('sj:b', schoolB.id);
const staffC = member('sj:c', schoolC.id);
const teacher = signIn(db, { id: 'sj:teacher', email: 'teacher@example.test' });

/** A complete form: everything a published job needs. */
const form = (over: Record<string, unknown> = {}) => ({
  publish: 'now',
  roleType: 'Teacher',
  title: 'Teacher of Mathematics',
  description: 'Teach **maths** across KS3 and KS4.\n\n- Small classes\n- [Our school](https://school.example/about)',
  benefits: 'A *free* gym and a cycle scheme.',
  educationLevel: 'Secondary',
  keyStages: ['Secondary', 'Sixth Form'],
  subjects: ['Mathematics', 'Computing'],
  contract: 'Permanent',
  workingPatterns: ['Full time', 'Part time'],
  salaryMin: 38766,
  salaryMax: 50288,
  startDate: '2027-04-19',
  closingDate: '2027-01-15',
  closingTime: '09:00',
  ectSuitable: true,
  visaSponsorship: false,
  howToApply: 'website',
  applyUrl: 'https://school.example/apply',
  ...over,
});

const post = (body: unknown, cookie = staffA, schoolId = schoolA.id) => call('POST', `/api/schools/${schoolId}/jobs`, { cookie, body });
/** School C's: the tests of the form's rules publish many jobs in one day, within the cap per school (decision 2114) beside school A's. */
const postC = (body: unknown) => post(body, staffC, schoolC.id);

beforeEach(() => {
  clock = NOW;
});

describe('posting a job: the rules and their messages', () => {
  it("publishes a complete form at once: 201, the school's job on the board, the Markdown rendered and sanitised", async () => {
    const res = await post(form());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Teacher of Mathematics',
      schoolId: schoolA.id,
      borough: schoolA.borough,
      status: 'published',
      state: 'live',
      isActive: true,
      isExternal: false,
      postedBySchool: true,
      subject: 'Mathematics',
      subjects: 'Mathematics, Computing',
      keyStage: 'Secondary',
      keyStages: 'Secondary, Sixth Form',
      contract: 'Permanent',
      contractType: 'Permanent',
      fullTime: true,
      partTime: true,
      salaryMin: 38766,
      salaryMax: 50288,
      salaryText: null,
      startDate: '2027-04-19',
      ectSuitable: true,
      visaSponsorship: false,
      applyUrl: 'https://school.example/apply',
      applyEmail: null,
      postedAt: NOW.toISOString(),
      counts: { views: 0, saves: 0, applyClicks: 0 },
    });
    expect(res.body.descriptionHtml).toBe(
      '<p>Teach <strong>maths</strong> across KS3 and KS4.</p>\n<ul>\n<li>Small classes</li>\n<li><a href="https://school.example/about" rel="nofollow ugc noopener">Our school</a></li>\n</ul>',
    );
    expect(res.body.benefitsHtml).toBe('<p>A <em>free</em> gym and a cycle scheme.</p>');
    // Every action is in the school's audit log.
    expect(
      db
        .select()
        .from(schoolAudit)
        .where(and(eq(schoolAudit.schoolId, schoolA.id), eq(schoolAudit.action, 'job.create')))
        .all()
        .at(-1),
    ).toMatchObject({ actorUserId: 'sj:a', detail: { jobId: res.body.id, status: 'published' } });
  });

  it("checks each field with the product's message, and writes nothing", async () => {
    const before = db.select({ id: jobs.id }).from(jobs).all().length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: 'Art' }, 'title', 'Job title must be at least 4 characters'],
      [{ title: 'x'.repeat(76) }, 'title', 'Job title must be at most 75 characters'],
      [{ title: 'Teacher <b>now</b>' }, 'title', 'Job title cannot contain HTML (< or >)'],
      [{ title: '   ' }, 'title', 'Job title is required'],
      [{ description: '' }, 'description', 'Description is required'],
      [{ educationLevel: 'College' }, 'educationLevel', 'Choose one of the options'],
      [{ keyStages: [] }, 'keyStages', 'Choose at least one key stage'],
      [{ keyStages: ['KS9'] }, 'keyStages.0', 'Choose key stages from the list'],
      [{ subjects: ['Alchemy'] }, 'subjects.0', 'Choose subjects from the list'],
      [{ contract: 'Zero hours' }, 'contract', 'Choose Permanent, Fixed term or Casual'],
      [{ contract: 'Fixed term' }, 'contractMonths', 'How many months is the fixed term? (1 to 24)'],
      [{ contract: 'Fixed term', contractMonths: 30 }, 'contractMonths', 'How many months is the fixed term? (1 to 24)'],
      [{ workingPatterns: [] }, 'workingPatterns', 'Choose full time, part time or both'],
      [{ salaryMin: undefined, salaryMax: undefined }, 'salaryMin', 'Give a salary range or pick pay scale points'],
      [{ salaryMin: 38766.5 }, 'salaryMin', 'Salary must be a whole number of pounds'],
      [{ salaryMin: 50000, salaryMax: 40000 }, 'salaryMax', 'The maximum must not be below the minimum'],
      [{ startDate: '2027-02-30' }, 'startDate', 'Enter a date as yyyy-mm-dd'],
      [{ closingTime: '10:00' }, 'closingTime', 'Closing time must be 08:00, 09:00, 12:00, 15:00 or 23:59'],
      [{ closingDate: undefined }, 'closingDate', 'Closing date is required'],
      [{ ectSuitable: 'maybe' }, 'ectSuitable', 'Choose yes or no'],
      [{ visaSponsorship: undefined }, 'visaSponsorship', 'Choose yes or no'],
      [{ applyUrl: 'javascript:alert(1)' }, 'applyUrl', 'Enter the web address of the application page (http:// or https://)'],
      [{ applyUrl: 'ftp://school.example/form' }, 'applyUrl', 'Enter the web address of the application page (http:// or https://)'],
      [{ howToApply: 'email', applyEmail: 'not-an-address' }, 'applyEmail', 'Enter an email address for applications'],
      [{ howToApply: 'email', applyUrl: undefined }, 'applyEmail', 'Enter an email address for applications'],
      [{ publish: 'on-date' }, 'publishOn', 'Choose the day to publish on'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post(form(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error).toBe('Invalid input');
      expect(res.body.fields[field], JSON.stringify(over)).toBe(message);
    }
    expect(db.select({ id: jobs.id }).from(jobs).all().length).toBe(before);
  });

  it('closes at the chosen London time: GMT in winter, BST in summer; never in the past nor more than 2 years ahead', async () => {
    const winter = await postC(form({ closingDate: '2027-01-15', closingTime: '09:00' }));
    expect(winter.body.applicationDeadline).toBe('2027-01-15T09:00:00.000Z');
    const summer = await postC(form({ closingDate: '2027-07-01', closingTime: '09:00' }));
    expect(summer.body.applicationDeadline).toBe('2027-07-01T08:00:00.000Z');
    const midnight = await postC(form({ closingDate: '2027-06-30', closingTime: '23:59' }));
    expect(midnight.body.applicationDeadline).toBe('2027-06-30T22:59:00.000Z');
    // The day the clocks go forward (28 March 2027): 08:00 is already BST.
    const change = await postC(form({ closingDate: '2027-03-28', closingTime: '08:00' }));
    expect(change.body.applicationDeadline).toBe('2027-03-28T07:00:00.000Z');
    for (const slot of ['08:00', '12:00', '15:00']) expect((await postC(form({ closingTime: slot }))).status).toBe(201);

    // Today at 12:00 London is now (not in the future); 15:00 today is.
    expect((await postC(form({ closingDate: '2026-11-25', closingTime: '12:00' }))).body.fields).toEqual({
      closingDate: 'The closing date must be in the future',
    });
    expect((await postC(form({ closingDate: '2026-11-25', closingTime: '15:00', startDate: '2026-11-25' }))).status).toBe(201);
    // Two years ahead to the minute is allowed; a day more is not.
    expect((await postC(form({ closingDate: '2028-11-25', closingTime: '12:00' }))).status).toBe(201);
    expect((await postC(form({ closingDate: '2028-11-26', closingTime: '08:00' }))).body.fields).toEqual({
      closingDate: 'The closing date must be within 2 years',
    });
    expect((await postC(form({ startDate: '2026-11-24' }))).body.fields).toEqual({ startDate: 'The start date must not be in the past' });
  });

  it('fills the salary from the pay scales: M1-M6 Inner London 2025 is £40,317 - £52,300, "MPS M1-M6 (Inner London)"', async () => {
    const payScale = { region: 'Inner London', paySpine: 'Main Pay Range', effectiveDate: '2025-09-01', from: 'M1', to: 'M6' };
    const res = await postC(form({ salaryMin: undefined, salaryMax: undefined, payScale }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ salaryMin: 40317, salaryMax: 52300, salaryText: 'MPS M1-M6 (Inner London)', payScale });
    const ups = await postC(
      form({ salaryMin: undefined, salaryMax: undefined, payScale: { ...payScale, paySpine: 'Upper Pay Range', from: 'U1', to: 'U3' } }),
    );
    expect(ups.body).toMatchObject({ salaryMin: 57632, salaryMax: 62496, salaryText: 'UPS U1-U3 (Inner London)' });
    expect((await postC(form({ payScale: { ...payScale, to: 'M9' } }))).body).toEqual({
      error: 'Invalid input',
      fields: { payScale: 'Those pay scale points are not in our pay scales' },
    });
    expect((await postC(form({ payScale: { ...payScale, from: 'M6', to: 'M1' } }))).body.fields).toEqual({
      payScale: 'The last point must not be below the first',
    });
  });

  it("files each contract under the board's contract filter", async () => {
    expect((await postC(form({ contract: 'Fixed term', contractMonths: 12 }))).body).toMatchObject({
      contract: 'Fixed term',
      contractMonths: 12,
      contractType: 'Temporary',
    });
    expect((await postC(form({ contract: 'Casual' }))).body).toMatchObject({ contractType: 'Supply', contractMonths: null });
    expect((await postC(form({ workingPatterns: ['Part time'] }))).body).toMatchObject({
      contractType: 'Part-time',
      fullTime: false,
      partTime: true,
    });
    expect(
      (await postC(form({ howToApply: 'email', applyUrl: 'https://ignored.example', applyEmail: 'jobs@school.example' }))).body,
    ).toMatchObject({ applyUrl: null, applyEmail: 'jobs@school.example' });
  });
});

describe('who may act for a school', () => {
  it('refuses a visitor (401), a teacher and a member of another school (403), and a school id that is none (403)', async () => {
    expect((await call('POST', `/api/schools/${schoolA.id}/jobs`, { body: form() })).status).toBe(401);
    expect((await post(form(), teacher)).status).toBe(403);
    const other = await post(form(), staffB);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: 'Only verified staff of this school can do this' });
    expect((await post(form(), staffA, 99_999_999)).status).toBe(403);
    // The member's own school is fine.
    expect((await post(form(), staffB, schoolB.id)).status).toBe(201);
  });

  it("a member of school B cannot edit, close or list school A's jobs, nor see its drafts", async () => {
    const draft = (await post(form({ publish: 'draft', title: 'Secret draft role' }))).body;
    const live = (await post(form({ title: 'Live role at A' }))).body;
    for (const id of [draft.id, live.id]) {
      const patch = await call('PATCH', `/api/jobs/${id}`, { cookie: staffB, body: form({ title: 'Taken over' }) });
      expect(patch.status).toBe(403);
      expect(patch.body).toEqual({ error: 'Only verified staff of this school can do this' });
      expect((await call('POST', `/api/jobs/${id}/close`, { cookie: staffB })).status).toBe(403);
      expect((await call('PATCH', `/api/jobs/${id}`, { cookie: teacher, body: form() })).status).toBe(403);
      expect((await call('PATCH', `/api/jobs/${id}`, { body: form() })).status).toBe(401);
    }
    expect(db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, live.id)).get()!.title).toBe('Live role at A');
    expect((await call('GET', `/api/schools/${schoolA.id}/jobs`, { cookie: staffB })).status).toBe(403);
    // The draft is nobody's to see but its school's staff, through their own list.
    for (const cookie of [staffB, teacher, undefined, staffA])
      expect((await call('GET', `/api/jobs/${draft.id}`, { cookie })).status).toBe(404);
    const own = await call('GET', `/api/schools/${schoolA.id}/jobs`, { cookie: staffA });
    expect(own.body.find((j: { id: number }) => j.id === draft.id)).toMatchObject({ title: 'Secret draft role', state: 'draft' });
    // A feed's advert is not a school's job to edit.
    const advert = db
      .insert(jobs)
      .values({
        title: 'Feed advert',
        description: 'x',
        borough: schoolA.borough,
        schoolId: schoolA.id,
        isExternal: true,
        externalSource: TEACHING_VACANCIES_SOURCE,
        externalId: 'https://tv.example/a',
        postedAt: NOW,
      })
      .returning()
      .get();
    expect((await call('PATCH', `/api/jobs/${advert.id}`, { cookie: staffA, body: form() })).status).toBe(404);
  });
});

describe('drafts, publication on a date, edits and closing', () => {
  it('saves a draft with only its title: not on the board, not to be saved, published later under the same id', async () => {
    const draft = await post({ publish: 'draft', title: 'Head of Science' });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'draft', state: 'draft', isActive: false, description: '', applicationDeadline: null });
    const id = draft.body.id;
    expect((await call('GET', '/api/jobs?search=Head%20Science')).body.map((j: { id: number }) => j.id)).not.toContain(id);
    expect((await call('POST', `/api/jobs/${id}/save`, { cookie: teacher })).status).toBe(404);

    clock = new Date(NOW.getTime() + 3_600_000);
    const published = await call('PATCH', `/api/jobs/${id}`, { cookie: staffA, body: form({ title: 'Head of Science' }) });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id, status: 'published', state: 'live', isActive: true, postedAt: clock.toISOString() });
    expect((await call('GET', `/api/jobs/${id}`)).status).toBe(200);
    expect((await call('GET', '/api/jobs?search=Head%20Science')).body.map((j: { id: number }) => j.id)).toContain(id);
  });

  it('publishes on a date: hidden until 00:00 London time that day, then on the board, with no write in between', async () => {
    const res = await post(form({ publish: 'on-date', publishOn: '2026-12-01', title: 'Scheduled maths post' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'published', state: 'scheduled', isActive: true, postedAt: '2026-12-01T00:00:00.000Z' });
    const id = res.body.id;
    const listed = async () => ((await call('GET', '/api/jobs?search=Scheduled')).body as { id: number }[]).map((j) => j.id);
    expect(await listed()).not.toContain(id);
    expect((await call('GET', `/api/jobs/${id}`)).status).toBe(404);
    clock = new Date('2026-11-30T23:59:00Z');
    expect(await listed()).not.toContain(id);
    clock = new Date('2026-12-01T00:00:00Z');
    expect(await listed()).toContain(id);
    expect((await call('GET', `/api/jobs/${id}`)).body).toMatchObject({ id, title: 'Scheduled maths post' });
    // The unfiltered total counts it from then on too (the kept per-day counts).
    clock = new Date('2026-11-30T12:00:00Z');
    const before = Number((await call('GET', '/api/jobs?limit=1')).headers.get('X-Total-Count'));
    clock = new Date('2026-12-01T12:00:00Z');
    const after = Number((await call('GET', '/api/jobs?limit=1')).headers.get('X-Total-Count'));
    const posted = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), eq(jobs.postedBySchool, true)))
      .all().length;
    expect(after - before).toBeGreaterThanOrEqual(1);
    expect(after).toBeLessThanOrEqual(posted + db.select({ id: jobs.id }).from(jobs).where(eq(jobs.postedBySchool, false)).all().length);

    expect((await post(form({ publish: 'on-date', publishOn: '2026-11-25' }))).body.fields).toEqual({
      publishOn: 'The publication date must be after today',
    });
    expect((await post(form({ publish: 'on-date', publishOn: '2027-01-16' }))).body.fields).toEqual({
      publishOn: 'The job must be published before it closes',
    });
  });

  it('edits in place (same id, same posting time) and shows the edit at once in the list and on the job', async () => {
    const created = (await post(form({ title: 'Teacher of Geography' }))).body;
    const search = async (q: string) =>
      ((await call('GET', `/api/jobs?search=${q}`)).body as { id: number; title: string }[]).find((j) => j.id === created.id);
    expect((await search('Geography'))?.title).toBe('Teacher of Geography');
    expect((await call('GET', `/api/jobs/${created.id}`)).body.title).toBe('Teacher of Geography');
    clock = new Date(NOW.getTime() + 60_000);
    const edited = await call('PATCH', `/api/jobs/${created.id}`, {
      cookie: staffA,
      body: form({ title: 'Lead Teacher of Geography', salaryMin: 41000 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      title: 'Lead Teacher of Geography',
      salaryMin: 41000,
      postedAt: NOW.toISOString(),
      state: 'live',
    });
    expect((await search('Geography'))?.title).toBe('Lead Teacher of Geography');
    expect((await call('GET', `/api/jobs/${created.id}`)).body).toMatchObject({ title: 'Lead Teacher of Geography', salaryMin: 41000 });
    // A live job cannot go back to draft or be rescheduled.
    expect((await call('PATCH', `/api/jobs/${created.id}`, { cookie: staffA, body: form({ publish: 'draft' }) })).status).toBe(409);
    expect(
      (await call('PATCH', `/api/jobs/${created.id}`, { cookie: staffA, body: form({ publish: 'on-date', publishOn: '2026-12-10' }) }))
        .status,
    ).toBe(409);
  });

  it('closes early: off the board, its page still there and saying so; a closed job cannot be edited', async () => {
    const created = (await post(form({ title: 'Teacher of Music' }))).body;
    const closed = await call('POST', `/api/jobs/${created.id}/close`, { cookie: staffA });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: created.id, status: 'closed', state: 'closed', isActive: false, closedAt: NOW.toISOString() });
    expect((await call('GET', '/api/jobs?search=Music')).body.map((j: { id: number }) => j.id)).not.toContain(created.id);
    expect((await call('GET', `/api/jobs/${created.id}`)).body).toMatchObject({ status: 'closed', isActive: false });
    expect((await call('POST', `/api/jobs/${created.id}/close`, { cookie: staffA })).status).toBe(200);
    expect((await call('PATCH', `/api/jobs/${created.id}`, { cookie: staffA, body: form() })).body).toEqual({
      error: 'This job is closed. Post a new job instead.',
    });
  });

  it('the database itself refuses a draft on the board, an unknown status or contract, and an apply link that is not http(s)', () => {
    const row: NewJob = { title: 'x', description: 'x', borough: schoolA.borough, postedBySchool: true };
    expect(() =>
      db
        .insert(jobs)
        .values({ ...row, status: 'draft', isActive: true })
        .run(),
    ).toThrow(/jobs_status_enum/);
    expect(() =>
      db
        .insert(jobs)
        .values({ ...row, status: 'hidden' as 'draft' })
        .run(),
    ).toThrow(/jobs_status_enum/);
    expect(() =>
      db
        .insert(jobs)
        .values({ ...row, contract: 'Zero hours' as 'Casual' })
        .run(),
    ).toThrow(/jobs_contract_enum/);
    expect(() =>
      db
        .insert(jobs)
        .values({ ...row, applyUrl: 'javascript:alert(1)' })
        .run(),
    ).toThrow(/jobs_apply_url_scheme/);
  });
});

describe("the feed's copy of a school's own job", () => {
  const listing = (title: string, datePosted: string, url: string) => ({
    '@type': 'JobPosting',
    title,
    url,
    description: '<p>From the feed</p>',
    datePosted,
    hiringOrganization: { name: schoolA.name, identifier: String(schoolA.urn) },
    jobLocation: { address: { addressRegion: 'London', postalCode: schoolA.postcode } },
  });

  it("is kept off the board (the school's own job is the one shown), whichever arrives first; a copy 30+ days apart is another vacancy", async () => {
    const own = (await post(form({ title: 'Teacher of History' }))).body;
    applyFeed(
      db,
      {
        pages: 1,
        capped: true,
        listings: [
          listing('Teacher of  history ', '2026-11-20T09:00:00Z', 'https://tv.example/history'),
          listing('Teacher of History', '2026-10-26T09:00:00Z', 'https://tv.example/history-old'),
        ],
      },
      NOW,
    );
    const advert = db.select().from(jobs).where(eq(jobs.externalId, 'https://tv.example/history')).get()!;
    expect(advert.isActive).toBe(false);
    const old = db.select().from(jobs).where(eq(jobs.externalId, 'https://tv.example/history-old')).get()!;
    const shown = ((await call('GET', '/api/jobs?search=History')).body as { id: number; title: string }[]).map((j) => j.id);
    // Posted 30 days and 3 hours before the school's job: another vacancy, still listed.
    expect(shown.sort()).toEqual([own.id, old.id].sort());
    expect(old.isActive).toBe(true);

    // The advert first, the school's job after: publishing hides the advert.
    applyFeed(
      db,
      { pages: 1, capped: true, listings: [listing('Teacher of Drama', '2026-11-24T09:00:00Z', 'https://tv.example/drama')] },
      NOW,
    );
    expect(db.select().from(jobs).where(eq(jobs.externalId, 'https://tv.example/drama')).get()!.isActive).toBe(true);
    await post(form({ title: 'Teacher of Drama' }));
    expect(db.select().from(jobs).where(eq(jobs.externalId, 'https://tv.example/drama')).get()!.isActive).toBe(false);
    // A later refresh of the feed keeps it off the board, and never deletes the school's jobs.
    const later = new Date('2027-01-10T12:00:00Z');
    applyFeed(
      db,
      { pages: 1, capped: true, listings: [listing('Teacher of Drama', '2026-12-20T09:00:00Z', 'https://tv.example/drama')] },
      later,
    );
    expect(db.select().from(jobs).where(eq(jobs.externalId, 'https://tv.example/drama')).get()!.isActive).toBe(false);
    expect(db.select().from(jobs).where(eq(jobs.id, own.id)).get()).toBeDefined();
  });
});

describe('what the school sees of each job: views, saves and apply clicks, counts only', () => {
  it('counts a view and an apply click once per viewer a day, saves from saved jobs; never who', async () => {
    const job = (await post(form({ title: 'Teacher of Physical Education' }))).body;
    expect((await call('POST', `/api/jobs/${job.id}/view`)).body).toEqual({ counted: true });
    expect((await call('POST', `/api/jobs/${job.id}/view`)).body).toEqual({ counted: false });
    expect((await call('POST', `/api/jobs/${job.id}/view`, { cookie: teacher })).body).toEqual({ counted: true });
    expect((await call('POST', `/api/jobs/${job.id}/apply-click`, { cookie: teacher })).body).toEqual({ counted: true });
    expect((await call('POST', `/api/jobs/${job.id}/apply-click`, { cookie: teacher })).body).toEqual({ counted: false });
    expect((await call('POST', `/api/jobs/${job.id}/save`, { cookie: teacher })).status).toBe(201);
    clock = new Date(NOW.getTime() + 86_400_000);
    expect((await call('POST', `/api/jobs/${job.id}/view`, { cookie: teacher })).body).toEqual({ counted: true });

    const list = await call('GET', `/api/schools/${schoolA.id}/jobs`, { cookie: staffA });
    expect(list.status).toBe(200);
    const row = list.body.find((j: { id: number }) => j.id === job.id);
    expect(row.counts).toEqual({ views: 3, saves: 1, applyClicks: 1 });
    expect(JSON.stringify(row)).not.toMatch(/sj:teacher|teacher@example/);
    // A draft, or a feed's advert, counts nothing.
    const draft = (await post({ publish: 'draft', title: 'Draft role' })).body;
    expect((await call('POST', `/api/jobs/${draft.id}/view`)).status).toBe(404);
    const advert = db
      .insert(jobs)
      .values({
        title: 'Advert to count',
        description: 'x',
        borough: schoolA.borough,
        schoolId: schoolA.id,
        isExternal: true,
        postedAt: NOW,
      })
      .returning()
      .get();
    expect((await call('POST', `/api/jobs/${advert.id}/view`)).body).toEqual({ counted: false });
  });

  it('a counted view does not empty the shared answer cache (the counts live outside the main database)', async () => {
    const job = (await post(form({ title: 'Teacher of Religious Studies' }))).body;
    const viewer = signIn(db, { id: 'sj:viewer' });
    expect((await app.request('/api/jobs?search=Religious')).headers.get('X-Cache')).toBe('miss');
    expect((await app.request('/api/jobs?search=Religious')).headers.get('X-Cache')).toBe('hit');
    expect((await call('POST', `/api/jobs/${job.id}/view`, { cookie: viewer })).body).toEqual({ counted: true });
    expect((await app.request('/api/jobs?search=Religious')).headers.get('X-Cache')).toBe('hit');
  });

  it("lists drafts, scheduled, live, ended and closed jobs for the school's staff", async () => {
    const b = (title: string, over: Record<string, unknown> = {}) => post(form({ title, ...over }), staffB, schoolB.id);
    await b('B draft', { publish: 'draft' });
    await b('B scheduled', { publish: 'on-date', publishOn: '2026-12-24' });
    await b('B live');
    const closing = (await b('B closing soon', { closingDate: '2026-11-26', closingTime: '08:00', startDate: '2026-12-01' })).body;
    const closed = (await b('B closed')).body;
    await call('POST', `/api/jobs/${closed.id}/close`, { cookie: staffB });
    clock = new Date('2026-11-27T12:00:00Z');
    const list = (await call('GET', `/api/schools/${schoolB.id}/jobs`, { cookie: staffB })).body as { title: string; state: string }[];
    const states = Object.fromEntries(list.filter((j) => j.title.startsWith('B ')).map((j) => [j.title, j.state]));
    expect(states).toEqual({
      'B draft': 'draft',
      'B scheduled': 'scheduled',
      'B live': 'live',
      'B closing soon': 'ended',
      'B closed': 'closed',
    });
    expect(closing.id).toBeGreaterThan(0);
    expect(db.select({ id: users.id }).from(users).where(eq(users.id, 'sj:b')).get()).toBeDefined();
  });
});
