// Authors' edits for moderators (decisions 2020, 2026): an edit of a published review, interview,
// thread or reply waits beside the published version (the queue shows both side by side);
// approving copies it into the item (the kept school figures follow through the reviews triggers;
// a thread's or reply's replaced text is kept as a previous version), refusing keeps the published
// version and tells the author why. Reviews and interviews are for admins (decision 0203), a
// thread's or reply's edit also for the category's moderators who may approve. The previous
// versions of an edited thread or reply, for moderators.
import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB, Tx } from '../../db/client';
import { contributionRevisions, forumPosts, forumThreads, interviewExperiences, moderationLog, reviews, schools } from '../../db/schema';
import { interviewFieldsShape, pickShape, reviewFieldsShape } from '../../db/shapes';
import { ApiError, notFound } from '../platform/http-error';
import { may, moderator, type Grants } from './moderators';
import { keepPrevious, pendingEdit } from './own-edits';
import type { SignedInEnv } from '../platform/route';
import type { SessionUser } from '../context';
import { slugify } from '../forum/forum.queries';
import { editDecided } from '../notifications/notifications.service';

const forbidden = () => new ApiError(403, { error: 'Forbidden' });
const EDIT_KIND = { reviews: 'review', interviews: 'interview', threads: 'thread', posts: 'reply' } as const;
export type EditKindParam = keyof typeof EDIT_KIND;
type EditKind = (typeof EDIT_KIND)[EditKindParam];

/** Where an edited item is: its school (a review, an interview) or its thread (a thread, a reply). */
interface Place {
  schoolId: number | null;
  schoolName: string | null;
  threadId: number | null;
  threadTitle: string | null;
  categoryId: number | null;
}
const noPlace: Place = { schoolId: null, schoolName: null, threadId: null, threadTitle: null, categoryId: null };

/** An edit that waits, with the published version beside it. */
export interface PendingEdit extends Place {
  kind: EditKind;
  id: number;
  published: Record<string, unknown>;
  proposed: Record<string, unknown>;
  submittedAt: Date;
}

const forumFields = (kind: 'thread' | 'reply', v: Record<string, unknown>) =>
  kind === 'thread' ? { title: v.title, content: v.content } : { content: v.content };

/** The published fields and the place of the item an edit is of; null when the item is gone. */
function editedItem(db: DB, kind: EditKind, id: number): { fields: Record<string, unknown>; userId: string | null; place: Place } | null {
  if (kind === 'review') {
    const r = db
      .select({ review: reviews, schoolName: schools.name })
      .from(reviews)
      .innerJoin(schools, eq(schools.id, reviews.schoolId))
      .where(eq(reviews.id, id))
      .get();
    if (!r) return null;
    const place = { ...noPlace, schoolId: r.review.schoolId, schoolName: r.schoolName };
    return { fields: pickShape(reviewFieldsShape, r.review), userId: r.review.userId, place };
  }
  if (kind === 'interview') {
    const r = db
      .select({ interview: interviewExperiences, schoolName: schools.name })
      .from(interviewExperiences)
      .innerJoin(schools, eq(schools.id, interviewExperiences.schoolId))
      .where(eq(interviewExperiences.id, id))
      .get();
    if (!r) return null;
    const place = { ...noPlace, schoolId: r.interview.schoolId, schoolName: r.schoolName };
    return { fields: pickShape(interviewFieldsShape, r.interview), userId: r.interview.userId, place };
  }
  const thread = { threadId: forumThreads.id, threadTitle: forumThreads.title, categoryId: forumThreads.categoryId };
  const r =
    kind === 'thread'
      ? db
          .select({
            ...thread,
            title: forumThreads.title,
            content: forumThreads.content,
            userId: forumThreads.userId,
            deletedAt: forumThreads.deletedAt,
          })
          .from(forumThreads)
          .where(eq(forumThreads.id, id))
          .get()
      : db
          .select({
            ...thread,
            title: forumThreads.title,
            content: forumPosts.content,
            userId: forumPosts.userId,
            deletedAt: forumPosts.deletedAt,
          })
          .from(forumPosts)
          .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
          .where(eq(forumPosts.id, id))
          .get();
  if (!r || r.deletedAt) return null;
  const place = { ...noPlace, threadId: r.threadId, threadTitle: r.threadTitle, categoryId: r.categoryId };
  return { fields: forumFields(kind, r), userId: r.userId, place };
}

/** The fields of a waiting edit as the queue shows them (only those an author may change). */
function proposedFields(kind: EditKind, body: Record<string, unknown>) {
  if (kind === 'review') return pickShape(reviewFieldsShape, body);
  if (kind === 'interview') return pickShape(interviewFieldsShape, body);
  return forumFields(kind, body);
}

/** Whether this moderator decides edits of this item: admins all; a category's moderators (canApprove) its threads and replies. */
function mayDecide(user: SessionUser, grants: Grants, kind: EditKind, place: Place) {
  if (kind === 'review' || kind === 'interview' || place.categoryId === null) return user.isAdmin;
  return may(user, grants, place.categoryId, 'canApprove');
}

/** Every waiting edit this moderator may decide, oldest first, each beside its published version. */
export function pendingEdits(db: DB, user: SessionUser, grants: Grants): PendingEdit[] {
  const rows = db
    .select({
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
    const item = editedItem(db, r.kind, r.targetId);
    if (!item || !mayDecide(user, grants, r.kind, item.place)) return [];
    const proposed = proposedFields(r.kind, r.body);
    return [{ kind: r.kind, id: r.targetId, ...item.place, published: item.fields, proposed, submittedAt: r.submittedAt }];
  });
}

/** Copies an approved edit into its item; a thread's or reply's replaced text is kept for moderators. */
function publishEdit(
  tx: Tx,
  kind: EditKind,
  id: number,
  item: { fields: Record<string, unknown>; userId: string | null },
  body: Record<string, unknown>,
  now: Date,
) {
  if (kind === 'review')
    tx.update(reviews)
      .set(pickShape(reviewFieldsShape, body) as Partial<typeof reviews.$inferInsert>)
      .where(eq(reviews.id, id))
      .run();
  else if (kind === 'interview')
    tx.update(interviewExperiences)
      .set(pickShape(interviewFieldsShape, body) as Partial<typeof interviewExperiences.$inferInsert>)
      .where(eq(interviewExperiences.id, id))
      .run();
  else {
    if (item.userId) keepPrevious(tx, kind, id, item.userId, item.fields, now);
    const content = String(body.content);
    if (kind === 'thread') {
      const title = String(body.title);
      tx.update(forumThreads)
        .set({ title, slug: slugify(title), content, editedAt: now, updatedAt: now })
        .where(eq(forumThreads.id, id))
        .run();
    } else tx.update(forumPosts).set({ content, editedAt: now, updatedAt: now }).where(eq(forumPosts.id, id)).run();
  }
}

/** Approves (swaps in) or refuses (keeps the published version, with a reason) an author's edit. */
export function decideEdit(
  c: Context<SignedInEnv>,
  kindParam: EditKindParam,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const { grants } = moderator(c);
  const db = c.get('db');
  const kind = EDIT_KIND[kindParam];
  const item = editedItem(db, kind, id);
  const waiting = item && pendingEdit(db, kind, id);
  if (!item || !waiting) throw notFound('Edit');
  if (!mayDecide(c.get('user'), grants, kind, item.place)) throw forbidden();
  const now = c.get('now')();
  const reason = decision.approve ? null : decision.reason;
  db.transaction((tx) => {
    if (decision.approve) publishEdit(tx, kind, id, item, waiting.body, now);
    tx.update(contributionRevisions)
      .set({ state: decision.approve ? 'approved' : 'rejected', reason, decidedAt: now })
      .where(eq(contributionRevisions.id, waiting.id))
      .run();
    tx.insert(moderationLog)
      .values({
        actorUserId: c.get('user').id,
        kind,
        targetId: id,
        action: decision.approve ? 'approve-edit' : 'reject-edit',
        reason,
        createdAt: now,
      })
      .run();
    // She hears of it (never the moderator of her own edit): the subject is this edit.
    editDecided(tx, { revisionId: waiting.id, kind, userId: item.userId, ...item.place }, decision.approve, reason, c.get('user').id, now);
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
