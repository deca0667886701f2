// An author changes or takes back what she wrote (decision 2020). Only the author: anyone else
// gets the same 404 as a missing id, so an id never confirms that someone else's item exists.
// An edit of a published item waits for a moderator in contribution_revisions while the published
// version stays up (a thread's or reply's small fix in its first minutes goes through: decision
// 2026); the text a published edit replaces is kept there for moderators. Deleting removes an item with what hangs on it (its
// reports, hidden mark and revisions); a reply, and a thread with replies, leave a placeholder.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB, Tx } from '../../db/client';
import { contributionRevisions, hiddenContent, reports, type ReportKind, type RevisionKind } from '../../db/schema';
import { formErrors } from '../../core/validation';
import { ApiError, notFound } from '../platform/http-error';

/** The row when it is this user's; otherwise the answer a missing id gets (404 `{Thing} not found`). */
export function ownOr404<R extends { userId: string | null }>(row: R | undefined, userId: string, thing: string): R {
  if (!row || row.userId === null || row.userId !== userId) throw notFound(thing);
  return row;
}

/**
 * The version after a PATCH: `change` over `current`, checked whole by the create schema (so the
 * rules are those of writing it, e.g. pros of at least 10 characters). 400 `{ error, fields }`.
 */
export function mergeChange<S extends z.ZodType>(
  schema: S,
  current: Record<string, unknown>,
  change: Record<string, unknown>,
): z.output<S> {
  const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(given).length === 0) throw new ApiError(400, { error: 'Invalid input', fields: { _: 'Change at least one field' } });
  const result = schema.safeParse({ ...current, ...given });
  if (!result.success) throw new ApiError(400, { error: 'Invalid input', fields: formErrors(result.error) });
  return result.data;
}

/** The edit of an item waiting for a moderator, if any. */
export function pendingEdit(db: Pick<DB, 'select'>, kind: RevisionKind, targetId: number) {
  return db
    .select({ id: contributionRevisions.id, body: contributionRevisions.body, createdAt: contributionRevisions.createdAt })
    .from(contributionRevisions)
    .where(
      and(eq(contributionRevisions.kind, kind), eq(contributionRevisions.targetId, targetId), eq(contributionRevisions.state, 'pending')),
    )
    .get();
}

/** Stores (or replaces) the pending edit of an item: at most one waits per item. */
export function submitEdit(tx: Tx, kind: RevisionKind, targetId: number, userId: string, body: Record<string, unknown>, now: Date) {
  const waiting = pendingEdit(tx, kind, targetId);
  if (waiting) tx.update(contributionRevisions).set({ body, createdAt: now }).where(eq(contributionRevisions.id, waiting.id)).run();
  else tx.insert(contributionRevisions).values({ kind, targetId, userId, body, state: 'pending', createdAt: now }).run();
}

export function dropPendingEdit(tx: Tx, kind: RevisionKind, targetId: number) {
  tx.delete(contributionRevisions)
    .where(
      and(eq(contributionRevisions.kind, kind), eq(contributionRevisions.targetId, targetId), eq(contributionRevisions.state, 'pending')),
    )
    .run();
}

/** Keeps the version an author's edit of a thread or reply replaces, for moderators. */
export function keepPrevious(tx: Tx, kind: 'thread' | 'reply', targetId: number, userId: string, body: Record<string, unknown>, now: Date) {
  tx.insert(contributionRevisions).values({ kind, targetId, userId, body, state: 'previous', createdAt: now }).run();
}

/** Removes what hangs on a deleted item (or a placeholder's text): its reports, hidden mark and revisions. */
export function dropTraces(tx: Tx, kind: RevisionKind & ReportKind, targetId: number) {
  tx.delete(reports)
    .where(and(eq(reports.kind, kind), eq(reports.targetId, targetId)))
    .run();
  tx.delete(hiddenContent)
    .where(and(eq(hiddenContent.kind, kind), eq(hiddenContent.targetId, targetId)))
    .run();
  tx.delete(contributionRevisions)
    .where(and(eq(contributionRevisions.kind, kind), eq(contributionRevisions.targetId, targetId)))
    .run();
}
