// Reading a school's staff records: my schools (memberships, claims, what waits for me) and the
// audit log (decisions 2101-2103).
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { schoolAudit, schoolClaims, schoolMembers, schools, users } from '../../db/schema';
import { lapsesAt, liveSince } from './members';
import { waitingResponses } from '../reviews/waiting-responses';

// ---- Reading: my schools, the audit log --------------------------------------------------------

const text = (v: unknown) => (typeof v === 'string' ? v : '');

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });
export const monthOf = (d: Date) => MONTH.format(d);

export function mySchools(db: DB, userId: string, now: Date) {
  const since = liveSince(now).getTime();
  const memberships = db
    .select({ member: schoolMembers, name: schools.name })
    .from(schoolMembers)
    .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .where(eq(schoolMembers.userId, userId))
    .orderBy(schools.name)
    .all()
    .map(({ member: m, name }) => ({
      schoolId: m.schoolId,
      name,
      role: m.role,
      method: m.method,
      email: m.email,
      verifiedAt: m.verifiedAt,
      verifiedMonth: monthOf(m.verifiedAt),
      confirmedAt: m.confirmedAt,
      lapsesAt: lapsesAt(m.confirmedAt),
      live: m.confirmedAt.getTime() >= since,
    }));
  // Her school's responses that wait for a moderator: its live staff's to know, nobody else's.
  const waiting = waitingResponses(
    db,
    memberships.filter((m) => m.live).map((m) => m.schoolId),
  );
  const schoolsOf = memberships.map((m) => ({ ...m, waitingResponses: waiting.get(m.schoolId) ?? [] }));
  const claims = db
    .select({
      id: schoolClaims.id,
      schoolId: schoolClaims.schoolId,
      schoolName: schools.name,
      email: schoolClaims.email,
      state: schoolClaims.state,
      reason: schoolClaims.reason,
      createdAt: schoolClaims.createdAt,
      expiresAt: schoolClaims.expiresAt,
    })
    .from(schoolClaims)
    .innerJoin(schools, eq(schools.id, schoolClaims.schoolId))
    .where(and(eq(schoolClaims.userId, userId), eq(schoolClaims.kind, 'claim')))
    .orderBy(desc(schoolClaims.createdAt))
    .limit(20)
    .all()
    .filter((cl) => cl.state !== 'pending-email' || cl.expiresAt.getTime() > now.getTime())
    .map(({ expiresAt: _e, ...cl }) => cl);
  // DfE Sign-in organisations that are not a school of ours (decision 2102): shown, never guessed.
  const notSupported = db
    .select({ detail: schoolAudit.detail, at: schoolAudit.at })
    .from(schoolAudit)
    .where(
      and(
        eq(schoolAudit.actorUserId, userId),
        isNull(schoolAudit.schoolId),
        inArray(schoolAudit.action, ['dfe-sign-in.not-supported', 'dfe-sign-in.unknown-school']),
      ),
    )
    .orderBy(desc(schoolAudit.at))
    .limit(5)
    .all()
    .map((r) => ({
      name: text(r.detail.name) || 'Your organisation',
      category: text(r.detail.categoryName) || text(r.detail.category),
      reason: text(r.detail.reason),
      at: r.at,
    }));
  return { schools: schoolsOf, claims, notSupported };
}

/** The audit log, newest first: one school's (its admins) or every school's (site admins). Never the subject's user id. */
export function auditLog(db: DB, options: { schoolId?: number; limit: number; before?: number }) {
  return db
    .select({
      id: schoolAudit.id,
      schoolId: schoolAudit.schoolId,
      schoolName: schools.name,
      action: schoolAudit.action,
      detail: schoolAudit.detail,
      at: schoolAudit.at,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(schoolAudit)
    .leftJoin(schools, eq(schools.id, schoolAudit.schoolId))
    .leftJoin(users, eq(users.id, schoolAudit.actorUserId))
    .where(
      and(
        options.schoolId === undefined ? undefined : eq(schoolAudit.schoolId, options.schoolId),
        options.before ? sql`${schoolAudit.id} < ${options.before}` : undefined,
      ),
    )
    .orderBy(desc(schoolAudit.id))
    .limit(options.limit)
    .all()
    .map(({ detail, actorFirstName, actorLastName, ...row }) => {
      const { userId: _u, ...shown } = detail;
      const actor = actorFirstName || actorLastName ? [actorFirstName, actorLastName].filter(Boolean).join(' ') : null;
      return { ...row, actor, detail: shown };
    });
}
