// Staff and what they wrote about their school before they joined it (decision 2103, issue 41
// item 7): a review or an interview written as a teacher cannot be edited once its author manages
// the school's page, with the same 409 and words as a new one; taking it back is still allowed.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contributionRevisions, interviewExperiences, reviews, schoolMembers, schools } from '../../db/schema';
import { signIn, testApp } from '../../test/app';
import { approvedBy, interviewToEdit, reviewToEdit } from '../../test/moderated';
import { caller } from '../../test/requests';

const NOW = new Date('2026-11-26T12:00:00Z');
const { db, app } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
const admin = signIn(db, { id: 'os:admin', email: 'admin@example.test', firstName: 'Root' });
const [school, other] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(2).all();

/** A teacher who writes about `school` first, then joins its staff (a membership as an approved claim leaves it). */
function joins(userId: string, schoolId: number) {
  db.insert(schoolMembers)
    .values({
      userId,
      schoolId,
      role: 'editor',
      method: 'email',
      email: `${userId.replace(/\W/g, '')}@school.sch.uk`,
      verifiedAt: NOW,
      confirmedAt: NOW,
    })
    .run();
}
const row = (id: number) => db.select().from(reviews).where(eq(reviews.id, id)).get();
const waitingEdits = (kind: 'review' | 'interview', id: number) =>
  db
    .select()
    .from(contributionRevisions)
    .where(and(eq(contributionRevisions.kind, kind), eq(contributionRevisions.targetId, id)))
    .all().length;

describe('a review or interview of her own school, written before she joined its staff', () => {
  it('cannot be edited (published or waiting): the same 409 as a new review, nothing changed; she can still delete it', async () => {
    const sue = signIn(db, { id: 'os:sue', email: 'sue@example.test', firstName: 'Sue' });
    const published = await approvedBy(call, admin).review(sue, school.id, reviewToEdit);
    const waiting = (
      await call('POST', `/api/schools/${school.id}/reviews`, { cookie: sue, body: { ...reviewToEdit, pros: 'A second view' } })
    ).body.id as number;
    const elsewhere = await approvedBy(call, admin).review(sue, other.id, reviewToEdit);
    const interview = (await call('POST', `/api/schools/${school.id}/interviews`, { cookie: sue, body: interviewToEdit })).body
      .id as number;
    joins('os:sue', school.id);
    const before = [row(published), row(waiting)];

    const newOne = await call('POST', `/api/schools/${school.id}/reviews`, { cookie: sue, body: reviewToEdit });
    expect(newOne.status).toBe(409);
    expect(newOne.body.error).toContain('cannot write a review');
    for (const id of [published, waiting]) {
      const edit = await call('PATCH', `/api/reviews/${id}`, { cookie: sue, body: { pros: 'Best school in London, apply now' } });
      expect(edit).toMatchObject({ status: 409, body: { error: newOne.body.error } });
      expect(waitingEdits('review', id)).toBe(0);
    }
    expect([row(published), row(waiting)]).toEqual(before);

    const newInterview = await call('POST', `/api/schools/${school.id}/interviews`, { cookie: sue, body: interviewToEdit });
    const interviewEdit = await call('PATCH', `/api/interviews/${interview}`, {
      cookie: sue,
      body: { processDescription: 'A lesson, a panel and a long wait for news' },
    });
    expect(interviewEdit).toMatchObject({ status: 409, body: { error: newInterview.body.error } });
    expect(interviewEdit.body.error).toContain('cannot write an interview');
    expect(waitingEdits('interview', interview)).toBe(0);

    // Another school's review is hers to change; her own school's she may still take back.
    expect((await call('PATCH', `/api/reviews/${elsewhere}`, { cookie: sue, body: { pros: 'Still kind colleagues' } })).status).toBe(200);
    expect((await call('DELETE', `/api/reviews/${published}`, { cookie: sue })).status).toBe(200);
    expect((await call('DELETE', `/api/interviews/${interview}`, { cookie: sue })).status).toBe(200);
    expect(db.select().from(interviewExperiences).where(eq(interviewExperiences.id, interview)).get()).toBeUndefined();
  });
});
