// Which of a school's responses wait for a moderator (issue 37 item 10): its own live staff read it
// in GET /api/me/schools, so after a reload the school page shows "waiting" instead of a second
// Respond; nobody else learns it (not another school's staff, not the public reviews list).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewResponses, schoolMembers, schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { approvedBy, reviewBody } from '../../test/moderated';
import { caller } from '../../test/requests';

const NOW = new Date('2026-11-25T12:00:00Z');
const { db, app } = testApp({ demo: false, now: NOW, rateLimit: false, adminEmails: ['admin@example.test'] });
const call = caller(app);
const [a, b] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(2).all();
const admin = signIn(db, { id: 'wr:admin', email: 'admin@example.test', firstName: 'Ada' });
const author = signIn(db, { id: 'wr:author', email: 'author@example.test', firstName: 'Ann' });
function staff(id: string, schoolId: number, confirmedAt = NOW) {
  const cookie = signIn(db, { id, email: `${id}@example.test`, firstName: 'Sam' });
  db.insert(schoolMembers).values({ userId: id, schoolId, role: 'editor', method: 'email', verifiedAt: confirmedAt, confirmedAt }).run();
  return cookie;
}
const staffA = staff('wr:staffA', a.id);
const staffB = staff('wr:staffB', b.id);
// A membership that lapsed (confirmed 13 months ago): no longer told.
const lapsedA = staff('wr:lapsedA', a.id, new Date('2025-10-20T12:00:00Z'));

const review = (pros: string) => reviewBody([3, 3, 3, 3, 3, 3], { pros, cons: 'Parking is hard near the gates', wouldRecommend: true });
const waitingOf = async (cookie: string) =>
  ((await call('GET', '/api/me/schools', { cookie })).body as { schools: { schoolId: number; waitingResponses: number[] }[] }).schools.map(
    (s) => [s.schoolId, s.waitingResponses],
  );

describe('GET /api/me/schools: the responses that wait', () => {
  it("lists the reviews whose response from her school waits, until a moderator decides; only for the school's live staff", async () => {
    const first = await approvedBy(call, admin).review(author, a.id, review('Kind colleagues in the English team'));
    const second = await approvedBy(call, admin).review(author, a.id, review('Good training for new teachers'));
    expect(await waitingOf(staffA)).toEqual([[a.id, []]]);

    for (const id of [second, first]) {
      expect((await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'Thank you for this.' } })).status).toBe(
        200,
      );
    }
    expect(await waitingOf(staffA)).toEqual([[a.id, [first, second].sort((x, y) => x - y)]]);
    // Another school's staff and a lapsed member are not told; the public list says nothing of it.
    expect(await waitingOf(staffB)).toEqual([[b.id, []]]);
    expect(await waitingOf(lapsedA)).toEqual([[a.id, []]]);
    const publicList = JSON.stringify((await call('GET', `/api/schools/${a.id}/reviews`)).body);
    expect(publicList).not.toContain('Thank you for this.');
    expect(publicList).not.toContain('waiting');

    // Approved: it no longer waits; rejected: neither; an edit of the approved one waits again.
    const responseOf = (reviewId: number) => db.select().from(reviewResponses).where(eq(reviewResponses.reviewId, reviewId)).get()!.id;
    await call('POST', `/api/moderation/responses/${responseOf(first)}/approve`, { cookie: admin });
    expect(await waitingOf(staffA)).toEqual([[a.id, [second]]]);
    await call('POST', `/api/moderation/responses/${responseOf(second)}/reject`, {
      cookie: admin,
      body: { reason: 'Please keep it polite.' },
    });
    expect(await waitingOf(staffA)).toEqual([[a.id, []]]);
    await call('PUT', `/api/reviews/${first}/response`, { cookie: staffA, body: { body: 'Thank you; we have acted on it.' } });
    expect(await waitingOf(staffA)).toEqual([[a.id, [first]]]);
    // Withdrawn: gone.
    await call('DELETE', `/api/reviews/${first}/response`, { cookie: staffA });
    expect(await waitingOf(staffA)).toEqual([[a.id, []]]);
  });
});
