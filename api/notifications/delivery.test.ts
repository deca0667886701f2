// Delivery beyond the bell (decision 2010): the daily digest through a real SMTP server on
// 127.0.0.1 at 07:00 London time, several replies to one thread as one line, nothing read or
// already sent, the one-click unsubscribe (RFC 8058) and the page's link stopping the digests.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumCategories, forumThreads, notificationPreferences, notifications, schools, users } from '../../db/schema';
import { testApp } from '../../test/app';
import { createMailer } from '../alerts/sender/mailer';
import { runAlertsPass, type AlertsDeps } from '../alerts/sender/pass';
import { localSmtp, readMessage } from '../alerts/sender/test-mail';
import { digestLines } from './delivery';

// Wednesday 26 November 2026: London is on GMT, so 07:00 London is 07:00 UTC.
const NOW = new Date('2026-11-26T12:00:00Z');
const at = (iso: string) => new Date(iso);
const { db, app } = testApp({ demo: false, now: NOW, rateLimit: false });
let smtp: Awaited<ReturnType<typeof localSmtp>>;
let deps: AlertsDeps;
beforeAll(async () => {
  smtp = await localSmtp();
  deps = {
    appUrl: 'https://teachers.example',
    mailer: createMailer({ smtpUrl: smtp.url, from: 'Teachers In London Talk <alerts@teachers.example>', production: false }),
    push: null,
  };
});
afterAll(async () => smtp?.close());

const [school] = db.select().from(schools).orderBy(schools.id).limit(1).all();
const category = db.select().from(forumCategories).limit(1).get()!;
db.insert(users)
  .values([
    { id: 'd:dee', email: 'dee@example.test', firstName: 'Dee', lastName: 'Dawson' },
    { id: 'd:app', email: 'app@example.test', firstName: 'Ari' },
  ])
  .run();
const thread = db
  .insert(forumThreads)
  .values({
    categoryId: category.id,
    userId: 'd:dee',
    title: 'Cover supervisors',
    slug: 'cover-supervisors',
    content: 'x',
    isApproved: true,
  })
  .returning()
  .get();
db.insert(notificationPreferences)
  .values([
    { userId: 'd:dee', topic: 'replies', delivery: 'daily' },
    { userId: 'd:dee', topic: 'moderation', delivery: 'daily' },
  ])
  .run();
let post = 1000;
const reply = (userId: string, name: string, createdAt: Date) =>
  db
    .insert(notifications)
    .values({ userId, kind: 'reply', subjectType: 'post', subjectId: post++, threadId: thread.id, actorFirstName: name, createdAt })
    .returning()
    .get();

describe('the daily digest', () => {
  it('at 07:00 London: one email, three replies to one thread as one line, the rejection with its reason; then nothing twice', async () => {
    reply('d:dee', 'Bea', at('2026-11-25T09:00:00Z'));
    reply('d:dee', 'Cat', at('2026-11-25T10:00:00Z'));
    reply('d:dee', 'Bea', at('2026-11-25T11:00:00Z'));
    const read = reply('d:dee', 'Eve', at('2026-11-25T12:00:00Z'));
    db.update(notifications).set({ readAt: NOW }).where(eq(notifications.id, read.id)).run();
    db.insert(notifications)
      .values({
        userId: 'd:dee',
        kind: 'review_rejected',
        subjectType: 'review',
        subjectId: 7,
        schoolId: school.id,
        reason: 'Please leave out names',
        createdAt: at('2026-11-25T13:00:00Z'),
      })
      .run();
    // After today's 07:00: waits for tomorrow's digest.
    const later = reply('d:dee', 'Fay', at('2026-11-26T08:00:00Z'));
    // In the app only: never emailed.
    reply('d:app', 'Bea', at('2026-11-25T09:00:00Z'));

    const result = await runAlertsPass(db, deps, NOW);
    expect(result).toMatchObject({ digests: 1, emails: 1, failures: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['dee@example.test']);
    const mail = readMessage(smtp.received[0].raw);
    expect(mail.headers.subject).toBe('Your daily digest: 2 updates on Teachers In London Talk');
    const lines = mail.text.split(/\r?\n/).filter((l) => l.startsWith('- '));
    expect(lines).toEqual([`- 3 new replies in “Cover supervisors” (Bea, Cat)`, `- Your review of ${school.name} was not published`]);
    expect(mail.text).toContain('Reason given: Please leave out names');
    expect(mail.text).toContain(`https://teachers.example/forum/threads/${thread.id}`);
    expect(mail.text).not.toMatch(/Eve|Fay|Dawson|d:dee/);
    expect(mail.html).toContain('3 new replies in “Cover supervisors” (Bea, Cat)');
    const unsubscribe = /^<(https:\/\/teachers\.example\/unsubscribe\/(d\d+\.[A-Za-z0-9_-]{32}))>$/.exec(mail.headers['list-unsubscribe']);
    expect(unsubscribe).not.toBeNull();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Stop these emails: ${unsubscribe![1]}`);

    // Sent once; the later reply waits for the next 07:00.
    expect(await runAlertsPass(db, deps, at('2026-11-26T18:00:00Z'))).toMatchObject({ digests: 0 });
    expect(db.select().from(notifications).where(eq(notifications.id, later.id)).get()!.emailedAt).toBeNull();
    expect(await runAlertsPass(db, deps, at('2026-11-27T07:05:00Z'))).toMatchObject({ digests: 1 });
    expect(readMessage(smtp.received[1].raw).text).toContain('- Fay replied in “Cover supervisors”');

    // RFC 8058 one-click: a form post with no cookie stops the digests (every topic back to the app).
    const res = await app.request(`/unsubscribe/${unsubscribe![2]}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(
      db
        .select({ topic: notificationPreferences.topic, delivery: notificationPreferences.delivery })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, 'd:dee'))
        .orderBy(notificationPreferences.topic)
        .all(),
    ).toEqual([
      { topic: 'moderation', delivery: 'app' },
      { topic: 'replies', delivery: 'app' },
    ]);
    reply('d:dee', 'Gus', at('2026-11-27T09:00:00Z'));
    expect(await runAlertsPass(db, deps, at('2026-11-28T07:05:00Z'))).toMatchObject({ digests: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("the page's call stops digests too; a made-up or altered token answers 404 and changes nothing", async () => {
    db.insert(notificationPreferences).values({ userId: 'd:app', topic: 'reports', delivery: 'weekly' }).run();
    const n = db.select().from(notifications).where(eq(notifications.userId, 'd:app')).get()!;
    const { digestUnsubscribeToken } = await import('../alerts/sender/settings');
    const token = digestUnsubscribeToken(db, n.id);
    const bad = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const t of [bad, 'd1.short', `d${n.id + 999}.${token.split('.')[1]}`]) {
      const res = await app.request(`/api/notifications/unsubscribe/${t}`, { method: 'POST', headers: { Origin: 'http://localhost' } });
      expect(res.status, t).toBe(404);
    }
    expect(db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, 'd:app')).get()!.delivery).toBe('weekly');
    const res = await app.request(`/api/notifications/unsubscribe/${token}`, { method: 'POST', headers: { Origin: 'http://localhost' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ stopped: true });
    expect(db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, 'd:app')).get()!.delivery).toBe('app');
  });

  it('several replies in the digest window make one line per thread, naming at most three first names', () => {
    const row = (id: number, threadId: number, name: string) => ({
      id,
      userId: 'x',
      email: null,
      kind: 'reply' as const,
      subjectType: 'post' as const,
      threadId,
      schoolId: null,
      threadTitle: `T${threadId}`,
      schoolName: null,
      actorFirstName: name,
      reason: null,
      createdAt: NOW,
    });
    expect(digestLines([row(1, 1, 'A'), row(2, 2, 'B'), row(3, 1, 'C'), row(4, 1, 'D'), row(5, 1, 'E')]).map((l) => l.text)).toEqual([
      '4 new replies in “T1” (A, C, D and others)',
      'B replied in “T2”',
    ]);
  });
});
