// An interview's author edits or deletes it (decision 2020). An interview is published at once,
// so an edit waits for a moderator (contribution_revisions) while the published one stays up.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import { interviewExperiences } from '../../db/schema';
import { columnsOf, interviewFieldsShape, interviewShape, pickShape } from '../../db/shapes';
import { interviewInput, type InterviewEdit } from '../../core/validation';
import { dropTraces, mergeChange, ownOr404, pendingEdit, submitEdit } from '../moderation/own-edits';
import type { SignedInEnv } from '../platform/route';
import { refuseOwnSchool } from '../schools/members';

type Fields = z.infer<typeof interviewFieldsShape>;
const fieldsOf = (row: Record<string, unknown>) => pickShape(interviewFieldsShape, row) as Fields;

/** The interview as its author reads it, with the edit that waits, if any. */
export function ownInterview(db: SignedInEnv['Variables']['db'], id: number) {
  const row = db
    .select(columnsOf(interviewExperiences, interviewShape))
    .from(interviewExperiences)
    .where(eq(interviewExperiences.id, id))
    .get()!;
  const waiting = pendingEdit(db, 'interview', id);
  return { ...row, pendingEdit: waiting ? { fields: fieldsOf(waiting.body), submittedAt: waiting.createdAt } : null };
}

export function editInterview(c: Context<SignedInEnv>, id: number, change: InterviewEdit) {
  const db = c.get('db');
  const user = c.get('user');
  const row = ownOr404(db.select().from(interviewExperiences).where(eq(interviewExperiences.id, id)).get(), user.id, 'Interview');
  // Written before she joined the school's staff: changing it now is writing one (decision 2103). Deleting stays hers.
  refuseOwnSchool(c, row.schoolId, 'an interview');
  const waiting = pendingEdit(db, 'interview', id);
  const next = mergeChange(interviewInput, waiting ? fieldsOf(waiting.body) : fieldsOf(row), change as Record<string, unknown>);
  const fields: Fields = {
    ...next,
    interviewDifficulty: next.interviewDifficulty,
    questionsAsked: next.questionsAsked ?? null,
    tipsForCandidates: next.tipsForCandidates ?? null,
    overallExperience: next.overallExperience ?? null,
  };
  db.transaction((tx) => submitEdit(tx, 'interview', id, user.id, fields, c.get('now')()));
  return ownInterview(db, id);
}

export function deleteInterview(c: Context<SignedInEnv>, id: number) {
  const db = c.get('db');
  ownOr404(
    db.select({ userId: interviewExperiences.userId }).from(interviewExperiences).where(eq(interviewExperiences.id, id)).get(),
    c.get('user').id,
    'Interview',
  );
  db.transaction((tx) => {
    dropTraces(tx, 'interview', id);
    tx.delete(interviewExperiences).where(eq(interviewExperiences.id, id)).run();
  });
  return { kind: 'interview' as const, id, deleted: true as const };
}
