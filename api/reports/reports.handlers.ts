import type { RouteHandler } from '@hono/zod-openapi';
import { reports } from '../../db/schema';
import { ApiError, notFound } from '../platform/http-error';
import { moderatorGrants } from '../moderation/moderators';
import { hide, reportCount, reporterKey, reportTarget } from '../moderation/reports';
import { membershipOf } from '../schools/members';
import type * as routes from './reports.routes';

const NAMES = { review: 'Review', interview: 'Interview', mood: 'Comment', thread: 'Thread', reply: 'Reply' } as const;

export const report: RouteHandler<typeof routes.report> = (c) => {
  const { kind, id, reason } = c.req.valid('json');
  const db = c.get('db');
  const user = c.get('user');
  const now = c.get('now')();
  const threshold = c.get('reportHideThreshold');
  const target = reportTarget(db, kind, id);
  // What she may not see (someone else's pending thread, a hidden interview…) answers exactly as a
  // missing id, so a report never confirms that it exists.
  if (!target || !target.visibleTo(user, moderatorGrants(db, user.id))) throw notFound(NAMES[kind]);
  const key = reporterKey(db, user.id);
  // A school cannot report-to-hide what is said about it (decision 2111): its staff's report of their
  // own school's review, interview or mood is kept for the moderators and never counts towards hiding.
  const schoolId = typeof target.summary.schoolId === 'number' ? target.summary.schoolId : null;
  const fromSchoolStaff = schoolId !== null && membershipOf(db, user.id, schoolId, now) !== null;
  const result = db.transaction((tx) => {
    // Unique per (item, user) and per (item, reporter key): a repeat, even from a re-created account, inserts nothing.
    const inserted = tx
      .insert(reports)
      .values({ kind, targetId: id, userId: user.id, reporterKey: key, reason, fromSchoolStaff, createdAt: now })
      .onConflictDoNothing()
      .run().changes;
    if (!inserted) return null;
    const n = reportCount(tx, kind, id);
    const hidden = n >= threshold;
    if (hidden) hide(tx, kind, id, now);
    return { reports: n, hidden };
  });
  if (!result) throw new ApiError(409, { error: 'You have already reported this' });
  return c.json({ kind, id, received: true as const, hidden: result.hidden }, 201);
};
