// A school's emailed one-time links (claim, invitation, re-confirmation; decisions 2101-2103):
// sending one, claiming a school by work email, opening a link, clearing expired ones.
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import {
  notifications,
  schoolClaims,
  schoolMembers,
  schools,
  users,
  type ClaimKind,
  type School,
  type SchoolMember,
  type SchoolRole,
} from '../../db/schema';
import type { SignedInEnv } from '../platform/route';
import { ApiError } from '../platform/http-error';
import { escapeHtml } from '../../core/html';
import { hasRole, membershipOf } from './members';
import { mailboxOf, matchEmail, type AllowedDomain } from './domains';
import { notify } from '../notifications/notifications.service';
import { audit, hashToken, LINK_HOURS, OPEN_CLAIMS_PER_ACCOUNT, OPEN_CLAIMS_PER_SCHOOL, ROLE_WORDS } from './staff-base';

// ---- Emailed one-time links --------------------------------------------------------------------

interface LinkRequest {
  kind: ClaimKind;
  school: Pick<School, 'id' | 'name'>;
  email: string;
  match: AllowedDomain;
  /** The claimant (claim, confirm); null for an invitation. */
  userId: string | null;
  role?: SchoolRole;
  invitedBy?: string;
}

function linkEmail(kind: ClaimKind, schoolName: string, link: string, role: SchoolRole = 'editor') {
  const lines: Record<ClaimKind, { subject: string; intro: string; after: string }> = {
    claim: {
      subject: `Confirm your address to manage ${schoolName} on Teachers In London Talk`,
      intro: `Someone signed in to Teachers In London Talk asked to manage the page of ${schoolName} with this address. If it was you, open this link while signed in with the same account:`,
      after: `Then our team, or an admin of ${schoolName}, checks your request; we may ring the school on the number the register lists for it.`,
    },
    invite: {
      subject: `You are invited to help manage ${schoolName} on Teachers In London Talk`,
      intro: `An admin of ${schoolName} invited this address to help manage the school's page on Teachers In London Talk, as ${ROLE_WORDS[role]}. To accept, open this link while signed in (any account you sign in with becomes a member):`,
      after: `Members can post the school's vacancies, keep its page right and answer reviews. They never see who wrote a review.`,
    },
    confirm: {
      subject: `Confirm you still work at ${schoolName}`,
      intro: `To keep managing the page of ${schoolName} on Teachers In London Talk for another 12 months, open this link while signed in with the same account:`,
      after: 'Without it your membership lapses 12 months after it was last confirmed.',
    },
  };
  const l = lines[kind];
  const expiry = `The link works once, for ${LINK_HOURS} hours. If you did not expect this email, ignore it: nothing changes.`;
  return {
    subject: l.subject,
    text: `${l.intro}\n\n${link}\n\n${expiry}\n\n${l.after}\n`,
    html: `<p>${escapeHtml(l.intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(expiry)}</p><p>${escapeHtml(l.after)}</p>`,
  };
}

/** A link whose email was not sent can never be used: it is not kept, nor told in the app. */
function forgetLink(db: DB, claimId: number) {
  db.delete(schoolClaims).where(eq(schoolClaims.id, claimId)).run();
  db.delete(notifications)
    .where(and(eq(notifications.subjectType, 'school_claim'), eq(notifications.subjectId, claimId)))
    .run();
}

/** An invitation to the address an account signs in with is told in the app too (the link itself is only in the email). */
function tellInvitee(db: DB, req: LinkRequest, claimId: number, actorId: string, now: Date) {
  const invitee = db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${req.email.toLowerCase()}`).get();
  if (!invitee) return;
  notify(
    db,
    [{ userId: invitee.id, kind: 'member_invited', subjectType: 'school_claim', subjectId: claimId, schoolId: req.school.id }],
    actorId,
    now,
  );
}

/**
 * Stores a one-time link (its hash only) and emails it. The answer never depends on whether the
 * address belongs to anyone or to a member already. 429 with Retry-After over the per-user,
 * per-school or per-address limit; 503 when this server sends no email; 502 when sending failed.
 */
export async function sendLink(c: Context<SignedInEnv>, req: LinkRequest): Promise<{ expiresAt: Date }> {
  const db = c.get('db');
  const now = c.get('now')();
  const mailer = c.get('mailer');
  if (!mailer) throw new ApiError(503, { error: 'This server sends no email, so work addresses cannot be checked right now.' });
  const user = c.get('user');
  const budget = req.kind === 'claim' ? 'claims' : 'members';
  const limited = c.get('rateLimiter')?.emailLink(user.id, req.school.id, mailboxOf(req.email), now.getTime(), budget);
  if (limited) {
    c.header('Retry-After', String(limited.wait));
    const what = {
      user: 'You have asked for several emails already',
      school: 'Many emails were sent for this school already',
      address: 'Several emails were sent to this address already',
    }[limited.scope];
    throw new ApiError(429, { error: `${what}. Please try again later.` });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_HOURS * 3_600_000);
  const row = db.transaction((tx) => {
    clearExpiredLinks(db, now);
    // A new claim link replaces the account's unopened one for the same school: one waits at a time.
    if (req.kind === 'claim')
      tx.delete(schoolClaims)
        .where(
          and(
            eq(schoolClaims.kind, 'claim'),
            eq(schoolClaims.userId, user.id),
            eq(schoolClaims.schoolId, req.school.id),
            eq(schoolClaims.state, 'pending-email'),
          ),
        )
        .run();
    const claim = tx
      .insert(schoolClaims)
      .values({
        kind: req.kind,
        userId: req.userId,
        schoolId: req.school.id,
        email: req.email,
        domain: req.match.domain,
        domainRule: req.match.rule,
        tokenHash: hashToken(token),
        expiresAt,
        state: 'pending-email',
        role: req.role ?? null,
        invitedBy: req.invitedBy ?? null,
        createdAt: now,
      })
      .returning({ id: schoolClaims.id })
      .get();
    const action = req.kind === 'claim' ? 'claim.requested' : req.kind === 'invite' ? 'member.invited' : 'member.confirm-requested';
    audit(
      db,
      req.school.id,
      user.id,
      action,
      {
        claimId: claim.id,
        email: req.email,
        domain: req.match.domain,
        rule: req.match.rule,
        ...(req.role ? { role: req.role } : {}),
        ...(req.userId ? { userId: req.userId } : {}),
      },
      now,
    );
    if (req.kind === 'invite') tellInvitee(db, req, claim.id, user.id, now);
    return claim;
  });
  try {
    await mailer.send({ to: req.email, ...linkEmail(req.kind, req.school.name, `${c.get('siteOrigin')}/school-link#${token}`, req.role) });
  } catch (error) {
    // Not sent: the link can never be used, so it is not kept either.
    forgetLink(db, row.id);
    console.warn(`[${c.get('requestId') ?? '-'}] school link email not sent: ${(error as Error).message}`);
    throw new ApiError(502, { error: 'The email could not be sent. Please try again in a few minutes.' });
  }
  return { expiresAt };
}

/**
 * Deletes links whose 24 hours are over and that were never opened (any kind): they can never be
 * used, and an unopened claim must not stay in anyone's count. The audit log keeps the request.
 */
export function clearExpiredLinks(db: DB, now: Date) {
  db.delete(schoolClaims)
    .where(and(eq(schoolClaims.state, 'pending-email'), lte(schoolClaims.expiresAt, now)))
    .run();
}

/** Claims still open: the link unopened and unexpired, or opened and undecided. */
const openClaim = (now: Date) =>
  and(
    eq(schoolClaims.kind, 'claim'),
    or(eq(schoolClaims.state, 'pending'), and(eq(schoolClaims.state, 'pending-email'), gt(schoolClaims.expiresAt, now))),
  );

/**
 * 409 with words over the caps on open claims (decision 2113): one confirmed claim per account and
 * school, OPEN_CLAIMS_PER_ACCOUNT per account (its unopened one for this school is replaced, so it
 * does not count), OPEN_CLAIMS_PER_SCHOOL per school.
 */
function checkClaimCaps(db: DB, userId: string, school: School, now: Date) {
  const mine = db
    .select({ schoolId: schoolClaims.schoolId, state: schoolClaims.state })
    .from(schoolClaims)
    .where(and(openClaim(now), eq(schoolClaims.userId, userId)))
    .all();
  if (mine.some((m) => m.schoolId === school.id && m.state === 'pending'))
    throw new ApiError(409, {
      error: `You have asked to manage ${school.name} already and confirmed your address: our team or an admin of the school will decide.`,
    });
  if (mine.filter((m) => m.schoolId !== school.id).length >= OPEN_CLAIMS_PER_ACCOUNT)
    throw new ApiError(409, {
      error: `You have ${OPEN_CLAIMS_PER_ACCOUNT} claims waiting already. Wait until they are decided, or until the links you did not open expire (${LINK_HOURS} hours).`,
    });
  const others = db
    .select({ n: count() })
    .from(schoolClaims)
    .where(and(openClaim(now), eq(schoolClaims.schoolId, school.id), ne(schoolClaims.userId, userId)))
    .get()!.n;
  if (others >= OPEN_CLAIMS_PER_SCHOOL)
    throw new ApiError(409, {
      error: `Many people have asked to manage ${school.name} in the last day. Ask an admin of the school to invite you, sign in with DfE Sign-in, or try again tomorrow.`,
    });
}

/** A work-email claim of a school by the signed-in user (POST /api/schools/{id}/claims). */
export async function requestClaim(c: Context<SignedInEnv>, school: School, email: string) {
  const db = c.get('db');
  const user = c.get('user');
  const now = c.get('now')();
  const match = matchEmail(db, school, email);
  const member = membershipOf(db, user.id, school.id, now);
  if (member && hasRole(member, 'admin')) throw new ApiError(409, { error: `You already manage ${school.name} as its admin.` });
  checkClaimCaps(db, user.id, school, now);
  return sendLink(c, { kind: 'claim', school, email, match, userId: user.id });
}

const GONE = 'This link has expired or was already used. Ask for a new one.';

/** Membership for `userId` at `schoolId`, created or updated (a new verification restarts the 12 months). */
export function upsertMember(
  tx: DB,
  row: {
    userId: string;
    schoolId: number;
    role: SchoolRole;
    method: SchoolMember['method'];
    email: string | null;
    verifiedBy: string | null;
    now: Date;
  },
) {
  tx.insert(schoolMembers)
    .values({
      userId: row.userId,
      schoolId: row.schoolId,
      role: row.role,
      method: row.method,
      email: row.email,
      verifiedAt: row.now,
      verifiedBy: row.verifiedBy,
      confirmedAt: row.now,
    })
    .onConflictDoUpdate({
      target: [schoolMembers.userId, schoolMembers.schoolId],
      set: { role: row.role, method: row.method, email: row.email, verifiedAt: row.now, verifiedBy: row.verifiedBy, confirmedAt: row.now },
    })
    .run();
}

/** Opens an emailed link as the signed-in user (POST /api/school-links). Single use; 410 once used or expired. */
export function openLink(c: Context<SignedInEnv>, token: string) {
  const db = c.get('db');
  const user = c.get('user');
  const now = c.get('now')();
  return db.transaction((tx) => {
    const claim = tx
      .select()
      .from(schoolClaims)
      .where(eq(schoolClaims.tokenHash, hashToken(token)))
      .get();
    if (!claim || claim.usedAt || claim.state !== 'pending-email' || claim.expiresAt.getTime() <= now.getTime())
      throw new ApiError(410, { error: GONE });
    const school = tx.select({ id: schools.id, name: schools.name }).from(schools).where(eq(schools.id, claim.schoolId)).get()!;
    if (claim.kind !== 'invite' && claim.userId !== user.id) {
      throw new ApiError(403, { error: 'Open this link signed in with the account that asked for it.' });
    }
    const d = db; // one connection: the transaction covers it
    if (claim.kind === 'claim') {
      tx.update(schoolClaims).set({ usedAt: now, state: 'pending' }).where(eq(schoolClaims.id, claim.id)).run();
      audit(d, school.id, user.id, 'claim.email-confirmed', { claimId: claim.id, email: claim.email, userId: user.id }, now);
      return { kind: 'claim' as const, state: 'pending' as const, school, role: null };
    }
    if (claim.kind === 'invite') {
      const existing = tx
        .select()
        .from(schoolMembers)
        .where(and(eq(schoolMembers.userId, user.id), eq(schoolMembers.schoolId, school.id)))
        .get();
      const role: SchoolRole = existing?.role === 'admin' ? 'admin' : (claim.role ?? 'editor');
      upsertMember(d, {
        userId: user.id,
        schoolId: school.id,
        role,
        method: 'invite',
        email: claim.email,
        verifiedBy: claim.invitedBy,
        now,
      });
      tx.update(schoolClaims)
        .set({ usedAt: now, state: 'approved', userId: user.id, decidedBy: claim.invitedBy, decidedAt: now })
        .where(eq(schoolClaims.id, claim.id))
        .run();
      audit(d, school.id, user.id, 'member.joined', { claimId: claim.id, via: 'invite', role, email: claim.email, userId: user.id }, now);
      return { kind: 'invite' as const, state: 'approved' as const, school, role };
    }
    const member = tx
      .select()
      .from(schoolMembers)
      .where(and(eq(schoolMembers.userId, user.id), eq(schoolMembers.schoolId, school.id)))
      .get();
    if (!member)
      throw new ApiError(410, { error: 'You are no longer a member of this school. Ask an admin of the school to invite you again.' });
    tx.update(schoolMembers).set({ confirmedAt: now, email: claim.email }).where(eq(schoolMembers.id, member.id)).run();
    tx.update(schoolClaims).set({ usedAt: now, state: 'approved', decidedAt: now }).where(eq(schoolClaims.id, claim.id)).run();
    audit(d, school.id, user.id, 'member.confirmed', { claimId: claim.id, email: claim.email, userId: user.id }, now);
    return { kind: 'confirm' as const, state: 'approved' as const, school, role: member.role };
  });
}
