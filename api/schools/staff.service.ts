// A school's staff (decisions 2101-2103): claims by work email, one-time links (claim, invitation,
// re-confirmation), their approval by a site admin or a verified admin of the school, members'
// roles, leaving, and the school's audit log. Handlers (staff.handlers.ts) call these with the
// request's context; every change here writes one school_audit row in the same transaction.
// The links live in staff-links.service.ts, the reads in staff.queries.ts, the shared audit and
// telling in staff-base.ts; this module answers for all of them (re-exported below).
import { and, count, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { schoolClaims, schoolMembers, schools, users, type School, type SchoolMember, type SchoolRole } from '../../db/schema';
import type { SignedInEnv } from '../platform/route';
import { ApiError } from '../platform/http-error';
import { lapsesAt, liveSince } from './members';
import { afterCursor, decodeCursor, pageOf } from '../platform/paging';
import { matchEmail } from './domains';
import { notify } from '../notifications/notifications.service';
import { audit, claimEmail, ROLE_WORDS, tellByEmail } from './staff-base';
import { sendLink, upsertMember } from './staff-links.service';

export { audit, LINK_HOURS, OPEN_CLAIMS_PER_ACCOUNT, OPEN_CLAIMS_PER_SCHOOL, type AuditAction } from './staff-base';
export { clearExpiredLinks, openLink, requestClaim, sendLink } from './staff-links.service';
export { auditLog, monthOf, mySchools } from './staff.queries';

// ---- Deciding claims ---------------------------------------------------------------------------

/** The school has a live admin (someone who can invite and approve). */
export function hasLiveAdmin(db: DB, schoolId: number, now: Date) {
  return !!db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.role, 'admin'), gte(schoolMembers.confirmedAt, liveSince(now))))
    .get();
}

/**
 * Approves or rejects a claim whose link was opened (a site admin, or an admin of the claim's
 * school: `schoolId` says which school the route is for; a claim of another school is 404).
 * Approval makes the claimant a member: `role` as asked, else admin when the school has no live
 * admin yet, else editor (decision 2103).
 */
export function decideClaim(
  c: Context<SignedInEnv>,
  claimId: number,
  decision: { approve: true; role?: SchoolRole } | { approve: false; reason: string },
  scope: { schoolId?: number },
) {
  const db = c.get('db');
  const actor = c.get('user');
  const now = c.get('now')();
  const decided = db.transaction((tx) => {
    const claim = tx
      .select()
      .from(schoolClaims)
      .where(and(eq(schoolClaims.id, claimId), eq(schoolClaims.kind, 'claim')))
      .get();
    if (!claim || (scope.schoolId !== undefined && claim.schoolId !== scope.schoolId))
      throw new ApiError(404, { error: 'Claim not found' });
    if (claim.userId === actor.id) throw new ApiError(403, { error: 'Someone else decides your own claim.' });
    if (claim.state === 'approved' || claim.state === 'rejected')
      throw new ApiError(409, { error: `This claim was already ${claim.state}.` });
    const d = db; // one connection: the transaction covers it
    const by = scope.schoolId === undefined ? 'site-admin' : 'school-admin';
    if (!decision.approve) {
      tx.update(schoolClaims)
        .set({ state: 'rejected', decidedBy: actor.id, decidedAt: now, reason: decision.reason })
        .where(eq(schoolClaims.id, claim.id))
        .run();
      audit(
        d,
        claim.schoolId,
        actor.id,
        'claim.rejected',
        { claimId: claim.id, email: claim.email, reason: decision.reason, by, userId: claim.userId },
        now,
      );
      const about = { userId: claim.userId, subjectType: 'school_claim' as const, subjectId: claim.id, schoolId: claim.schoolId };
      notify(d, [{ ...about, kind: 'claim_rejected', reason: decision.reason }], actor.id, now);
      return { id: claim.id, state: 'rejected' as const, role: null, email: claim.email, schoolId: claim.schoolId };
    }
    if (claim.state !== 'pending') throw new ApiError(409, { error: 'The claimant has not opened the email link yet.' });
    const role: SchoolRole = decision.role ?? (hasLiveAdmin(d, claim.schoolId, now) ? 'editor' : 'admin');
    upsertMember(d, {
      userId: claim.userId!,
      schoolId: claim.schoolId,
      role,
      method: 'email',
      email: claim.email,
      verifiedBy: actor.id,
      now,
    });
    tx.update(schoolClaims)
      .set({ state: 'approved', decidedBy: actor.id, decidedAt: now, role })
      .where(eq(schoolClaims.id, claim.id))
      .run();
    audit(d, claim.schoolId, actor.id, 'claim.approved', { claimId: claim.id, email: claim.email, role, by, userId: claim.userId }, now);
    const about = { userId: claim.userId, subjectType: 'school_claim' as const, subjectId: claim.id, schoolId: claim.schoolId };
    notify(d, [{ ...about, kind: 'claim_approved' }], actor.id, now);
    return { id: claim.id, state: 'approved' as const, role, email: claim.email, schoolId: claim.schoolId };
  });
  const school = db.select({ name: schools.name }).from(schools).where(eq(schools.id, decided.schoolId)).get()!;
  const reason = decision.approve ? '' : decision.reason;
  const mail = claimEmail(c, school.name, decided.role ? { approved: true, role: decided.role } : { approved: false, reason });
  tellByEmail(c, decided.email, mail.subject, mail.paragraphs);
  return { id: decided.id, state: decided.state, role: decided.role };
}

/**
 * The claims queue, a page at a time (decision 2113): only claims whose link was opened (state
 * 'pending'), oldest first by keyset on (created_at, id), so a confirmed claim is never behind
 * unopened ones; `unopened` counts the claims whose link is still unopened and unexpired. One
 * school's (its admins) or every school's (site admins).
 */
export function pendingClaims(db: DB, options: { schoolId?: number; limit: number; cursor?: string; now: Date }) {
  const k = decodeCursor(options.cursor, 'claims', 'nn');
  const ofSchool = options.schoolId === undefined ? undefined : eq(schoolClaims.schoolId, options.schoolId);
  const confirmed = and(eq(schoolClaims.kind, 'claim'), eq(schoolClaims.state, 'pending'), ofSchool);
  const at = sql<number>`${schoolClaims.createdAt}`;
  const rows = db
    .select({
      id: schoolClaims.id,
      state: schoolClaims.state,
      email: schoolClaims.email,
      domain: schoolClaims.domain,
      domainRule: schoolClaims.domainRule,
      createdAt: schoolClaims.createdAt,
      emailConfirmedAt: schoolClaims.usedAt,
      school: { id: schools.id, name: schools.name, phoneNumber: schools.phoneNumber, website: schools.website, urn: schools.urn },
      claimant: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      at,
    })
    .from(schoolClaims)
    .innerJoin(schools, eq(schools.id, schoolClaims.schoolId))
    .innerJoin(users, eq(users.id, schoolClaims.userId))
    .where(and(confirmed, afterCursor('asc', [schoolClaims.createdAt, schoolClaims.id], k)))
    .orderBy(schoolClaims.createdAt, schoolClaims.id)
    .limit(options.limit + 1)
    .all();
  const page = pageOf(rows, options.limit, 'claims', (r) => [r.at, r.id]);
  const total = db.select({ n: count() }).from(schoolClaims).where(confirmed).get()!.n;
  const unopened = db
    .select({ n: count() })
    .from(schoolClaims)
    .where(and(eq(schoolClaims.kind, 'claim'), eq(schoolClaims.state, 'pending-email'), gt(schoolClaims.expiresAt, options.now), ofSchool))
    .get()!.n;
  return { rows: page.rows.map(({ at: _a, ...r }) => r), next: page.next, total, unopened };
}

// ---- Members -----------------------------------------------------------------------------------

export function membersOf(db: DB, schoolId: number, viewer: SchoolMember, now: Date) {
  const since = liveSince(now).getTime();
  return db
    .select({
      id: schoolMembers.id,
      userId: schoolMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: schoolMembers.email,
      role: schoolMembers.role,
      method: schoolMembers.method,
      verifiedAt: schoolMembers.verifiedAt,
      confirmedAt: schoolMembers.confirmedAt,
    })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(eq(schoolMembers.schoolId, schoolId))
    .orderBy(desc(sql`${schoolMembers.role} = 'admin'`), users.firstName, schoolMembers.id)
    .all()
    .map(({ userId, ...m }) => ({
      ...m,
      // Work addresses are for the school's admins (who invite and remove).
      email: viewer.role === 'admin' || userId === viewer.userId ? m.email : null,
      lapsesAt: lapsesAt(m.confirmedAt),
      live: m.confirmedAt.getTime() >= since,
      you: userId === viewer.userId,
    }));
}

function memberAt(db: DB, schoolId: number, memberId: number) {
  const m = db
    .select()
    .from(schoolMembers)
    .where(and(eq(schoolMembers.id, memberId), eq(schoolMembers.schoolId, schoolId)))
    .get();
  if (!m) throw new ApiError(404, { error: 'Member not found' });
  return m;
}

function otherLiveAdmins(db: DB, schoolId: number, exceptId: number, now: Date) {
  return db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(
      and(
        eq(schoolMembers.schoolId, schoolId),
        eq(schoolMembers.role, 'admin'),
        gte(schoolMembers.confirmedAt, liveSince(now)),
        sql`${schoolMembers.id} != ${exceptId}`,
      ),
    )
    .all().length;
}

export function changeRole(c: Context<SignedInEnv>, schoolId: number, memberId: number, role: SchoolRole) {
  const db = c.get('db');
  const now = c.get('now')();
  return db.transaction((tx) => {
    const d = db; // one connection: the transaction covers it
    const m = memberAt(d, schoolId, memberId);
    if (m.role === 'admin' && role === 'editor' && otherLiveAdmins(d, schoolId, m.id, now) === 0) {
      throw new ApiError(409, { error: 'A school needs at least one admin: make someone else an admin first.' });
    }
    tx.update(schoolMembers).set({ role }).where(eq(schoolMembers.id, m.id)).run();
    const actorId = c.get('user').id;
    const auditId = audit(d, schoolId, actorId, 'member.role-changed', { memberId: m.id, from: m.role, to: role, userId: m.userId }, now);
    // Told only of a change (the same role again tells nothing), never her own.
    if (m.role !== role && m.userId !== actorId) {
      const kind = role === 'admin' ? ('member_made_admin' as const) : ('member_made_editor' as const);
      notify(d, [{ userId: m.userId, kind, subjectType: 'school_audit', subjectId: auditId, schoolId }], actorId, now);
      const { name, address } = placeOf(d, schoolId, m);
      tellByEmail(c, address, `Your role at ${name} on Teachers In London Talk changed`, [
        `An admin of ${name} made you ${ROLE_WORDS[role]} of the school on Teachers In London Talk.`,
        role === 'admin'
          ? 'Admins can also invite and remove members, change their roles and decide requests to manage the school.'
          : "Editors post the school's vacancies, keep its page right and answer reviews; inviting and removing members is for its admins.",
        `Your school dashboard: ${c.get('siteOrigin')}/school-admin`,
      ]);
    }
    return { id: m.id, role };
  });
}

/** The school's name and where to email a member: her work address, else her account's. */
function placeOf(db: DB, schoolId: number, m: SchoolMember) {
  const name = db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId)).get()!.name;
  const account = db.select({ email: users.email }).from(users).where(eq(users.id, m.userId)).get();
  return { name, address: m.email ?? account?.email ?? null };
}

export function removeMember(c: Context<SignedInEnv>, schoolId: number, memberId: number) {
  const db = c.get('db');
  const now = c.get('now')();
  const actor = c.get('user');
  db.transaction((tx) => {
    const d = db; // one connection: the transaction covers it
    const m = memberAt(d, schoolId, memberId);
    tx.delete(schoolMembers).where(eq(schoolMembers.id, m.id)).run();
    const left = m.userId === actor.id;
    const auditId = audit(
      d,
      schoolId,
      actor.id,
      left ? 'member.left' : 'member.removed',
      { memberId: m.id, role: m.role, userId: m.userId },
      now,
    );
    if (left) return;
    notify(d, [{ userId: m.userId, kind: 'member_removed', subjectType: 'school_audit', subjectId: auditId, schoolId }], actor.id, now);
    const { name, address } = placeOf(d, schoolId, m);
    tellByEmail(c, address, `You no longer manage ${name} on Teachers In London Talk`, [
      `An admin of ${name} removed you from the school's staff on Teachers In London Talk: you can no longer post its vacancies, edit its page or answer its reviews.`,
      'Your account and anything you wrote stay as they are. If this is a mistake, ask an admin of the school to invite you again.',
    ]);
  });
}

/** Anyone may leave a school they are a member of, live or lapsed. */
export function leave(c: Context<SignedInEnv>, schoolId: number) {
  const db = c.get('db');
  const user = c.get('user');
  const m = db
    .select()
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, user.id), eq(schoolMembers.schoolId, schoolId)))
    .get();
  if (!m) throw new ApiError(404, { error: 'You are not a member of this school.' });
  removeMember(c, schoolId, m.id);
}

/** Emails a re-confirmation link to the member's work address (live or lapsed membership). */
export async function requestConfirm(c: Context<SignedInEnv>, school: School) {
  const db = c.get('db');
  const user = c.get('user');
  const m = db
    .select()
    .from(schoolMembers)
    .where(and(eq(schoolMembers.userId, user.id), eq(schoolMembers.schoolId, school.id)))
    .get();
  if (!m) throw new ApiError(404, { error: 'You are not a member of this school.' });
  if (!m.email) throw new ApiError(409, { error: 'Your membership came from DfE Sign-in: sign in with DfE Sign-in again to confirm it.' });
  const match = matchEmail(db, school, m.email, true);
  return sendLink(c, { kind: 'confirm', school, email: m.email, match, userId: user.id });
}
