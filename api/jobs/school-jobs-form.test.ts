// The school's job form next to GOV.UK Teaching Vacancies (issue 37 item 12, decision 2115): the
// role (required to publish), a contact for questions, pay scale points across two ranges
// (M1-U3), and Teaching Vacancies' 40 subjects, the same list for the form, the jobs filters and
// job alerts.
import { isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SUBJECTS } from '../../core/filter-lists';
import { ROLE_TYPES } from '../../core/constants';
import { payScales, schoolMembers, schools } from '../../db/schema';
import { subjectFor } from '../../core/teaching-vacancies';
import { signIn } from '../../test/app';
import { testDb } from '../../test/db';
import { caller } from '../../test/requests';
import { createApp } from '../app';

const NOW = new Date('2026-11-25T12:00:00Z');
const db = testDb({ demo: false, now: NOW });
const call = caller(createApp({ db, now: () => NOW, rateLimit: false }));
const [school] = db.select().from(schools).where(isNotNull(schools.latitude)).orderBy(schools.id).limit(1).all();
const staff = signIn(db, { id: 'form:staff', email: 'form@example.test', firstName: 'Sam' });
db.insert(schoolMembers)
  .values({
    userId: 'form:staff',
    schoolId: school.id,
    role: 'editor',
    method: 'email',
    email: 'sam@school.sch.uk',
    verifiedAt: NOW,
    confirmedAt: NOW,
  })
  .run();
const teacher = signIn(db, { id: 'form:teacher', email: 'teacher@example.test', firstName: 'Tess' });

const form = (over: Record<string, unknown> = {}) => ({
  publish: 'now',
  title: 'Head of Drama',
  roleType: 'Head of department or curriculum',
  description: 'Lead a thriving drama department.',
  educationLevel: 'Secondary',
  keyStages: ['Secondary'],
  subjects: ['Drama', 'Media studies'],
  contract: 'Permanent',
  workingPatterns: ['Full time'],
  payScale: {
    region: 'Inner London',
    paySpine: 'Main Pay Range',
    effectiveDate: '2025-09-01',
    from: 'M1',
    to: 'U3',
    toSpine: 'Upper Pay Range',
  },
  startDate: '2027-04-19',
  closingDate: '2027-01-15',
  closingTime: '12:00',
  ectSuitable: false,
  visaSponsorship: false,
  howToApply: 'email',
  applyEmail: 'jobs@school.example',
  contactName: 'Ms A. Okafor, HR',
  contactEmail: 'hr@school.example',
  ...over,
});
const post = (body: unknown) => call('POST', `/api/schools/${school.id}/jobs`, { cookie: staff, body });
const pay = (spine: string, label: string) =>
  db
    .select()
    .from(payScales)
    .all()
    .find((r) => r.region === 'Inner London' && r.effectiveDate === '2025-09-01' && r.paySpine === spine && r.pointLabel === label)!
    .annualSalary;

describe("the job form's new fields", () => {
  it('Teaching Vacancies has 40 subjects and the product keeps its twelve names among them', () => {
    expect(SUBJECTS).toHaveLength(40);
    for (const s of ['Mathematics', 'English', 'Science', 'Modern Languages', 'Art', 'Physical Education', 'Religious Studies', 'PSHE'])
      expect(SUBJECTS).toContain(s);
    for (const s of [
      'Design and technology',
      'Drama',
      'Business studies',
      'Economics',
      'Psychology',
      'Sociology',
      'Media studies',
      'Classics and Latin',
      'Food technology',
      'Citizenship',
    ])
      expect(SUBJECTS).toContain(s);
    expect(ROLE_TYPES).toContain('SENCo');
    expect(ROLE_TYPES).toContain('Teaching assistant');
  });

  it('publishes a job with its role, its contact and pay from M1 to U3, and the public page and answer show them', async () => {
    const res = await post(form());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      roleType: 'Head of department or curriculum',
      contactName: 'Ms A. Okafor, HR',
      contactEmail: 'hr@school.example',
      subject: 'Drama',
      subjects: 'Drama, Media studies',
      salaryMin: pay('Main Pay Range', 'M1'),
      salaryMax: pay('Upper Pay Range', 'U3'),
      salaryText: 'MPS/UPS M1-U3 (Inner London)',
      payScale: { paySpine: 'Main Pay Range', toSpine: 'Upper Pay Range', from: 'M1', to: 'U3' },
    });
    const pub = await call('GET', `/api/jobs/${res.body.id}`, { cookie: teacher });
    expect(pub.status).toBe(200);
    expect(JSON.stringify(pub.body)).toContain('"roleType":"Head of department or curriculum"');
    expect(JSON.stringify(pub.body)).toContain('"contactEmail":"hr@school.example"');
    // The jobs filter (and so an alert) takes the new subjects, and finds the job by its second one.
    const drama = await call('GET', '/api/jobs?subject=Drama');
    expect(drama.status).toBe(200);
    const media = await call('GET', '/api/jobs?subject=Media%20studies');
    expect(media.status).toBe(200);
    expect(JSON.stringify(media.body)).toContain('Head of Drama');
    const alert = await call('POST', '/api/alerts', {
      cookie: teacher,
      body: { name: 'Drama', filters: { subject: 'Drama' }, frequency: 'daily', channels: { email: true } },
    });
    expect(alert.status, JSON.stringify(alert.body)).toBeLessThan(300);
  });

  it('asks for the role to publish, not for a draft; checks the contact', async () => {
    expect(await post(form({ roleType: undefined }))).toMatchObject({ status: 400, body: { fields: { roleType: 'Choose the role' } } });
    expect(await post(form({ roleType: 'Wizard' }))).toMatchObject({ status: 400, body: { fields: { roleType: 'Choose the role' } } });
    expect((await post({ publish: 'draft', title: 'Teacher of Dance' })).status).toBe(201);
    expect(await post(form({ contactEmail: 'not-an-address' }))).toMatchObject({
      status: 400,
      body: { fields: { contactEmail: 'Enter an email address for questions about the job' } },
    });
    expect(await post(form({ contactName: '<script>' }))).toMatchObject({
      status: 400,
      body: { fields: { contactName: 'Enter a contact name of up to 100 characters, no HTML' } },
    });
  });

  it('pay across ranges goes up only: U1 to M3 is refused, M1 to a point not on the range is refused', async () => {
    const scale = (over: Record<string, unknown>) => form({ payScale: { ...form().payScale, ...over } });
    expect((await post(scale({ paySpine: 'Upper Pay Range', from: 'U1', toSpine: 'Main Pay Range', to: 'M3' }))).body).toMatchObject({
      fields: { payScale: 'The last range must be above the first' },
    });
    expect((await post(scale({ to: 'M4' }))).body).toMatchObject({
      fields: { payScale: 'Those pay scale points are not in our pay scales' },
    });
    expect((await post(scale({ toSpine: 'Bonus Range' }))).body).toMatchObject({ fields: { 'payScale.toSpine': 'Choose a pay range' } });
    // Within one range, as before.
    expect((await post(scale({ to: 'M6', toSpine: undefined }))).body).toMatchObject({ salaryText: 'MPS M1-M6 (Inner London)' });
  });

  it("tags the feed's adverts with the new subjects by their titles", () => {
    expect(subjectFor('Head of Drama')).toBe('Drama');
    expect(subjectFor('Teacher of Design & Technology')).toBe('Design and technology');
    expect(subjectFor('Teacher of Economics and Business')).toBe('Economics');
    expect(subjectFor('Teacher of Latin')).toBe('Classics and Latin');
    expect(subjectFor('School Business Manager')).toBeNull();
    expect(subjectFor('Teacher of Physics')).toBe('Science');
  });
});
