// What every part of a school's staff code shares (decisions 2101-2103): how long a link works and
// the open-claim caps, the audit row each change writes, and telling the person acted upon.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { schoolAudit, type SchoolRole } from '../../db/schema';
import type { SignedInEnv } from '../platform/route';
import { escapeHtml } from '../../core/html';

/** How long an emailed link works. */
export const LINK_HOURS = 24;

/** Open claims (link unopened and unexpired, or confirmed and undecided) one account may have at once (decision 2113). */
export const OPEN_CLAIMS_PER_ACCOUNT = 3;
/** Open claims of one school at once, whoever asked: more than a real school's staff ever ask for in a day (decision 2113). */
export const OPEN_CLAIMS_PER_SCHOOL = 10;

export const hashToken = (token: string) => createHash('sha256').update(`school-link:${token}`).digest('hex');

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

export const ROLE_WORDS: Record<SchoolRole, string> = { admin: 'an admin', editor: 'an editor' };

/**
 * Emails a person about a decision on her place at a school: her claim decided, her role changed,
 * her membership removed. The action is done and stays done: a failure is logged, never answered.
 */
export function tellByEmail(c: Context<SignedInEnv>, to: string | null | undefined, subject: string, paragraphs: string[]) {
  const mailer = c.get('mailer');
  if (!mailer || !to) return;
  const text = `${paragraphs.join('\n\n')}\n`;
  const html = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  mailer.send({ to, subject, text, html }).catch((error: unknown) => {
    console.warn(`[${c.get('requestId') ?? '-'}] school staff email not sent: ${(error as Error).message}`);
  });
}

/** The email of a claim decided, with the role given or the reason. */
export function claimEmail(
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
