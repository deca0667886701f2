// Every write route of the app is under the write limit (decision 1410): the test walks the app's
// own route table (Hono's app.routes), so a write route added without `rateLimit` fails here.
// Each route is asked once by a signed-in administrator (who passes every role check, and is an
// admin of school 1's staff) whose
// writes for the minute are used up: the answer must be the limit's 429 with Retry-After.
import { describe, expect, it } from 'vitest';
import { alerts, schoolMembers } from '../../../db/schema';
import { unsubscribeToken } from '../../alerts/sender/settings';
import { signIn, testApp } from '../../../test/app';
import { caller } from '../../../test/requests';
import { RateLimiter } from './rate-limit';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Write routes with no write limit, each with its reason. Keep this list short. */
const EXEMPT: Record<string, string> = {
  'POST /api/logout': 'sign-out: ends the session it is sent with (sign-in starts have their own per-IP limit)',
  'POST /api/me/sessions/revoke-others':
    "a security action: whoever holds a stolen session must not be able to block it by using up the owner's writes; a repeat deletes nothing",
  'DELETE /api/me': 'erasure (UK GDPR) must never wait for a window; it happens once per account, so it cannot be repeated',
  'POST /api/jobs/:id/view':
    "a count of a school's job page views (decision 2104): once per viewer a day, outside the main database, limited per IP as a read; reading jobs must never use up a teacher's contribution writes",
  'POST /api/jobs/:id/apply-click': "a count of clicks on a school's job's apply link, as the view count above",
  'POST /unsubscribe/:token':
    'one-click unsubscribe from a mail provider (RFC 8058) must always work; it writes only when the alert is active, and resuming it is limited',
  'POST /api/notifications/unsubscribe/:token':
    "the unsubscribe page's stop of the notification digests: only ever stops (like an alert's pause, never refused), the signed token is its one credential",
  'POST /api/markdown/preview':
    "a form's Preview stores nothing: limited per user in its own bucket (limit 'preview', decision 1411), so previewing never uses up the writer's contributions",
};

const NOW = new Date('2026-11-25T12:00:00Z');

function writeRoutes(app: ReturnType<typeof testApp>['app']): string[] {
  return [...new Set(app.routes.filter((r) => WRITE_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`))].sort();
}

describe('the write limit on every write route', () => {
  it('answers 429 with Retry-After on each write route once the user has used up her writes', async () => {
    const t = testApp({ demo: true, now: NOW, adminEmails: ['admin@limits.example'], rateLimit: { perMinute: 3, perDay: 100 } });
    const call = caller(t.app);
    const userId = 'limits:admin';
    const cookie = signIn(t.db, { id: userId, email: 'admin@limits.example', firstName: 'Ada' });
    const alert = t.db
      .insert(alerts)
      .values({
        userId,
        name: 'All jobs',
        filters: {},
        frequency: 'daily',
        email: true,
        push: false,
        active: false,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning()
      .get();
    const token = unsubscribeToken(t.db, alert.id);
    // A school's own routes need its staff (decision 2103): she is an admin of school 1, where every path below points.
    t.db.insert(schoolMembers).values({ userId, schoolId: 1, role: 'admin', method: 'admin', verifiedAt: NOW, confirmedAt: NOW }).run();
    // The unsubscribe page's own route: a resume is a write of the alert's owner (a pause is never refused).
    const special: Record<string, { path: string; body: unknown; cookie?: string }> = {
      'POST /api/alerts/unsubscribe/:token': { path: `/api/alerts/unsubscribe/${token}`, body: { active: true } },
    };
    const limiter = new RateLimiter(t.db, { perMinute: 3, perDay: 100 });
    for (let i = 0; i < 3; i++) expect(limiter.write(userId, NOW.getTime())).toBeNull();
    // Moderators' and admins' decisions have a bucket of their own, ten times larger: use it up too.
    for (let i = 0; i < 30; i++) expect(limiter.moderate(userId, NOW.getTime())).toBeNull();
    expect(limiter.moderate(userId, NOW.getTime())).not.toBeNull();

    const routes = writeRoutes(t.app);
    expect(routes.length).toBeGreaterThan(25);
    for (const key of Object.keys(EXEMPT)) expect(routes, `exempt route ${key} no longer exists`).toContain(key);
    const checked: string[] = [];
    const unlimited: string[] = [];
    for (const key of routes) {
      if (key in EXEMPT) continue;
      const [method, pattern] = key.split(' ');
      const spec = special[key] ?? { path: pattern.replace(/:kind/g, 'threads').replace(/:[a-z]+/gi, '1'), body: {} };
      const res = await call(method, spec.path, { cookie: spec.cookie ?? cookie, body: spec.body });
      if (res.status !== 429) {
        unlimited.push(`${key} answered ${res.status}`);
        continue;
      }
      expect(res.body, key).toEqual({ error: 'Too many submissions. Please wait a moment and try again.' });
      expect(Number(res.headers.get('retry-after')), key).toBe(60);
      checked.push(key);
    }
    expect(unlimited).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining([
        'POST /api/alerts',
        'PUT /api/alerts/reminders',
        'PATCH /api/alerts/:id',
        'DELETE /api/alerts/:id',
        'POST /api/alerts/unsubscribe/:token',
        'POST /api/push/subscriptions',
        'DELETE /api/push/subscriptions',
      ]),
    );
    expect(checked.length).toBe(routes.length - Object.keys(EXEMPT).length);
  });

  it('the reminder setting and alert creation count: the 4th write in a minute is refused and changes nothing', async () => {
    const t = testApp({ demo: false, now: NOW, rateLimit: { perMinute: 3, perDay: 100 } });
    const call = caller(t.app);
    const cookie = signIn(t.db, { id: 'limits:rae', email: 'rae@example.test', firstName: 'Rae' });
    const statuses: number[] = [];
    for (const email of [false, true, false, true])
      statuses.push((await call('PUT', '/api/alerts/reminders', { cookie, body: { email, push: true } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await call('GET', '/api/alerts/reminders', { cookie })).body).toEqual({ email: false, push: true });
    const created = await call('POST', '/api/alerts', { cookie, body: { frequency: 'daily', channels: { email: true } } });
    expect(created.status).toBe(429);
    expect((await call('GET', '/api/alerts', { cookie })).body).toEqual([]);
  });

  it("a moderator's decisions count in their own larger bucket: her own contributions do not block the queue, and the queue has a limit", async () => {
    const t = testApp({ demo: true, now: NOW, adminEmails: ['mod@limits.example'], rateLimit: { perMinute: 2, perDay: 100 } });
    const call = caller(t.app);
    const cookie = signIn(t.db, { id: 'limits:mod', email: 'mod@limits.example', firstName: 'Mo' });
    const writes: number[] = [];
    for (let i = 0; i < 3; i++)
      writes.push((await call('PUT', '/api/alerts/reminders', { cookie, body: { email: i % 2 === 0, push: true } })).status);
    expect(writes).toEqual([200, 200, 429]);
    // 2 x 10 = 20 decisions a minute: thread flags on a real thread, the 21st refused and not applied.
    const thread = (t.db.$client.prepare('select id from forum_threads where is_approved = 1 order by id limit 1').get() as { id: number })
      .id;
    const flags: number[] = [];
    for (let i = 0; i < 21; i++)
      flags.push((await call('POST', `/api/moderation/threads/${thread}/${i % 2 === 0 ? 'lock' : 'unlock'}`, { cookie, body: {} })).status);
    expect(flags.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(flags[20]).toBe(429);
    expect((t.db.$client.prepare('select is_locked from forum_threads where id = ?').get(thread) as { is_locked: number }).is_locked).toBe(
      0,
    );
  });

  it('the unsubscribe page never refuses a pause, and a pause of a paused alert writes nothing', async () => {
    const t = testApp({ demo: false, now: NOW, rateLimit: { perMinute: 1, perDay: 100 } });
    const call = caller(t.app);
    const userId = 'limits:una';
    signIn(t.db, { id: userId, email: 'una@example.test', firstName: 'Una' });
    const alert = t.db
      .insert(alerts)
      .values({ userId, name: 'All jobs', filters: {}, frequency: 'daily', email: true, push: false, createdAt: NOW, updatedAt: NOW })
      .returning()
      .get();
    const token = unsubscribeToken(t.db, alert.id);
    // A school's own routes need its staff (decision 2103): she is an admin of school 1, where every path below points.
    t.db.insert(schoolMembers).values({ userId, schoolId: 1, role: 'admin', method: 'admin', verifiedAt: NOW, confirmedAt: NOW }).run();
    expect(new RateLimiter(t.db, { perMinute: 1, perDay: 100 }).write(userId, NOW.getTime())).toBeNull();
    const changes = () => (t.db.$client.prepare('select total_changes() n').get() as { n: number }).n;
    expect(await call('POST', `/api/alerts/unsubscribe/${token}`, { body: {} })).toMatchObject({
      status: 200,
      body: { id: alert.id, active: false },
    });
    const before = changes();
    expect(await call('POST', `/api/alerts/unsubscribe/${token}`, { body: {} })).toMatchObject({ status: 200, body: { active: false } });
    const oneClick = await t.app.request(`/unsubscribe/${token}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(changes()).toBe(before);
    const resume = await call('POST', `/api/alerts/unsubscribe/${token}`, { body: { active: true } });
    expect(resume.status).toBe(429);
    expect(t.db.select().from(alerts).get()!.active).toBe(false);
  });
});
