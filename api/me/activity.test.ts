// GET /api/me/activity's threads and replies, pinned to the byte (issue 42): her own rows only, not
// those she deleted, newest first, each with its moderation state, whether reports hide it, and
// her latest edit's state (with the version she wrote while it waits).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  contributionRevisions,
  forumCategories,
  forumPosts,
  forumThreads,
  hiddenContent,
  interviewExperiences,
  reviews,
  schools,
} from '../../db/schema';
import { ok, signIn, testApp, withCookie } from '../../test/app';

const NOW = new Date('2026-11-30T12:00:00Z');
const { db, client } = testApp({ now: NOW, rateLimit: false });
const ada = signIn(db, { id: 'act:ada', email: 'ada@example.test', firstName: 'Ada' });
signIn(db, { id: 'act:bob', email: 'bob@example.test', firstName: 'Bob' });
const category = db.select().from(forumCategories).all()[0];
const at = (day: number) => new Date(`2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`);

function thread(userId: string, day: number, extra: Partial<typeof forumThreads.$inferInsert> = {}) {
  const values = { categoryId: category.id, userId, title: `Thread of the ${day}th`, slug: `t-${day}`, content: `Text **${day}**` };
  return db
    .insert(forumThreads)
    .values({ ...values, createdAt: at(day), ...extra })
    .returning({ id: forumThreads.id })
    .get().id;
}

function reply(threadId: number, userId: string, day: number, extra: Partial<typeof forumPosts.$inferInsert> = {}) {
  return db
    .insert(forumPosts)
    .values({ threadId, userId, content: `Reply of the ${day}th`, createdAt: at(day), ...extra })
    .returning({ id: forumPosts.id })
    .get().id;
}

describe('GET /api/me/activity: threads and replies', () => {
  // Written out of date order, so that newest first is not the order of the ids.
  const rejectedThread = thread('act:ada', 16, { rejectedAt: at(17), rejectionReason: 'Off topic', editedAt: at(16) });
  const hiddenThread = thread('act:ada', 10, { isApproved: true, isLocked: true, replyCount: 2, viewCount: 7 });
  const editedThread = thread('act:ada', 12);
  thread('act:ada', 14, { deletedAt: at(15) });
  const bobs = thread('act:bob', 11, { isApproved: true });
  const rejectedReply = reply(bobs, 'act:ada', 18, { rejectedAt: at(19), rejectionReason: 'Rude' });
  const approvedReply = reply(bobs, 'act:ada', 11, { isApproved: true });
  const hiddenReply = reply(hiddenThread, 'act:ada', 13, { isApproved: true, editedAt: at(14) });
  reply(bobs, 'act:ada', 15, { deletedAt: at(16) });
  reply(bobs, 'act:bob', 20, { isApproved: true });
  db.insert(hiddenContent)
    .values([
      { kind: 'thread', targetId: hiddenThread, hiddenAt: at(20) },
      { kind: 'reply', targetId: hiddenReply, hiddenAt: at(20) },
    ])
    .run();
  db.insert(contributionRevisions)
    .values([
      {
        kind: 'thread',
        targetId: editedThread,
        userId: 'act:ada',
        body: { title: 'Better title', content: 'Now *clearer*' },
        state: 'pending',
        createdAt: at(21),
      },
      {
        kind: 'reply',
        targetId: rejectedReply,
        userId: 'act:ada',
        body: { content: 'Kinder' },
        state: 'rejected',
        reason: 'Still rude',
        createdAt: at(22),
      },
    ])
    .run();

  it('answers her threads and replies exactly', async () => {
    const body = await ok(client.me.activity.$get(undefined, withCookie(ada)));
    const iso = (day: number) => at(day).toISOString();
    const base = { categoryId: category.id, categoryName: category.name };
    const notRejected = { rejectedAt: null, rejectionReason: null };
    const noEdit = { edit: null, proposed: null };
    const unlocked = { isLocked: false, replyCount: 0, viewCount: 0 };
    const threads = [
      {
        ...{ id: rejectedThread, title: 'Thread of the 16th', ...base, isApproved: false, ...unlocked },
        ...{ rejectedAt: iso(17), rejectionReason: 'Off topic', content: 'Text **16**', editedAt: iso(16), createdAt: iso(16) },
        ...{ status: 'rejected', hidden: false, ...noEdit },
      },
      {
        ...{ id: editedThread, title: 'Thread of the 12th', ...base, isApproved: false, ...unlocked, ...notRejected },
        ...{ content: 'Text **12**', editedAt: null, createdAt: iso(12), status: 'pending', hidden: false },
        edit: { status: 'pending', reason: null, submittedAt: iso(21) },
        proposed: { title: 'Better title', content: 'Now *clearer*', html: '<p>Now <em>clearer</em></p>' },
      },
      {
        // The kept reply counter follows her one approved reply there.
        ...{ id: hiddenThread, title: 'Thread of the 10th', ...base, isApproved: true, isLocked: true, replyCount: 1, viewCount: 7 },
        ...{ ...notRejected, content: 'Text **10**', editedAt: null, createdAt: iso(10), status: 'approved', hidden: true, ...noEdit },
      },
    ];
    const post = (id: number, threadId: number, day: number) => ({
      id,
      threadId,
      threadTitle: `Thread of the ${threadId === bobs ? 11 : 10}th`,
      content: `Reply of the ${day}th`,
    });
    const posts = [
      {
        ...{ ...post(rejectedReply, bobs, 18), isApproved: false, rejectedAt: iso(19), rejectionReason: 'Rude', editedAt: null },
        ...{ createdAt: iso(18), status: 'rejected', hidden: false },
        ...{ edit: { status: 'rejected', reason: 'Still rude', submittedAt: iso(22) }, proposed: null },
      },
      {
        ...{ ...post(hiddenReply, hiddenThread, 13), isApproved: true, ...notRejected, editedAt: iso(14), createdAt: iso(13) },
        ...{ status: 'approved', hidden: true, ...noEdit },
      },
      {
        ...{ ...post(approvedReply, bobs, 11), isApproved: true, ...notRejected, editedAt: null, createdAt: iso(11) },
        ...{ status: 'approved', hidden: false, ...noEdit },
      },
    ];
    // The same keys in the same order, to the byte.
    expect(JSON.stringify(body.threads)).toBe(JSON.stringify(threads));
    expect(JSON.stringify(body.posts)).toBe(JSON.stringify(posts));
    expect(body.counts).toMatchObject({ threads: 3, posts: 3, pending: 1 });
  });
});

describe('GET /api/me/activity: reviews and interviews', () => {
  const eve = signIn(db, { id: 'act:eve', email: 'eve@example.test', firstName: 'Eve' });
  const school = db.select().from(schools).where(eq(schools.isActive, true)).orderBy(schools.id).limit(1).get()!;
  const ratings = { overallRating: 4, workLifeBalanceRating: 3, compensationRating: null, careerOpportunitiesRating: 5, cultureRating: 4 };
  const reviewFields = (pros: string) => ({
    ...{ ...ratings, leadershipRating: 2, pros, cons: 'Long meetings', adviceToManagement: null, wouldRecommend: true },
    ...{ employmentStatus: 'Current', jobTitle: 'Teacher of English', yearsAtSchool: '1-2 years' },
  });
  const interviewFields = (jobTitle: string) => ({
    ...{ jobTitle, interviewDifficulty: 'Hard', processDescription: 'A lesson and a panel', questionsAsked: null },
    ...{ tipsForCandidates: 'Know the data', outcome: 'Offer', overallExperience: 4 },
  });
  const review = (pros: string, day: number, more: Partial<typeof reviews.$inferInsert> = {}) =>
    db
      .insert(reviews)
      .values({ ...reviewFields(pros), userId: 'act:eve', schoolId: school.id, createdAt: at(day), ...more })
      .returning({ id: reviews.id })
      .get().id;
  const interview = (jobTitle: string, day: number, isApproved: boolean) =>
    db
      .insert(interviewExperiences)
      .values({ ...interviewFields(jobTitle), userId: 'act:eve', schoolId: school.id, createdAt: at(day), isApproved })
      .returning({ id: interviewExperiences.id })
      .get().id;
  // Out of date order, as above.
  const rejectedReview = review('Rejected pros', 14, { rejectedAt: at(15), rejectionReason: 'Names a colleague' });
  const editedReview = review('Approved pros', 12, { isApproved: true });
  const hiddenInterview = interview('Teacher of Maths', 13, false);
  const shownInterview = interview('Teacher of Art', 9, true);
  db.insert(hiddenContent)
    .values({ kind: 'review', targetId: editedReview, hiddenAt: at(20) })
    .run();
  const edited = { ...reviewFields('Edited pros'), adviceToManagement: 'Fewer data drops' };
  db.insert(contributionRevisions)
    .values([
      { kind: 'review', targetId: editedReview, userId: 'act:eve', body: edited, state: 'pending', createdAt: at(21) },
      {
        ...{ kind: 'interview' as const, targetId: shownInterview, userId: 'act:eve', body: interviewFields('Art') },
        ...{ state: 'rejected' as const, reason: 'Names the panel', createdAt: at(22) },
      },
    ])
    .run();

  it('answers her reviews and interviews exactly', async () => {
    const body = await ok(client.me.activity.$get(undefined, withCookie(eve)));
    const iso = (day: number) => at(day).toISOString();
    const placed = { schoolId: school.id };
    const reviewsAnswer = [
      {
        ...{ ...reviewFields('Rejected pros'), id: rejectedReview, ...placed, isApproved: false },
        ...{ rejectedAt: iso(15), rejectionReason: 'Names a colleague', createdAt: iso(14), schoolName: school.name },
        ...{ status: 'rejected', hidden: false, edit: null, fields: reviewFields('Rejected pros') },
      },
      {
        ...{ ...reviewFields('Approved pros'), id: editedReview, ...placed, isApproved: true, rejectedAt: null },
        ...{ rejectionReason: null, createdAt: iso(12), schoolName: school.name, status: 'approved', hidden: true },
        ...{ edit: { status: 'pending', reason: null, submittedAt: iso(21) }, fields: edited },
      },
    ];
    const interviewsAnswer = [
      {
        ...{ ...interviewFields('Teacher of Maths'), id: hiddenInterview, ...placed, createdAt: iso(13) },
        ...{ schoolName: school.name, status: 'approved', hidden: true, edit: null, fields: interviewFields('Teacher of Maths') },
      },
      {
        ...{ ...interviewFields('Teacher of Art'), id: shownInterview, ...placed, createdAt: iso(9), schoolName: school.name },
        ...{ status: 'approved', hidden: false, edit: { status: 'rejected', reason: 'Names the panel', submittedAt: iso(22) } },
        fields: interviewFields('Teacher of Art'),
      },
    ];
    expect(JSON.stringify(body.reviews)).toBe(JSON.stringify(reviewsAnswer));
    expect(JSON.stringify(body.interviews)).toBe(JSON.stringify(interviewsAnswer));
    expect(body.counts).toMatchObject({ reviews: 2, reviewsApproved: 1, interviews: 2 });
  });
});
