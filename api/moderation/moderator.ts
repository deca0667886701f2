// Who may use the moderation queue: an admin, or anyone with at least one forum grant (decision
// 0203). Its own module so the queue's handlers and the edits' handlers share it without importing
// each other.
import type { Context } from 'hono';
import { ApiError } from '../platform/http-error';
import { moderatorGrants, type Grants } from './moderators';
import type { SignedInEnv } from '../platform/route';

export const forbidden = () => new ApiError(403, { error: 'Forbidden' });

/** The caller's grants; 403 for someone who moderates nothing. */
export function moderator(c: Context<SignedInEnv>): { grants: Grants } {
  const user = c.get('user');
  const grants = moderatorGrants(c.get('db'), user.id);
  if (!user.isAdmin && grants.size === 0) throw forbidden();
  return { grants };
}
