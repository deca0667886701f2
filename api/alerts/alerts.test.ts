// Alerts API (alerts and near me): create/list/edit/pause/delete with the zod conventions, the limit of 20,
// ownership, unsubscribe tokens (page API and RFC 8058 one-click POST), reminder preferences,
// push subscriptions, and the cascade when a user is deleted.
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, alertSentJobs, jobs, schools, users } from '../../db/schema';
import { ok, signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { unsubscribeToken } from './sender/settings';
import { alertSummary } from './alerts.queries';

const NOW = new Date('2026-11-22T12:00:00Z');
// Push endpoints resolve through this stand-in for DNS (a public address; nothing connects).
const resolve = async () => [{ address: '142.250.180.10', family: 4 as const }];
const { db, app, client } = testApp({ now: NOW, rateLimit: false, external: { push: { resolve } } });
const call = caller(app);
const rows = (table: string) => (db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
const ada = signIn(db, { id: 'test:ada', email: 'ada@example.test', firstName: 'Ada' });
const bob = signIn(db, { id: 'test:bob', email: 'bob@example.test', firstName: 'Bob' });
/** A browser's subscription keys: a P-256 public key and a 16-byte auth secret. */
function deviceKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const school = db.select().from(schools).where(eq(schools.name, 'Westminster City School')).get()!;

describe('alerts API', () => {
  it('refuses visitors', async () => {
    expect((await call('GET', '/api/alerts')).status).toBe(401);
    expect((await call('POST', '/api/alerts', { body: { frequency: 'daily', channels: { email: true } } })).status).toBe(401);
  });

  it('creates an alert with a readable default name, lists it, edits, pauses, resumes and deletes it', async () => {
    const created = await call('POST', '/api/alerts', {
      cookie: ada,
      body: {
        filters: { subject: 'Mathematics', borough: 'Camden', search: ' head of year ', contractType: 'all' },
        frequency: 'daily',
        channels: { email: true },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Mathematics jobs in Camden matching "head of year"',
      filters: { subject: 'Mathematics', borough: 'Camden', search: 'head of year' },
      frequency: 'daily',
      channels: { email: true, push: false },
      active: true,
      matchCount: 0,
      lastSentAt: null,
    });
    expect(Object.keys(created.body.filters).sort()).toEqual(['borough', 'search', 'subject']);
    const id = created.body.id;

    const list = await ok(client.alerts.$get(undefined, { headers: { Cookie: ada } }));
    expect(list.map((a) => a.id)).toEqual([id]);
    expect((await call('GET', '/api/alerts', { cookie: bob })).body).toEqual([]);

    const paused = await call('PATCH', `/api/alerts/${id}`, { cookie: ada, body: { active: false } });
    expect(paused).toMatchObject({ status: 200, body: { id, active: false, frequency: 'daily' } });
    const edited = await call('PATCH', `/api/alerts/${id}`, {
      cookie: ada,
      body: { active: true, name: 'Maths in Camden', frequency: 'weekly', channels: { email: true, push: true } },
    });
    expect(edited.body).toMatchObject({
      active: true,
      name: 'Maths in Camden',
      frequency: 'weekly',
      channels: { email: true, push: true },
    });

    // Someone else's alert is not found, and nothing changes.
    expect((await call('PATCH', `/api/alerts/${id}`, { cookie: bob, body: { active: false } })).status).toBe(404);
    expect((await call('DELETE', `/api/alerts/${id}`, { cookie: bob })).status).toBe(404);
    expect(db.select().from(alerts).where(eq(alerts.id, id)).get()!.active).toBe(true);

    expect(await call('DELETE', `/api/alerts/${id}`, { cookie: ada })).toMatchObject({ status: 200, body: { deleted: true } });
    expect(db.select().from(alerts).where(eq(alerts.id, id)).get()).toBeUndefined();
    expect((await call('DELETE', `/api/alerts/${id}`, { cookie: ada })).status).toBe(404);
  });

  it('follows a school: the filter is that school, the name says so', async () => {
    const r = await call('POST', '/api/alerts', {
      cookie: bob,
      body: { filters: { schoolId: school.id }, frequency: 'instant', channels: { push: true } },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: `Jobs at ${school.name}`,
      filters: { schoolId: school.id },
      channels: { email: false, push: true },
    });
    const missing = await call('POST', '/api/alerts', {
      cookie: bob,
      body: { filters: { schoolId: 99999999 }, frequency: 'instant', channels: { push: true } },
    });
    expect(missing).toMatchObject({ status: 400, body: { fields: { 'filters.schoolId': 'School not found' } } });
  });

  it('answers bad input with 400 {error, fields} and writes nothing', async () => {
    const before = rows('alerts');
    const bad = [
      [{ frequency: 'hourly', channels: { email: true } }, 'frequency'],
      [{ frequency: 'daily', channels: { email: false, push: false } }, 'channels.email'],
      [{ frequency: 'daily', channels: { email: true }, filters: { borough: 'Paris' } }, 'filters.borough'],
      [{ frequency: 'daily', channels: { email: true }, filters: { colour: 'red' } }, 'filters'],
      [{ frequency: 'daily', channels: { email: true }, name: 'x'.repeat(101) }, 'name'],
      [{ frequency: 'daily', channels: { email: true }, name: '   ' }, 'name'],
    ] as const;
    for (const [body, field] of bad) {
      const r = await call('POST', '/api/alerts', { cookie: ada, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('Invalid input');
      expect(Object.keys(r.body.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await call('POST', '/api/alerts', { cookie: ada, raw: '{nope' })).status).toBe(400);
    expect((await call('PATCH', '/api/alerts/abc', { cookie: ada, body: {} })).status).toBe(400);
    expect(rows('alerts')).toBe(before);
  });

  it('keeps at most 20 alerts a user', async () => {
    const carol = signIn(db, { id: 'test:carol', email: 'carol@example.test' });
    for (let i = 0; i < 20; i++) {
      expect(
        (await call('POST', '/api/alerts', { cookie: carol, body: { name: `Alert ${i}`, frequency: 'weekly', channels: { email: true } } }))
          .status,
      ).toBe(201);
    }
    const over = await call('POST', '/api/alerts', { cookie: carol, body: { frequency: 'weekly', channels: { email: true } } });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/at most 20 alerts/);
    expect((await call('GET', '/api/alerts', { cookie: carol })).body).toHaveLength(20);
  });

  it('unsubscribe links: signed, naming one alert; the page API pauses and undoes; one-click POST pauses with no cookie', async () => {
    const a = (await call('POST', '/api/alerts', { cookie: ada, body: { frequency: 'daily', channels: { email: true } } })).body;
    const b = (
      await call('POST', '/api/alerts', {
        cookie: ada,
        body: { frequency: 'daily', channels: { email: true }, filters: { borough: 'Hackney' } },
      })
    ).body;
    const token = unsubscribeToken(db, a.id);
    expect(token).toMatch(new RegExp(`^${a.id}\\.`));

    expect(await call('GET', `/api/alerts/unsubscribe/${token}`)).toMatchObject({
      status: 200,
      body: { id: a.id, name: 'All jobs', active: true },
    });
    expect(await call('POST', `/api/alerts/unsubscribe/${token}`, { body: {} })).toMatchObject({
      status: 200,
      body: { id: a.id, active: false },
    });
    expect(await call('POST', `/api/alerts/unsubscribe/${token}`, { body: { active: true } })).toMatchObject({
      status: 200,
      body: { active: true },
    });

    // Forged: another alert's id with this signature, a changed signature, garbage.
    const forged = `${b.id}.${token.split('.')[1]}`;
    for (const t of [forged, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'nonsense']) {
      expect((await call('POST', `/api/alerts/unsubscribe/${t}`, { body: {} })).status).toBe(404);
      expect(
        (
          await app.request(`/unsubscribe/${t}`, {
            method: 'POST',
            body: 'List-Unsubscribe=One-Click',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          })
        ).status,
      ).toBe(404);
    }
    expect(db.select().from(alerts).where(eq(alerts.id, b.id)).get()!.active).toBe(true);

    // RFC 8058: the mail provider posts a form, with no cookie and no Origin.
    const res = await app.request(`/unsubscribe/${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ paused: true });
    expect(db.select().from(alerts).where(eq(alerts.id, a.id)).get()!.active).toBe(false);
    expect(db.select().from(alerts).where(eq(alerts.id, b.id)).get()!.active).toBe(true);
  });

  it('reminder preferences: both on by default, saved per user, validated', async () => {
    expect((await call('GET', '/api/alerts/reminders', { cookie: bob })).body).toEqual({ email: true, push: true });
    expect(await call('PUT', '/api/alerts/reminders', { cookie: bob, body: { email: false, push: true } })).toMatchObject({
      status: 200,
      body: { email: false, push: true },
    });
    expect((await call('GET', '/api/alerts/reminders', { cookie: bob })).body).toEqual({ email: false, push: true });
    expect((await call('GET', '/api/alerts/reminders', { cookie: ada })).body).toEqual({ email: true, push: true });
    expect((await call('PUT', '/api/alerts/reminders', { cookie: bob, body: { email: 'yes' } })).status).toBe(400);
  });

  it('push: public key, subscribe (the same device moves to the current user), unsubscribe, validation', async () => {
    const key = await call('GET', '/api/push/key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/api/push/key')).body.publicKey).toBe(key.body.publicKey);

    const sub = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: deviceKeys() };
    expect((await call('POST', '/api/push/subscriptions', { body: sub })).status).toBe(401);
    expect((await call('POST', '/api/push/subscriptions', { cookie: ada, body: sub })).status).toBe(201);
    expect((await call('POST', '/api/push/subscriptions', { cookie: bob, body: sub })).status).toBe(201);
    expect(db.$client.prepare('select user_id from push_subscriptions').all()).toEqual([{ user_id: 'test:bob' }]);
    const bad = await call('POST', '/api/push/subscriptions', {
      cookie: bob,
      body: { endpoint: 'ftp://x', keys: { p256dh: 'a b', auth: '' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
    expect((await call('DELETE', '/api/push/subscriptions', { cookie: ada, body: { endpoint: sub.endpoint } })).body).toEqual({
      subscribed: false,
      removed: 0,
    });
    expect((await call('DELETE', '/api/push/subscriptions', { cookie: bob, body: { endpoint: sub.endpoint } })).body).toEqual({
      subscribed: false,
      removed: 1,
    });
    expect(rows('push_subscriptions')).toBe(0);
  });

  it('deleting a user deletes their alerts, sent-job records, subscriptions, reminders and preferences', async () => {
    const dan = signIn(db, { id: 'test:dan', email: 'dan@example.test' });
    const a = (await call('POST', '/api/alerts', { cookie: dan, body: { frequency: 'instant', channels: { email: true } } })).body;
    const job = db.$client.prepare('select id from jobs limit 1').get() as { id: number };
    db.$client.prepare('insert into alert_sent_jobs (alert_id, job_id, sent_at) values (?, ?, 0)').run(a.id, job.id);
    db.$client.prepare('insert into job_reminders (user_id, job_id, sent_at) values (?, ?, 0)').run('test:dan', job.id);
    await call('PUT', '/api/alerts/reminders', { cookie: dan, body: { email: true, push: false } });
    expect(
      (
        await call('POST', '/api/push/subscriptions', {
          cookie: dan,
          body: { endpoint: 'https://fcm.googleapis.com/fcm/send/dan', keys: deviceKeys() },
        })
      ).status,
    ).toBe(201);
    db.$client.prepare('delete from sessions').run();
    db.delete(users).where(eq(users.id, 'test:dan')).run();
    for (const t of ['alerts', 'job_reminders', 'reminder_preferences', 'push_subscriptions']) {
      expect((db.$client.prepare(`select count(*) n from ${t} where user_id = 'test:dan'`).get() as { n: number }).n, t).toBe(0);
    }
    expect((db.$client.prepare('select count(*) n from alert_sent_jobs where alert_id = ?').get(a.id) as { n: number }).n).toBe(0);
  });
});

describe('GET /api/alerts: what each alert has sent', () => {
  it('counts the jobs each alert has sent, 0 for one that sent none, and lists its last send', async () => {
    const cy = signIn(db, { id: 'test:cy', email: 'cy@example.test', firstName: 'Cy' });
    const add = (name: string, day: number, lastSentAt: Date | null) =>
      db
        .insert(alerts)
        .values({ userId: 'test:cy', name, filters: {}, frequency: 'daily', createdAt: new Date(`2026-11-${day}T08:00:00Z`), lastSentAt })
        .returning({ id: alerts.id })
        .get().id;
    const [j1, j2, j3] = db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id).limit(3).all();
    const first = new Date('2026-11-19T07:00:00Z');
    const second = new Date('2026-11-20T07:00:00Z');
    const three = add('Three sent', 10, second);
    const none = add('None sent', 11, null);
    const one = add('One sent', 12, first);
    db.insert(alertSentJobs)
      .values([
        { alertId: three, jobId: j1.id, sentAt: first },
        { alertId: three, jobId: j2.id, sentAt: second },
        { alertId: three, jobId: j3.id, sentAt: second },
        { alertId: one, jobId: j2.id, sentAt: first },
      ])
      .run();
    const list = await ok(client.alerts.$get(undefined, { headers: { Cookie: cy } }));
    expect(list.map((a) => [a.id, a.matchCount, a.lastSentJobs.map((j) => j.id).sort((x, y) => x - y)])).toEqual([
      [one, 1, [j2.id]],
      [none, 0, []],
      [three, 3, [j2.id, j3.id]],
    ]);
  });
});

describe('alertSummary', () => {
  it('reads like a sentence', () => {
    expect(alertSummary({})).toBe('All jobs');
    expect(alertSummary({ keyStage: 'Primary', contractType: 'Permanent', schoolType: 'Academy' })).toBe(
      'Primary, permanent, Academy schools jobs',
    );
    expect(alertSummary({ schoolId: 3 }, 'Hill School')).toBe('Jobs at Hill School');
  });
});
