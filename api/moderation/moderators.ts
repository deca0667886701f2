// Moderators: who may moderate what (decision 0203). Admins (ADMIN_EMAILS) may do everything. A
// forum moderator (forum_moderators row) acts only in that row's category and only as its can*
// flags allow: canApprove approves and rejects threads and replies, canLock locks and unlocks,
// canEdit makes a thread sticky or not. Reviews are not forum content: only admins moderate them.
// Who may use the moderation queue at all (moderator()): an admin, or anyone with a forum grant.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { forumModerators } from '../../db/schema';
import type { SessionUser } from '../context';
import { ApiError } from '../platform/http-error';
import type { SignedInEnv } from '../platform/route';

export type Capability = 'canEdit' | 'canDelete' | 'canApprove' | 'canLock';
export type Grants = Map<number, Record<Capability, boolean>>;

/** The categories the user moderates, with the flags of each. */
export function moderatorGrants(db: Pick<DB, 'select'>, userId: string): Grants {
  const rows = db
    .select({
      categoryId: forumModerators.categoryId,
      canEdit: forumModerators.canEdit,
      canDelete: forumModerators.canDelete,
      canApprove: forumModerators.canApprove,
      canLock: forumModerators.canLock,
    })
    .from(forumModerators)
    .where(eq(forumModerators.userId, userId))
    .all();
  return new Map(rows.map(({ categoryId, ...flags }) => [categoryId, flags]));
}

export function may(user: SessionUser | null, grants: Grants, categoryId: number, capability: Capability): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return grants.get(categoryId)?.[capability] === true;
}

/** Categories where the user holds the capability (admins: null, meaning all). */
export function categoriesWith(user: SessionUser, grants: Grants, capability: Capability): number[] | null {
  if (user.isAdmin) return null;
  return [...grants].filter(([, flags]) => flags[capability]).map(([id]) => id);
}

export const forbidden = () => new ApiError(403, { error: 'Forbidden' });

/** The caller's grants; 403 for someone who moderates nothing. */
export function moderator(c: Context<SignedInEnv>): { grants: Grants } {
  const user = c.get('user');
  const grants = moderatorGrants(c.get('db'), user.id);
  if (!user.isAdmin && grants.size === 0) throw forbidden();
  return { grants };
}
