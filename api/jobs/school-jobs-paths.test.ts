// A school's own job takes every path a job takes (decision 2104): the Jobs list and its filters
// (a second subject or key stage too), search, Near me, an instant alert email within the alerts
// interval of its publication (a real SMTP server on 127.0.0.1), closing reminders, the sitemap,
// and its server-rendered page with a complete JobPosting; closing it takes it off all of them,
// at once, through the answer and page caches.
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, jobReminders, schoolMembers, schools } from '../../db/schema';
import { testDb } from '../../test/db';
import { signIn } from '../../test/app';
import { caller } from '../../test/requests';
import { renderingApp } from '../../test/fake-dist';
import { createMailer } from '../alerts/sender/mailer';
import { dueReminders, runAlertsPass } from '../alerts/sender/pass';
import { localSmtp, readMessage } from '../alerts/sender/test-mail';

const APP_URL = 'https://teachers.example';
const NOW = new Date('2026-11-25T12:00:00Z');
const clock = NOW;

const db = testDb({ demo: true, now: NOW });
const app = renderingApp(db, () => clock, { appUrl: APP_URL, rateLimit: false });
const call = caller(app);
const school = db.select().from(schools).where(isNotNull(schools.latitude)).orderBy(schools.id).get()!;
const staff = signIn(db, { id: 'paths:staff', email: 'staff@example.test' });
db.insert(schoolMembers)
  .values({ userId: 'paths:staff', schoolId: school.id, role: 'editor', method: 'email', verifiedAt: NOW, confirmedAt: NOW })
  .run();
const teacher = signIn(db, { id: 'paths:teacher', email: 'teacher@example.test', firstName: 'Tess' });

const form = (over: Record<string, unknown> = {}) => ({
  publish: 'now',
  roleType: 'Teacher',
  title: 'Teacher of Quantumology',
  description: 'Teach **quantumology** to curious pupils.\n\n- Small classes\n- Great team',
  benefits: 'A *free* gym.',
  educationLevel: 'Secondary',
  keyStages: ['Secondary', 'Sixth Form'],
  subjects: ['Mathematics', 'Computing'],
  contract: 'Fixed term',
  contractMonths: 12,
  workingPatterns: ['Full time', 'Part time'],
  payScale: { region: 'Inner London', paySpine: 'Main Pay Range', effectiveDate: '2025-09-01', from: 'M1', to: 'M6' },
  startDate: '2027-04-19',
  closingDate: '2027-01-15',
  closingTime: '12:00',
  ectSuitable: true,
  visaSponsorship: true,
  howToApply: 'email',
  applyEmail: 'jobs@school.example',
  ...over,
});

interface Page {
  status: number;
  html: string;
  text: string;
  jsonLd: Record<string, any>[];
}
async function page(path: string): Promise<Page> {
  const res = await app.request(path);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return {
    status: res.status,
    html,
    text: main
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' '),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])),
  };
}
const ids = (body: unknown) => (body as { id: number }[]).map((j) => j.id);

let smtp: Awaited<ReturnType<typeof localSmtp>>;
beforeAll(async () => {
  smtp = await localSmtp();
  // The first read of the salary figures on a new database publishes them (a write): done before the cache checks.
  await app.request('/api/salaries/stats');
});
afterAll(() => smtp.close());

describe("a school's own job on every path", () => {
  it('is in the list, its filters (its second subject and key stage too), search, Near me and the school\'s open jobs, with "Posted by the school"', async () => {
    const job = (await call('POST', `/api/schools/${school.id}/jobs`, { cookie: staff, body: form() })).body;
    expect(job.id).toBeGreaterThan(0);
    expect(ids((await call('GET', '/api/jobs')).body)).toContain(job.id);
    for (const q of [
      'subject=Mathematics',
      'subject=Computing',
      'keyStage=Secondary',
      'keyStage=Sixth%20Form',
      'contractType=Temporary',
      'educationLevel=Secondary',
      `borough=${encodeURIComponent(school.borough)}`,
    ]) {
      expect(ids((await call('GET', `/api/jobs?${q}`)).body), q).toContain(job.id);
    }
    for (const q of ['subject=History', 'keyStage=Primary', 'contractType=Permanent'])
      expect(ids((await call('GET', `/api/jobs?${q}`)).body), q).not.toContain(job.id);
    expect(ids((await call('GET', '/api/jobs?search=quantumology')).body)).toEqual([job.id]);
    expect(ids((await call('GET', '/api/jobs?search=curious%20pupils')).body)).toEqual([job.id]);
    const near = await call('GET', `/api/jobs?near=${school.latitude},${school.longitude}&within=1`);
    expect(near.body.find((j: { id: number }) => j.id === job.id)).toMatchObject({ distanceMiles: 0 });
    expect(
      (await call('GET', `/api/schools?search=${encodeURIComponent(school.name)}`)).body.find((s: { id: number }) => s.id === school.id)
        .openJobsCount,
    ).toBeGreaterThanOrEqual(1);

    const list = await page('/jobs');
    expect(list.text).toContain('Teacher of Quantumology');
    expect(list.text).toContain('Posted by the school');
  });

  it("has a page with a complete JobPosting (Google's required and recommended properties), and says who posted it", async () => {
    const job = (await call('POST', `/api/schools/${school.id}/jobs`, { cookie: staff, body: form({ title: 'Teacher of Astrophysics' }) }))
      .body;
    const p = await page(`/jobs/${job.id}`);
    expect(p.status).toBe(200);
    expect(p.text).toContain('Posted by the school');
    expect(p.text).toContain('Fixed term (12 months)');
    expect(p.text).toContain('MPS M1-M6 (Inner London)');
    expect(p.text).toContain('Suitable for early career teachers');
    expect(p.text).toContain('Visa sponsorship available');
    expect(p.html).toContain('<strong>quantumology</strong>');
    expect(p.jsonLd).toHaveLength(1);
    const ld = p.jsonLd[0];
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Teacher of Astrophysics',
      description:
        '<p>Teach <strong>quantumology</strong> to curious pupils.</p>\n<ul>\n<li>Small classes</li>\n<li>Great team</li>\n</ul>\n<p><strong>What we offer</strong></p>\n<p>A <em>free</em> gym.</p>',
      datePosted: NOW.toISOString(),
      validThrough: '2027-01-15T12:00:00+00:00', // London's offset (decision 0308), GMT in January
      employmentType: ['FULL_TIME', 'PART_TIME', 'TEMPORARY'],
      hiringOrganization: {
        '@type': 'Organization',
        name: school.name,
        ...(school.website ? { sameAs: school.website } : {}),
        identifier: { '@type': 'PropertyValue', propertyID: 'URN', value: String(school.urn) },
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          ...(school.address ? { streetAddress: school.address } : {}),
          addressLocality: school.borough,
          ...(school.postcode ? { postalCode: school.postcode } : {}),
          addressRegion: 'London',
          addressCountry: 'GB',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 40317, maxValue: 52300, unitText: 'YEAR' },
      },
      directApply: false,
      url: `${APP_URL}/jobs/${job.id}`,
    });
    expect(school.website && school.address && school.postcode).toBeTruthy();
  });

  it('is in the sitemap while live; closing it takes it off the list, the sitemap and the structured data at once, and its page says it is closed', async () => {
    const job = (await call('POST', `/api/schools/${school.id}/jobs`, { cookie: staff, body: form({ title: 'Teacher of Palaeontology' }) }))
      .body;
    const sitemap = async () => (await app.request('/sitemap.xml')).text();
    expect(await sitemap()).toContain(`<loc>${APP_URL}/jobs/${job.id}</loc>`);
    // Warm both caches, then close.
    expect((await page('/jobs?search=Palaeontology')).text).toContain('Teacher of Palaeontology');
    expect((await page(`/jobs/${job.id}`)).jsonLd).toHaveLength(1);
    expect((await call('POST', `/api/jobs/${job.id}/close`, { cookie: staff })).status).toBe(200);
    expect(await sitemap()).not.toContain(`/jobs/${job.id}<`);
    expect(ids((await call('GET', '/api/jobs?search=Palaeontology')).body)).toEqual([]);
    expect((await page('/jobs?search=Palaeontology')).text).not.toContain('Teacher of Palaeontology');
    const closed = await page(`/jobs/${job.id}`);
    expect(closed.status).toBe(200);
    expect(closed.jsonLd).toEqual([]);
    expect(closed.text).toContain('This job is closed');
  });

  it('an edit shows at once on the list page and the job page (the page cache)', async () => {
    const job = (await call('POST', `/api/schools/${school.id}/jobs`, { cookie: staff, body: form({ title: 'Teacher of Botany' }) })).body;
    expect((await page('/jobs?search=Botany')).text).toContain('Teacher of Botany');
    expect((await page(`/jobs/${job.id}`)).text).toContain('Teacher of Botany');
    expect((await call('PATCH', `/api/jobs/${job.id}`, { cookie: staff, body: form({ title: 'Head of Botany' }) })).status).toBe(200);
    expect((await page('/jobs?search=Botany')).text).toContain('Head of Botany');
    expect((await page(`/jobs/${job.id}`)).text).toContain('Head of Botany');
  });

  it('sends an instant alert within the alerts interval of its publication (on a date), over SMTP', async () => {
    db.insert(alerts)
      .values({
        userId: 'paths:teacher',
        name: 'Computing jobs',
        filters: { subject: 'Computing' },
        frequency: 'instant',
        email: true,
        push: false,
        createdAt: NOW,
      })
      .run();
    const job = (
      await call('POST', `/api/schools/${school.id}/jobs`, {
        cookie: staff,
        body: form({ title: 'Teacher of Robotics', publish: 'on-date', publishOn: '2026-11-27' }),
      })
    ).body;
    const deps = {
      appUrl: APP_URL,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Teachers In London Talk <alerts@teachers.example>', production: false }),
      push: null,
    };
    smtp.received.length = 0;
    // Before its date: nothing; the first pass after it (every ALERTS_INTERVAL_MINUTES): the email.
    await runAlertsPass(db, deps, new Date('2026-11-26T23:55:00Z'));
    expect(smtp.received.map((m) => readMessage(m.raw).text).join('\n')).not.toContain('Teacher of Robotics');
    const r = await runAlertsPass(db, deps, new Date('2026-11-27T00:05:00Z'));
    expect(r.emails).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.map((m) => ({ to: m.to, ...readMessage(m.raw) })).find((m) => m.text.includes('Teacher of Robotics'))!;
    expect(mail.to).toEqual(['teacher@example.test']);
    expect(mail.text).toContain(`${APP_URL}/jobs/${job.id}`);
    expect(mail.text).toContain('Salary: £40,317 - £52,300');
  });

  it('gets closing reminders like any saved job, until it is closed', async () => {
    const job = (
      await call('POST', `/api/schools/${school.id}/jobs`, {
        cookie: staff,
        body: form({ title: 'Teacher of Ceramics', closingDate: '2026-11-27', closingTime: '15:00', startDate: '2027-01-04' }),
      })
    ).body;
    expect((await call('POST', `/api/jobs/${job.id}/save`, { cookie: teacher })).status).toBe(201);
    expect(dueReminders(db, NOW).map((r) => r.id)).toContain(job.id);
    await call('POST', `/api/jobs/${job.id}/close`, { cookie: staff });
    expect(dueReminders(db, NOW).map((r) => r.id)).not.toContain(job.id);
    expect(db.select().from(jobReminders).where(eq(jobReminders.jobId, job.id)).all()).toEqual([]);
  });
});
