// A school's staff (decisions 2101-2103): claims by work email, one-time links (claim, invitation,
// re-confirmation), their approval by a site admin or a verified admin of the school, members'
// roles, leaving, and the school's audit log. Handlers (staff.handlers.ts) call these with the
// request's context; every change here writes one school_audit row in the same transaction.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import {
  notifications,
  schoolAudit,
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
import { hasRole, lapsesAt, liveSince, membershipOf } from './members';
import { decodeCursor, pageOf } from '../platform/paging';
import { mailboxOf, matchEmail, type AllowedDomain } from './domains';
import { notify } from '../notifications/notifications.service';
import { waitingResponses } from '../reviews/waiting-responses';

/** How long an emailed link works. */
export const LINK_HOURS = 24;

/** Open claims (link unopened and unexpired, or confirmed and undecided) one account may have at once (decision 2113). */
export const OPEN_CLAIMS_PER_ACCOUNT = 3;
/** Open claims of one school at once, whoever asked: more than a real school's staff ever ask for in a day (decision 2113). */
export const OPEN_CLAIMS_PER_SCHOOL = 10;

const hashToken = (token: string) => createHash('sha256').update(`school-link:${token}`).digest('hex');

export type AuditAction =
  | 'claim.requested'
  | 'claim.email-confirmed'
  | 'claim.approved'
  | 'claim.rejected'
  | 'member.invited'
  | 'member.joined'
  | 'member.role-changed'
  | 'member.removed'
  | 'member.left'
  | 'member.confirm-requested'
  | 'member.confirmed'
  | 'member.dfe-sign-in'
  | 'dfe-sign-in.not-supported'
  | 'dfe-sign-in.unknown-school'
  | 'domain.added'
  | 'domain.removed';

/**
 * One line of a school's audit log. `detail.userId` names the person acted upon (removed with
 * their account; never sent to a client), `detail.email` the work address used.
 */
export function audit(
  db: DB,
  schoolId: number | null,
  actorUserId: string | null,
  action: AuditAction,
  detail: Record<string, unknown>,
  at: Date,
) {
  return db.insert(schoolAudit).values({ schoolId, actorUserId, action, detail, at }).returning({ id: schoolAudit.id }).get().id;
}

// ---- Telling the person acted upon (issue 37 item 13, decision 2115) ---------------------------

const ROLE_WORDS: Record<SchoolRole, string> = { admin: 'an admin', editor: 'an editor' };

/**
 * Emails a person about a decision on her place at a school: her claim decided, her role changed,
 * her membership removed. The action is done and stays done: a failure is logged, never answered.
 */
function tellByEmail(c: Context<SignedInEnv>, to: string | null | undefined, subject: string, paragraphs: string[]) {
  const mailer = c.get('mailer');
  if (!mailer || !to) return;
  const text = `${paragraphs.join('\n\n')}\n`;
  const html = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  mailer.send({ to, subject, text, html }).catch((error: unknown) => {
    console.warn(`[${c.get('requestId') ?? '-'}] school staff email not sent: ${(error as Error).message}`);
  });
}

/** The email of a claim decided, with the role given or the reason. */
function claimEmail(
  c: Context<SignedInEnv>,
  schoolName: string,
  d: { approved: true; role: SchoolRole } | { approved: false; reason: string },
) {
  const origin = c.get('siteOrigin');
  if (d.approved)
    return {
      subject: `You can now manage ${schoolName} on Teachers In London Talk`,
      paragraphs: [
        `Your request to manage the page of ${schoolName} on Teachers In London Talk was approved: you are ${ROLE_WORDS[d.role]} of the school.`,
        `Your school dashboard: ${origin}/school-admin`,
        "Members can post the school's vacancies, keep its page right and answer reviews. They never see who wrote a review.",
      ],
    };
  return {
    subject: `Your request to manage ${schoolName} was not approved`,
    paragraphs: [
      `Your request to manage the page of ${schoolName} on Teachers In London Talk was not approved.`,
      `The reason given: ${d.reason}`,
      `If you work at ${schoolName}, ask one of its admins to invite you, or ask again with your school email address: ${origin}/school-admin`,
    ],
  };
}

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
function upsertMember(
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
    .where(and(confirmed, k ? sql`(${schoolClaims.createdAt}, ${schoolClaims.id}) > (${k[0]}, ${k[1]})` : undefined))
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
