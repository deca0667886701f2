// Who may act for a school (decision 2103): a live membership of school_members. Routes with a
// `{id}` school parameter say `policy: { access: 'user', school: 'editor' | 'admin' }` and get
// requireSchoolMember as part of their guard; routes that reach the school another way (a job's
// school) call assertSchoolMember in the handler. A site admin is not a member of any school by
// being a site admin: they act through the moderation routes.
import { and, eq, gte } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { DB } from '../../db/client';
import { schoolMembers, type SchoolMember, type SchoolRole } from '../../db/schema';
import type { AppEnv, SessionUser } from '../context';
import { ApiError } from '../platform/http-error';
import { idParam } from '../platform/validate';
import { findSchool } from './schools.queries';

/** A membership counts for 12 months after its last verification or re-confirmation (decision 2103). */
export const MEMBERSHIP_MONTHS = 12;

/** The moment a membership confirmed at `confirmedAt` stops counting (12 calendar months later, UTC). */
export function lapsesAt(confirmedAt: Date): Date {
  const d = new Date(confirmedAt);
  d.setUTCMonth(d.getUTCMonth() + MEMBERSHIP_MONTHS);
  return d;
}

/** The oldest confirmation still live at `now`. */
export function liveSince(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - MEMBERSHIP_MONTHS);
  return d;
}

/** An admin may do everything an editor may. */
const RANK: Record<SchoolRole, number> = { editor: 1, admin: 2 };
export const hasRole = (member: Pick<SchoolMember, 'role'>, role: SchoolRole = 'editor') => RANK[member.role] >= RANK[role];

/** The user's live membership of the school, or null (none, or lapsed: confirmed more than 12 months ago). */
export function membershipOf(db: DB, userId: string, schoolId: number, now: Date = new Date()): SchoolMember | null {
  return (
    db
      .select()
      .from(schoolMembers)
      .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.schoolId, schoolId), gte(schoolMembers.confirmedAt, liveSince(now))))
      .get() ?? null
  );
}

const NOT_MEMBER = 'Only verified staff of this school can do this';
const NOT_ADMIN = 'Only an admin of this school can do this';

/** What the membership helpers read of a request's context (a public or a signed-in route's). */
interface Ctx {
  get(key: 'db'): DB;
  get(key: 'user'): SessionUser | null;
  get(key: 'now'): () => Date;
  get(key: 'schoolMember'): SchoolMember | undefined;
}

/**
 * The caller's live membership of `schoolId` with at least `role` ('editor': any member), or a
 * thrown 403 `{ error }` (401 when signed out). For handlers that find the school themselves.
 */
export function assertSchoolMember(c: Ctx, schoolId: number, role: SchoolRole = 'editor'): SchoolMember {
  const user = c.get('user');
  if (!user) throw new ApiError(401, { error: 'Unauthorized' });
  const member = membershipOf(c.get('db'), user.id, schoolId, c.get('now')());
  if (!member) throw new ApiError(403, { error: NOT_MEMBER });
  if (!hasRole(member, role)) throw new ApiError(403, { error: NOT_ADMIN });
  return member;
}

/** In a route declared with `policy.school`: the caller's membership of its `{id}` school (set by the guard). */
export function schoolMemberOf(c: Ctx): SchoolMember {
  const member = c.get('schoolMember');
  if (!member) throw new ApiError(403, { error: NOT_MEMBER });
  return member;
}

/**
 * Guard for a route whose `{id}` is a school: the caller must hold a live membership of it with at
 * least `role` (any member when omitted); sets c.var.schoolMember. An id that is not an id is left
 * to the route's validator (400), which reads it the same way.
 */
export function requireSchoolMember(role: SchoolRole = 'editor'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('user')) return c.json({ error: 'Unauthorized' }, 401);
    const id = idParam.shape.id.safeParse(c.req.param('id'));
    if (id.success) {
      const member = membershipOf(c.get('db'), c.get('user')!.id, id.data, c.get('now')());
      if (!member) return c.json({ error: NOT_MEMBER }, 403);
      if (!hasRole(member, role)) return c.json({ error: NOT_ADMIN }, 403);
      c.set('schoolMember', member);
    }
    await next();
  };
}

type OwnSchoolWrite = 'a review' | 'an interview' | 'a mood';

/**
 * A review, interview or mood of a school by someone who manages it (a member, live or lapsed)
 * is refused with 409: the product never labels a contribution by who wrote it, so refusing is
 * the only way a school's own staff cannot pose as its teachers (decision 2103).
 */
export function refuseOwnSchool(c: Ctx, schoolId: number, what: OwnSchoolWrite): void {
  const user = c.get('user');
  if (!user) return;
  const row = c
    .get('db')
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, user.id), eq(schoolMembers.schoolId, schoolId)))
    .get();
  if (row) {
    throw new ApiError(409, {
      error: `You manage this school's page, so you cannot write ${what} for it: contributions are anonymous, and one from the school's own staff could not be told apart. Leave the school's staff on your dashboard first if you no longer work there.`,
    });
  }
}

/** Who wrote a new review, interview or mood, of which school, and when: the columns each sets. */
export interface Authorship {
  schoolId: number;
  userId: string;
  createdAt: Date;
}

/**
 * A signed-in teacher's new review, interview or mood of the school `id` (404 when there is none,
 * 409 when she manages it): `write` stores it with its authorship and answers what it wrote.
 */
export function writeAboutSchool<R>(c: Ctx, id: number, what: OwnSchoolWrite, write: (db: DB, by: Authorship) => R): R {
  const db = c.get('db');
  const school = findSchool(db, id);
  refuseOwnSchool(c, school.id, what);
  // Its routes are signed-in ones (policy access 'user'): the guard answered 401 before.
  return write(db, { schoolId: school.id, userId: c.get('user')!.id, createdAt: c.get('now')() });
}
