// POST /api/reports (decision 1422): a signed-in user reports a review, interview, mood comment,
// thread or reply, once per item (409 on a repeat). At REPORT_HIDE_THRESHOLD reports the item is
// hidden from the public until a moderator decides (api/routes/moderation.ts, /reports/...).
import { Hono } from 'hono';
import { reports } from '../../db/schema';
import { reportInput } from '../../db/validation';
import type { AppEnv } from '../context';
import { ApiError } from '../lib/http-error';
import { hide, reportCount, reportTarget } from '../lib/reports';
import { validate } from '../lib/validate';
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';

const NAMES = { review: 'Review', interview: 'Interview', mood: 'Comment', thread: 'Thread', reply: 'Reply' } as const;

export const reportsRoutes = new Hono<AppEnv>().post('/', requireUser, idempotency, rateLimit, validate('json', reportInput), (c) => {
  const { kind, id, reason } = c.req.valid('json');
  const db = c.get('db');
  const now = c.get('now')();
  const threshold = c.get('reportHideThreshold');
  const target = reportTarget(db, kind, id);
  if (!target) throw new ApiError(404, { error: `${NAMES[kind]} not found` });
  const result = db.transaction((tx) => {
    const inserted = tx.insert(reports).values({ kind, targetId: id, userId: c.get('user')!.id, reason, createdAt: now }).onConflictDoNothing().run().changes;
    if (!inserted) return null;
    const n = reportCount(tx, kind, id);
    const hidden = n >= threshold;
    if (hidden) hide(tx as never, kind, id, now);
    return { reports: n, hidden };
  });
  if (!result) throw new ApiError(409, { error: 'You have already reported this' });
  return c.json({ kind, id, received: true as const, hidden: result.hidden }, 201);
});
