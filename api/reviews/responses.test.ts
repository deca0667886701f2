// A school's response to a review (decision 2111): only that school's verified staff write it,
// one per review, edited in place; it waits for a moderator and then shows under the review as
// "Response from {school}" (at once, despite the answer cache); withdrawn, it leaves. A school
// cannot report-to-hide reviews of itself. Export and account deletion include responses.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewResponses, reviews, schoolAudit, schoolMembers, schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy, reviewBody } from '../../test/moderated';
import { deleteAccount, exportUserData } from '../me/privacy.service';

const NOW = new Date('2026-11-25T12:00:00Z');
const { db, app } = testApp({ demo: false, now: NOW, rateLimit: false, adminEmails: ['admin@example.test'], reportHideThreshold: 1 });
const call = caller(app);
const [a, b] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(2).all();
const admin = signIn(db, { id: 'rr:admin', email: 'admin@example.test', firstName: 'Ada' });
const author = signIn(db, { id: 'rr:author', email: 'author@example.test', firstName: 'Ann' });
const teacher = signIn(db, { id: 'rr:teacher', email: 'teacher@example.test', firstName: 'Tia' });
function staff(id: string, schoolId: number) {
  const cookie = signIn(db, { id, email: `${id}@example.test`, firstName: 'Sam' });
  db.insert(schoolMembers).values({ userId: id, schoolId, role: 'editor', method: 'email', verifiedAt: NOW, confirmedAt: NOW }).run();
  return cookie;
}
const staffA = staff('rr:staffA', a.id);
const staffB = staff('rr:staffB', b.id);

const review = reviewBody([2, 2, 3, 2, 2, 1], {
  pros: 'Lovely pupils and a kind team',
  cons: 'Marking load is heavy all year',
  wouldRecommend: false,
});
const publishedReview = () => approvedBy(call, admin).review(author, a.id, review);
const listed = async (reviewId: number) => {
  const res = await app.request(`/api/schools/${a.id}/reviews`);
  const rows = (await res.json()) as { id: number; response: { body: string; schoolName: string; publishedAt: string } | null }[];
  return { cache: res.headers.get('x-cache'), row: rows.find((r) => r.id === reviewId)!, text: JSON.stringify(rows) };
};
const responseId = (reviewId: number) => db.select().from(reviewResponses).where(eq(reviewResponses.reviewId, reviewId)).get()!.id;

describe('PUT /api/reviews/{id}/response', () => {
  it("is for the review's own school's staff: 403 for another school's staff and a teacher, 401 signed out, 404 for a review not published", async () => {
    const id = await publishedReview();
    for (const cookie of [staffB, teacher, author]) {
      expect(await call('PUT', `/api/reviews/${id}/response`, { cookie, body: { body: 'We hear you.' } })).toMatchObject({
        status: 403,
        body: { error: 'Only verified staff of this school can do this' },
      });
    }
    expect((await call('PUT', `/api/reviews/${id}/response`, { body: { body: 'We hear you.' } })).status).toBe(401);
    const pending = (await call('POST', `/api/schools/${a.id}/reviews`, { cookie: author, body: review })).body as { id: number };
    expect((await call('PUT', `/api/reviews/${pending.id}/response`, { cookie: staffA, body: { body: 'Early' } })).status).toBe(404);
    expect((await call('PUT', '/api/reviews/999999/response', { cookie: staffA, body: { body: 'Nothing' } })).status).toBe(404);
    expect((await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: '   ' } })).body).toEqual({
      error: 'Invalid input',
      fields: { body: 'Please write your response' },
    });
    expect((await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'x'.repeat(5001) } })).body.fields).toEqual({
      body: 'Please keep this under 5,000 characters',
    });
    expect(db.select().from(reviewResponses).all()).toEqual([]);
  });

  it("waits for a moderator, then shows under the review as the school's, at once despite the answer cache; never who wrote either", async () => {
    const id = await publishedReview();
    const written = await call('PUT', `/api/reviews/${id}/response`, {
      cookie: staffA,
      body: { body: 'Thank you.\n\nWe have cut marking to one policy.' },
    });
    expect(written).toMatchObject({ status: 200, body: { reviewId: id, status: 'pending', publishedBody: null } });
    expect((await listed(id)).row.response).toBeNull();
    expect((await listed(id)).cache).toBe('hit');
    const queue = (await call('GET', '/api/moderation/queue', { cookie: admin })).body as {
      responses: { id: number; reviewId: number; body: string; schoolName: string }[];
    };
    expect(queue.responses).toEqual([
      expect.objectContaining({ reviewId: id, body: 'Thank you.\n\nWe have cut marking to one policy.', schoolName: a.name }),
    ]);
    expect(JSON.stringify(queue.responses)).not.toMatch(/rr:/);
    // Forum moderators do not decide school content; the school cannot approve itself.
    expect((await call('POST', `/api/moderation/responses/${queue.responses[0].id}/approve`, { cookie: staffA })).status).toBe(403);
    expect((await call('POST', `/api/moderation/responses/${queue.responses[0].id}/approve`, { cookie: admin })).body).toMatchObject({
      kind: 'response',
      status: 'approved',
    });
    const after = await listed(id);
    expect(after.cache).toBe('miss');
    expect(after.row.response).toEqual({
      body: 'Thank you.\n\nWe have cut marking to one policy.',
      schoolName: a.name,
      publishedAt: NOW.toISOString(),
    });
    expect(after.text).not.toMatch(/rr:|@example/);
  });

  it('is one per review, edited in place: the published text stays up while an edit waits; a refusal keeps it', async () => {
    const id = await publishedReview();
    await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'First answer' } });
    await call('POST', `/api/moderation/responses/${responseId(id)}/approve`, { cookie: admin });
    const edit = await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'Second answer' } });
    expect(edit.body).toMatchObject({ status: 'pending', body: 'Second answer', publishedBody: 'First answer' });
    expect(db.select().from(reviewResponses).where(eq(reviewResponses.reviewId, id)).all()).toHaveLength(1);
    expect((await listed(id)).row.response?.body).toBe('First answer');
    const refused = await call('POST', `/api/moderation/responses/${responseId(id)}/reject`, {
      cookie: admin,
      body: { reason: 'Names a pupil' },
    });
    expect(refused.body).toMatchObject({ status: 'rejected', rejectionReason: 'Names a pupil' });
    expect((await listed(id)).row.response?.body).toBe('First answer');
    await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'Third answer' } });
    await call('POST', `/api/moderation/responses/${responseId(id)}/approve`, { cookie: admin });
    expect((await listed(id)).row.response?.body).toBe('Third answer');
  });

  it("DELETE withdraws it (its staff only): gone from the page at once; both actions in the school's audit log", async () => {
    const id = await publishedReview();
    await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'To withdraw' } });
    await call('POST', `/api/moderation/responses/${responseId(id)}/approve`, { cookie: admin });
    expect((await listed(id)).row.response?.body).toBe('To withdraw');
    expect((await call('DELETE', `/api/reviews/${id}/response`, { cookie: staffB })).status).toBe(403);
    expect(await call('DELETE', `/api/reviews/${id}/response`, { cookie: staffA })).toMatchObject({
      status: 200,
      body: { reviewId: id, withdrawn: true },
    });
    expect((await listed(id)).row.response).toBeNull();
    expect((await call('DELETE', `/api/reviews/${id}/response`, { cookie: staffA })).status).toBe(404);
    const actions = db
      .select()
      .from(schoolAudit)
      .where(eq(schoolAudit.schoolId, a.id))
      .all()
      .filter((r) => (r.detail as { reviewId?: number }).reviewId === id)
      .map((r) => [r.action, r.actorUserId]);
    expect(actions).toEqual([
      ['response.written', 'rr:staffA'],
      ['response.withdrawn', 'rr:staffA'],
    ]);
  });
});

describe('a school cannot report-to-hide reviews of itself', () => {
  it("its staff's report is kept but never hides the review; anyone else's report counts (threshold 1)", async () => {
    const id = await publishedReview();
    expect(
      await call('POST', '/api/reports', { cookie: staffA, body: { kind: 'review', id, reason: 'This is unfair to us' } }),
    ).toMatchObject({
      status: 201,
      body: { hidden: false },
    });
    expect(db.select().from(reviews).where(eq(reviews.id, id)).get()!.isApproved).toBe(true);
    expect((await listed(id)).row).toBeDefined();
    // Staff of another school report it like anyone else.
    expect((await call('POST', '/api/reports', { cookie: staffB, body: { kind: 'review', id, reason: 'Spam' } })).body.hidden).toBe(true);
  });
});

describe('privacy', () => {
  it('the export lists the responses she wrote for her school; deleting her account keeps them, unlinked', async () => {
    const id = await publishedReview();
    await call('PUT', `/api/reviews/${id}/response`, { cookie: staffA, body: { body: 'Written by staff A' } });
    await call('POST', `/api/moderation/responses/${responseId(id)}/approve`, { cookie: admin });
    const exported = exportUserData(db, 'rr:staffA', null, NOW);
    expect(exported.reviewResponses).toContainEqual(
      expect.objectContaining({ reviewId: id, schoolName: a.name, body: 'Written by staff A' }),
    );
    const result = deleteAccount(db, 'rr:staffA');
    expect(result.unlinked.review_responses).toBeGreaterThanOrEqual(1);
    expect(db.select().from(reviewResponses).where(eq(reviewResponses.reviewId, id)).get()).toMatchObject({
      authorUserId: null,
      publishedBody: 'Written by staff A',
    });
    expect((await listed(id)).row.response?.body).toBe('Written by staff A');
  });
});
