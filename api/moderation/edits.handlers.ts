// Authors' edits for moderators (decision 2020): a review's or interview's edit waits beside the
// published version (the queue shows both side by side); approving copies it into the item (the
// kept school figures follow through the reviews triggers), refusing keeps the published version
// and tells the author why. The previous versions of an edited thread or reply, for moderators.
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { contributionRevisions, forumPosts, forumThreads, interviewExperiences, moderationLog, reviews, schools } from '../../db/schema';
import { interviewFieldsShape, pickShape, reviewFieldsShape } from '../../db/shapes';
import { ApiError, notFound } from '../lib/http-error';
import { may } from '../lib/moderators';
import { pendingEdit } from '../lib/own-edits';
import type { SignedInEnv } from '../lib/route';
import { moderator } from './moderator';
import { editDecided } from '../notifications/notifications.service';

const forbidden = () => new ApiError(403, { error: 'Forbidden' });
const EDIT_KIND = { reviews: 'review', interviews: 'interview' } as const;
export type EditKindParam = keyof typeof EDIT_KIND;

/** Every review and interview edit that waits, with the published version beside it (admins only). */
export interface PendingEdit {
  kind: 'review' | 'interview';
  id: number;
  schoolId: number;
  schoolName: string;
  published: Record<string, unknown>;
  proposed: Record<string, unknown>;
  submittedAt: Date;
}

export function pendingEdits(db: DB): PendingEdit[] {
  const rows = db
    .select({
      id: contributionRevisions.id,
      kind: contributionRevisions.kind,
      targetId: contributionRevisions.targetId,
      body: contributionRevisions.body,
      submittedAt: contributionRevisions.createdAt,
    })
    .from(contributionRevisions)
    .where(eq(contributionRevisions.state, 'pending'))
    .orderBy(asc(contributionRevisions.createdAt), asc(contributionRevisions.id))
    .all();
  return rows.flatMap((r): PendingEdit[] => {
    if (r.kind === 'review') {
      const item = db
        .select({ review: reviews, schoolName: schools.name })
        .from(reviews)
        .innerJoin(schools, eq(schools.id, reviews.schoolId))
        .where(eq(reviews.id, r.targetId))
        .get();
      if (!item) return [];
      const { schoolId, id } = item.review;
      return [
        {
          kind: 'review',
          id,
          schoolId,
          schoolName: item.schoolName,
          published: pickShape(reviewFieldsShape, item.review),
          proposed: pickShape(reviewFieldsShape, r.body),
          submittedAt: r.submittedAt,
        },
      ];
    }
    const item = db
      .select({ interview: interviewExperiences, schoolName: schools.name })
      .from(interviewExperiences)
      .innerJoin(schools, eq(schools.id, interviewExperiences.schoolId))
      .where(eq(interviewExperiences.id, r.targetId))
      .get();
    if (!item) return [];
    const { schoolId, id } = item.interview;
    return [
      {
        kind: 'interview',
        id,
        schoolId,
        schoolName: item.schoolName,
        published: pickShape(interviewFieldsShape, item.interview),
        proposed: pickShape(interviewFieldsShape, r.body),
        submittedAt: r.submittedAt,
      },
    ];
  });
}

/** Approves (swaps in) or refuses (keeps the published version, with a reason) an author's edit. Admins only, like reviews. */
export function decideEdit(
  c: Context<SignedInEnv>,
  kindParam: EditKindParam,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  moderator(c);
  if (!c.get('user').isAdmin) throw forbidden();
  const db = c.get('db');
  const kind = EDIT_KIND[kindParam];
  const waiting = pendingEdit(db, kind, id);
  if (!waiting) throw notFound('Edit');
  const now = c.get('now')();
  const item =
    kind === 'review'
      ? db.select({ userId: reviews.userId, schoolId: reviews.schoolId }).from(reviews).where(eq(reviews.id, id)).get()
      : db
          .select({ userId: interviewExperiences.userId, schoolId: interviewExperiences.schoolId })
          .from(interviewExperiences)
          .where(eq(interviewExperiences.id, id))
          .get();
  if (!item) throw notFound('Edit');
  db.transaction((tx) => {
    if (decision.approve) {
      if (kind === 'review')
        tx.update(reviews)
          .set(pickShape(reviewFieldsShape, waiting.body) as Partial<typeof reviews.$inferInsert>)
          .where(eq(reviews.id, id))
          .run();
      else
        tx.update(interviewExperiences)
          .set(pickShape(interviewFieldsShape, waiting.body) as Partial<typeof interviewExperiences.$inferInsert>)
          .where(eq(interviewExperiences.id, id))
          .run();
    }
    tx.update(contributionRevisions)
      .set({ state: decision.approve ? 'approved' : 'rejected', reason: decision.approve ? null : decision.reason, decidedAt: now })
      .where(eq(contributionRevisions.id, waiting.id))
      .run();
    tx.insert(moderationLog)
      .values({
        actorUserId: c.get('user').id,
        kind,
        targetId: id,
        action: decision.approve ? 'approve-edit' : 'reject-edit',
        reason: decision.approve ? null : decision.reason,
        createdAt: now,
      })
      .run();
    // She hears of it (never the moderator of her own edit): the subject is this edit.
    editDecided(
      tx,
      { revisionId: waiting.id, kind, userId: item.userId, schoolId: item.schoolId },
      decision.approve,
      decision.approve ? null : decision.reason,
      c.get('user').id,
      now,
    );
  });
  return { kind, id, edit: decision.approve ? ('approved' as const) : ('rejected' as const) };
}

/** The versions an edited thread or reply replaced, oldest first: for admins and the category's moderators. */
export function previousVersions(c: Context<SignedInEnv>, kindParam: 'threads' | 'posts', id: number) {
  const { grants } = moderator(c);
  const db = c.get('db');
  const kind = kindParam === 'threads' ? ('thread' as const) : ('reply' as const);
  const target =
    kind === 'thread'
      ? db.select({ categoryId: forumThreads.categoryId }).from(forumThreads).where(eq(forumThreads.id, id)).get()
      : db
          .select({ categoryId: forumThreads.categoryId })
          .from(forumPosts)
          .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
          .where(eq(forumPosts.id, id))
          .get();
  if (!target) throw notFound(kind === 'thread' ? 'Thread' : 'Reply');
  if (!may(c.get('user'), grants, target.categoryId, 'canApprove')) throw forbidden();
  const versions = db
    .select({ body: contributionRevisions.body, replacedAt: contributionRevisions.createdAt })
    .from(contributionRevisions)
    .where(and(eq(contributionRevisions.kind, kind), eq(contributionRevisions.targetId, id), eq(contributionRevisions.state, 'previous')))
    .orderBy(asc(contributionRevisions.createdAt), asc(contributionRevisions.id))
    .all()
    .map((v) => ({
      title: typeof v.body.title === 'string' ? v.body.title : null,
      content: typeof v.body.content === 'string' ? v.body.content : '',
      replacedAt: v.replacedAt,
    }));
  return { kind, id, versions };
}
