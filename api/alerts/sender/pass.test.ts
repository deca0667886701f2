// The alert pass against a real SMTP server on 127.0.0.1: recipients, headers (RFC 8058), both
// parts; matching (filters, new since the alert, once per alert, 20 a message); schedules;
// closing-date reminders; .eml files without SMTP.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, jobs, reminderPreferences, savedJobs, schools, users, type NewJob } from '../../../db/schema';
import { testDb } from '../../../test/db';
import { createMailer } from './mailer';
import { runAlertsPass, type AlertsDeps } from './pass';
import { verifyUnsubscribeToken } from './settings';
import { localSmtp, readMessage } from './test-mail';

const APP = 'https://teachers.example';
const T0 = new Date('2026-11-20T09:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

let smtp: Awaited<ReturnType<typeof localSmtp>>;
beforeAll(async () => {
  smtp = await localSmtp();
});
afterAll(() => smtp.close());

function setup() {
  const db = testDb({ demo: false, now: T0 });
  const camden = db.select().from(schools).where(eq(schools.borough, 'Camden')).limit(1).get()!;
  const hackney = db.select().from(schools).where(eq(schools.borough, 'Hackney')).limit(1).get()!;
  db.insert(users)
    .values([
      { id: 'u:ada', email: 'ada@example.test', firstName: 'Ada' },
      { id: 'u:bob', email: 'bob@example.test', firstName: 'Bob' },
    ])
    .run();
  let n = 0;
  const addJob = (over: Partial<NewJob> = {}) =>
    db
      .insert(jobs)
      .values({
        title: `Teacher ${++n}`,
        description: 'A job',
        borough: 'Camden',
        schoolId: camden.id,
        subject: 'Mathematics',
        postedAt: T0,
        createdAt: T0,
        salaryMin: 32916,
        salaryMax: 45000,
        applicationDeadline: new Date('2026-12-10T12:00:00Z'),
        ...over,
      })
      .returning()
      .get();
  const addAlert = (over: Partial<typeof alerts.$inferInsert> = {}) =>
    db
      .insert(alerts)
      .values({
        userId: 'u:ada',
        name: 'Maths in Camden',
        filters: { subject: 'Mathematics', borough: 'Camden' },
        frequency: 'instant',
        email: true,
        push: false,
        createdAt: T0,
        ...over,
      })
      .returning()
      .get();
  const deps: AlertsDeps = {
    appUrl: APP,
    mailer: createMailer({ smtpUrl: smtp.url, from: 'Teachers In London Talk <alerts@teachers.example>', production: false }),
    push: null,
  };
  return { db, camden, hackney, addJob, addAlert, deps };
}

describe('alert emails over SMTP', () => {
  it('sends the new matching jobs once: recipients, headers, both parts; a second pass sends nothing new', async () => {
    const { db, hackney, addJob, addAlert, deps } = setup();
    smtp.received.length = 0;
    const alert = addAlert();
    addJob({ title: 'Old maths job', postedAt: minutes(-60), createdAt: minutes(-60) }); // before the alert
    const a = addJob({ title: 'Teacher of Mathematics & Statistics', postedAt: minutes(5), createdAt: minutes(5), salaryText: null });
    const b = addJob({
      title: 'Maths lead (imported late)',
      postedAt: minutes(-600),
      createdAt: minutes(6),
      salaryMin: null,
      salaryMax: null,
      salaryText: 'MPS/UPS (Inner London)',
      applicationDeadline: null,
    });
    addJob({ title: 'History teacher', subject: 'History', postedAt: minutes(5), createdAt: minutes(5) });
    addJob({ title: 'Hackney maths', borough: 'Hackney', schoolId: hackney.id, postedAt: minutes(5), createdAt: minutes(5) });
    addJob({ title: 'Closed maths', isActive: false, postedAt: minutes(5), createdAt: minutes(5) });

    const r1 = await runAlertsPass(db, deps, minutes(10));
    expect(r1).toMatchObject({ alertsDue: 1, alertsSent: 1, jobsSent: 2, emails: 1, failures: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to).toEqual(['ada@example.test']);
    expect(mail.from).toBe('alerts@teachers.example');
    const m = readMessage(mail.raw);
    expect(m.headers.subject).toBe('2 new jobs for "Maths in Camden"');
    expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsub = /^<(https:\/\/teachers\.example\/unsubscribe\/([^>]+))>$/.exec(m.headers['list-unsubscribe']);
    expect(unsub).not.toBeNull();
    expect(verifyUnsubscribeToken(db, unsub![2])).toBe(alert.id);
    expect(m.headers['content-type']).toMatch(/^multipart\/alternative/);

    expect(m.text).toContain('Teacher of Mathematics & Statistics');
    expect(m.text).toContain(`${APP}/jobs/${a.id}`);
    expect(m.text).toContain(`${APP}/jobs/${b.id}`);
    expect(m.text).toContain('Salary: £32,916 - £45,000');
    expect(m.text).toContain('Salary: MPS/UPS (Inner London)');
    expect(m.text).toMatch(/Closing date: Thu 10 December 2026 at 12:00\r?\n/);
    expect(m.text).toContain('Closing date: Not stated');
    expect(m.text).toMatch(/, Camden\r?\n/);
    expect(m.text).not.toMatch(/Old maths|History teacher|Hackney maths|Closed maths/);
    expect(m.html).toContain('Teacher of Mathematics &amp; Statistics');
    expect(m.html).toContain(`href="${APP}/jobs/${a.id}"`);
    expect(m.html).toContain(`href="${unsub![1]}"`);
    expect(m.html).toContain('name="viewport"');
    // No images, no remote resources but links.
    expect(m.html).not.toMatch(/<img|src=|url\(/i);

    const r2 = await runAlertsPass(db, deps, minutes(20));
    expect(r2).toMatchObject({ alertsDue: 1, alertsSent: 0, emails: 0 });
    expect(smtp.received).toHaveLength(1);

    // A new job later: only that one.
    const c = addJob({ title: 'Second in maths', postedAt: minutes(25), createdAt: minutes(25) });
    await runAlertsPass(db, deps, minutes(30));
    expect(smtp.received).toHaveLength(2);
    const m2 = readMessage(smtp.received[1].raw);
    expect(m2.headers.subject).toBe('1 new job for "Maths in Camden"');
    expect(m2.text).toContain(`${APP}/jobs/${c.id}`);
    expect(m2.text).not.toContain(`${APP}/jobs/${a.id}`);
    const counts = db.$client.prepare('select count(*) n from alert_sent_jobs where alert_id = ?').get(alert.id) as { n: number };
    expect(counts.n).toBe(3);
  });

  it('puts at most 20 jobs in a message with a link to see all', async () => {
    const { db, addJob, addAlert, deps } = setup();
    smtp.received.length = 0;
    addAlert({ name: 'Everything', filters: {} });
    for (let i = 0; i < 23; i++) addJob({ postedAt: minutes(1 + i), createdAt: minutes(1 + i) });
    const r = await runAlertsPass(db, deps, minutes(30));
    expect(r.jobsSent).toBe(23);
    const m = readMessage(smtp.received[0].raw);
    expect(m.headers.subject).toBe('23 new jobs for "Everything"');
    expect(m.text.match(/\/jobs\/\d+/g)).toHaveLength(20);
    expect(m.text).toContain(`Showing 20 of 23. See all: ${APP}/jobs`);
    expect(m.html).toContain('See all 23 jobs');
    // All 23 count as sent: the next pass sends nothing.
    await runAlertsPass(db, deps, minutes(40));
    expect(smtp.received).toHaveLength(1);
  });

  it('skips paused alerts, follows a school, and sends daily alerts only after 07:00 London', async () => {
    const { db, camden, hackney, addJob, addAlert, deps } = setup();
    smtp.received.length = 0;
    const paused = addAlert({ active: false });
    const follow = addAlert({ userId: 'u:bob', name: 'Jobs at Hackney school', filters: { schoolId: hackney.id }, frequency: 'daily' });
    addJob({
      title: 'At the followed school',
      borough: 'Hackney',
      schoolId: hackney.id,
      subject: 'English',
      postedAt: minutes(5),
      createdAt: minutes(5),
    });
    addJob({ title: 'Elsewhere', schoolId: camden.id, postedAt: minutes(5), createdAt: minutes(5) });
    // T0 = Fri 20 Nov 09:00 UTC (GMT): the daily alert was made after that day's 07:00.
    expect((await runAlertsPass(db, deps, new Date('2026-11-20T18:00:00Z'))).emails).toBe(0);
    expect((await runAlertsPass(db, deps, new Date('2026-11-21T06:59:00Z'))).emails).toBe(0);
    const r = await runAlertsPass(db, deps, new Date('2026-11-21T07:05:00Z'));
    expect(r.emails).toBe(1);
    expect(smtp.received[0].to).toEqual(['bob@example.test']);
    const m = readMessage(smtp.received[0].raw);
    expect(m.text).toContain('At the followed school');
    expect(m.text).not.toContain('Elsewhere');
    expect(m.text).toContain(`${APP}/schools/${hackney.id}`);
    expect(db.select().from(alerts).where(eq(alerts.id, follow.id)).get()!.lastSentAt).toEqual(new Date('2026-11-21T07:05:00Z'));
    expect(db.select().from(alerts).where(eq(alerts.id, paused.id)).get()!.lastSentAt).toBeNull();
    // Later that day: not due again.
    addJob({
      title: 'Another at the school',
      borough: 'Hackney',
      schoolId: hackney.id,
      postedAt: minutes(60 * 23),
      createdAt: minutes(60 * 23),
    });
    expect((await runAlertsPass(db, deps, new Date('2026-11-21T20:00:00Z'))).alertsDue).toBe(0);
    expect((await runAlertsPass(db, deps, new Date('2026-11-22T07:00:00Z'))).emails).toBe(1);
  });

  it('keeps the jobs unsent when the SMTP server refuses, and sends them next pass', async () => {
    const { db, addJob, addAlert } = setup();
    addAlert();
    addJob({ postedAt: minutes(5), createdAt: minutes(5) });
    const dead: AlertsDeps = {
      appUrl: APP,
      mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'a@b.test', production: false }),
      push: null,
      log: () => {},
    };
    const r = await runAlertsPass(db, dead, minutes(10));
    expect(r).toMatchObject({ emails: 0, failures: 1, alertsSent: 0 });
    expect((db.$client.prepare('select count(*) n from alert_sent_jobs').get() as { n: number }).n).toBe(0);
    smtp.received.length = 0;
    const ok: AlertsDeps = { appUrl: APP, mailer: createMailer({ smtpUrl: smtp.url, from: 'a@b.test', production: false }), push: null };
    expect((await runAlertsPass(db, ok, minutes(20))).emails).toBe(1);
  });
});

describe('closing-date reminders', () => {
  it("one reminder for a saved job closing within 3 days; never twice; never for a closed or removed job; by the user's choice", async () => {
    const { db, addJob, deps } = setup();
    smtp.received.length = 0;
    const now = new Date('2026-11-25T08:00:00Z');
    const soon = addJob({ title: 'Closes in 2 days', applicationDeadline: new Date('2026-11-27T12:00:00Z') });
    const later = addJob({ title: 'Closes in 10 days', applicationDeadline: new Date('2026-12-05T12:00:00Z') });
    const past = addJob({ title: 'Already closed', applicationDeadline: new Date('2026-11-24T12:00:00Z') });
    const removed = addJob({ title: 'Removed from the board', isActive: false, applicationDeadline: new Date('2026-11-26T12:00:00Z') });
    for (const j of [soon, later, past, removed]) db.insert(savedJobs).values({ userId: 'u:ada', jobId: j.id }).run();
    db.insert(savedJobs).values({ userId: 'u:bob', jobId: soon.id }).run();
    db.insert(reminderPreferences).values({ userId: 'u:bob', email: false, push: true }).run();

    const r = await runAlertsPass(db, deps, now);
    expect(r.reminders).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['ada@example.test']);
    const m = readMessage(smtp.received[0].raw);
    expect(m.headers.subject).toBe('Closing soon: Closes in 2 days');
    expect(m.text).toContain(`${APP}/jobs/${soon.id}`);
    expect(m.text).toMatch(/Closing date: Fri 27 November 2026 at 12:00\r?\n/);
    expect(m.text).not.toMatch(/10 days|Already closed|Removed/);
    expect(m.html).toContain('Closes in 2 days');

    expect((await runAlertsPass(db, deps, new Date('2026-11-26T08:00:00Z'))).reminders).toBe(0);
    expect(smtp.received).toHaveLength(1);
    // Bob chose push only and has no device: nothing sent, nothing recorded.
    expect((db.$client.prepare("select count(*) n from job_reminders where user_id = 'u:bob'").get() as { n: number }).n).toBe(0);
    // Ten days later the other job comes into the window: its reminder, once.
    await runAlertsPass(db, deps, new Date('2026-12-03T08:00:00Z'));
    expect(smtp.received).toHaveLength(2);
    expect(readMessage(smtp.received[1].raw).headers.subject).toBe('Closing soon: Closes in 10 days');
  });
});

describe('without SMTP_URL', () => {
  it('writes .eml files outside production and logs their paths; no mailer in production', async () => {
    const { db, addJob, addAlert } = setup();
    const dir = mkdtempSync(join(tmpdir(), 'tilt-mail-'));
    const lines: string[] = [];
    const mailer = createMailer({ from: 'alerts@teachers.example', production: false, mailDir: dir, log: (l) => lines.push(l) })!;
    addAlert();
    addJob({ title: 'Maths for the eml', postedAt: minutes(5), createdAt: minutes(5) });
    await runAlertsPass(db, { appUrl: APP, mailer, push: null }, minutes(10));
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(join(dir, files[0]));
    expect(lines[0]).not.toContain('ada@example.test');
    const m = readMessage(readFileSync(join(dir, files[0]), 'utf8'));
    expect(m.headers.to).toBe('ada@example.test');
    expect(m.text).toContain('Maths for the eml');
    expect(createMailer({ from: 'x@y.test', production: true })).toBeNull();
  });
});
