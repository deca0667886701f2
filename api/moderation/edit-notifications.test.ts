// An author hears what became of her edit of a published review or interview (decision 2020):
// approved or refused (with the reason), once per edit, so a later edit of the same review decided
// later is told again; never the moderator of her own edit. Her activity carries the version she
// last wrote (her edit form opens with it). A notification about an item deleted since still
// links to a page that exists and says the item is gone.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { forumCategories, schools } from '../../db/schema';
import { ok, signIn, testApp, withCookie } from '../../test/app';
import { caller } from '../../test/requests';
import { approvedBy, interviewToEdit, reviewToEdit } from '../../test/moderated';

const NOW = new Date('2026-11-26T12:00:00Z');
const { db, app, client } = testApp({ now: NOW, adminEmails: ['admin@example.test'], rateLimit: false });
const call = caller(app);
const ada = signIn(db, { id: 'editn:ada', email: 'ada@example.test', firstName: 'Ada' });
const admin = signIn(db, { id: 'editn:admin', email: 'admin@example.test', firstName: 'Root' });
const [school] = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(1).all();
const category = db.select().from(forumCategories).all()[0];

const review = reviewToEdit;
const interview = interviewToEdit;

const approvedReview = (cookie = ada) => approvedBy(call, admin).review(cookie, school.id, review);

const notificationsOf = async (cookie: string) =>
  (await ok(client.notifications.$get({ query: { limit: '100' } }, withCookie(cookie)))).notifications;
const activityOf = (cookie: string) => ok(client.me.activity.$get(undefined, withCookie(cookie)));
const editNotes = async (cookie: string) => (await notificationsOf(cookie)).filter((n) => n.kind.startsWith('edit_'));

describe('her activity carries the version she last wrote', () => {
  it('the waiting edit over the published review; the published one when nothing waits', async () => {
    const id = await approvedReview();
    const mine = async () => {
      const found = (await activityOf(ada)).reviews.find((r) => r.id === id);
      if (!found) throw new Error(`Review ${id} is not in her activity`);
      return found;
    };
    expect((await mine()).fields).toEqual({ ...review, adviceToManagement: null });
    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { pros: 'Kind colleagues and a lovely library', overallRating: 2 } });
    const waiting = await mine();
    expect(waiting.fields).toMatchObject({ pros: 'Kind colleagues and a lovely library', overallRating: 2, cons: review.cons });
    expect(waiting.pros).toBe(review.pros);
    expect(waiting.edit).toMatchObject({ status: 'pending', reason: null });
    expect(waiting).not.toHaveProperty('userId');

    const iv = (await call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview })).body.id;
    await call('PATCH', `/api/interviews/${iv}`, { cookie: ada, body: { outcome: 'No Offer' } });
    const ivMine = (await activityOf(ada)).interviews.find((r) => r.id === iv);
    expect(ivMine).toMatchObject({
      outcome: 'Offer',
      fields: { outcome: 'No Offer', jobTitle: interview.jobTitle },
      edit: { status: 'pending' },
    });
  });
});

describe('edit decisions notify the author', () => {
  it('approved, then a second edit of the same review approved again: two notifications; a refusal carries the reason', async () => {
    const id = await approvedReview();
    const before = (await editNotes(ada)).length;

    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { pros: 'Kind colleagues and good CPD time' } });
    expect((await call('POST', `/api/moderation/edits/reviews/${id}/approve`, { cookie: admin })).status).toBe(200);
    let mine = await editNotes(ada);
    expect(mine.length).toBe(before + 1);
    expect(mine[0]).toMatchObject({
      kind: 'edit_approved',
      subjectType: 'review_edit',
      school: { id: school.id, name: school.name },
      reason: null,
      link: `/schools/${school.id}`,
      gone: false,
      readAt: null,
    });

    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { pros: 'Kind colleagues, good CPD and a garden' } });
    await call('POST', `/api/moderation/edits/reviews/${id}/approve`, { cookie: admin });
    mine = await editNotes(ada);
    expect(mine.length).toBe(before + 2);
    expect(mine[0].kind).toBe('edit_approved');
    expect(mine[0].subjectId).not.toBe(mine[1].subjectId);

    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { pros: 'Something I would rather not publish' } });
    await call('POST', `/api/moderation/edits/reviews/${id}/reject`, { cookie: admin, body: { reason: 'Names a colleague' } });
    mine = await editNotes(ada);
    expect(mine.length).toBe(before + 3);
    expect(mine[0]).toMatchObject({ kind: 'edit_rejected', reason: 'Names a colleague', link: '/dashboard?tab=activity' });
    // A decided edit is decided once: a second approval finds nothing and tells nobody.
    expect((await call('POST', `/api/moderation/edits/reviews/${id}/reject`, { cookie: admin, body: { reason: 'Again' } })).status).toBe(
      404,
    );
    expect((await editNotes(ada)).length).toBe(before + 3);
    const text = JSON.stringify(await notificationsOf(ada));
    expect(text).not.toMatch(/editn:|admin@example|Root/);
  });

  it('an interview edit too; the moderator approving an edit of her own review is not told of her own act', async () => {
    const iv = (await call('POST', `/api/schools/${school.id}/interviews`, { cookie: ada, body: interview })).body.id;
    await call('PATCH', `/api/interviews/${iv}`, { cookie: ada, body: { outcome: 'No Offer' } });
    await call('POST', `/api/moderation/edits/interviews/${iv}/approve`, { cookie: admin });
    expect((await editNotes(ada))[0]).toMatchObject({
      kind: 'edit_approved',
      subjectType: 'interview_edit',
      link: `/schools/${school.id}`,
    });

    const own = await approvedReview(admin);
    await call('PATCH', `/api/reviews/${own}`, { cookie: admin, body: { cons: 'Marking load is heavy all year' } });
    await call('POST', `/api/moderation/edits/reviews/${own}/approve`, { cookie: admin });
    expect(await editNotes(admin)).toEqual([]);
  });
});

describe('a notification about an item deleted since', () => {
  it('still links to a page that exists and says the item is gone', async () => {
    const id = await approvedReview();
    await call('PATCH', `/api/reviews/${id}`, { cookie: ada, body: { cons: 'Marking load and a long commute' } });
    await call('POST', `/api/moderation/edits/reviews/${id}/reject`, { cookie: admin, body: { reason: 'Too vague' } });
    expect((await call('DELETE', `/api/reviews/${id}`, { cookie: ada })).status).toBe(200);
    const notes = await notificationsOf(ada);
    const approved = notes.find((n) => n.kind === 'review_approved' && n.subjectId === id);
    expect(approved).toMatchObject({ gone: true, link: `/schools/${school.id}` });
    // A refused edit of a review deleted since leads to the school, not to an activity row that is gone.
    const refused = notes.find((n) => n.kind === 'edit_rejected' && n.gone);
    expect(refused).toMatchObject({ link: `/schools/${school.id}`, reason: 'Too vague' });

    // A thread nobody answered, approved, then deleted by its author: the forum, not a missing page.
    const t = await call('POST', '/api/forum/threads', {
      cookie: ada,
      body: { title: 'Cover for PPA', content: 'How is PPA cover done where you work?', categoryId: category.id },
    });
    await call('POST', `/api/moderation/threads/${t.body.id}/approve`, { cookie: admin });
    expect((await call('DELETE', `/api/forum/threads/${t.body.id}`, { cookie: ada })).status).toBe(200);
    const thread = (await notificationsOf(ada)).find((n) => n.kind === 'thread_approved' && n.subjectId === t.body.id);
    expect(thread).toMatchObject({ gone: true, link: '/forum', thread: null });
  });
});
