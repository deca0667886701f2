// Leases and image batches; the school side (members, claims, domains, audit), the school's page
// and its answer to a review.
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PROFILE_LIMITS, SCHOOL_PHASES, type SchoolPhase, TEXT_MAX } from '../../core/constants';
import { nowMs, createdAt, updatedAt, maxLen, oneOf, num, bool, moderation } from './columns';
import { users, schools } from './places';
import { reviews } from './contributions';

/**
 * Leases: which process may run a scheduled job (jobs refresh, alerts) or a one-at-a-time task.
 * A holder renews its row before `expiresAt`; after that any other holder may take it over
 * (api/platform/lease.ts). Times are wall-clock milliseconds.
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/** School image batches (admins): progress lives here so every server process can report it. */
export const imageBatches = sqliteTable(
  'image_batches',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: ['running', 'done'] }).notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('image_batches_started_idx').on(t.startedAt)],
);

/** One row per school tried by a batch, in the order they finished. */
export const imageBatchResults = sqliteTable(
  'image_batch_results',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    batchId: text('batch_id')
      .notNull()
      .references(() => imageBatches.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').notNull(),
    success: bool('success').notNull(),
    source: text('source'),
    imageUrl: text('image_url'),
    error: text('error'),
  },
  (t) => [
    index('image_batch_results_batch_idx').on(t.batchId),
    index('image_batch_results_failed_idx').on(t.schoolId).where(sql`${t.success} = 0`),
  ],
);

// ---- The school side: who may act for a school (decisions 2101-2103) ----

export const SCHOOL_ROLES = ['admin', 'editor'] as const;
export type SchoolRole = (typeof SCHOOL_ROLES)[number];
/** How a member was verified: a work-email claim approved, DfE Sign-in, a colleague's invitation, a site admin. */
export const MEMBER_METHODS = ['email', 'dfe-sign-in', 'invite', 'admin'] as const;
export type MemberMethod = (typeof MEMBER_METHODS)[number];
/** An emailed link's purpose: a claim of a school, an admin's invitation, a member re-confirming. */
export const CLAIM_KINDS = ['claim', 'invite', 'confirm'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
/** pending-email: link sent, not opened; pending: opened, waiting for an approver; then approved or rejected. */
export const CLAIM_STATES = ['pending-email', 'pending', 'approved', 'rejected'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
/** Which rule allowed the address: the register website's registrable domain, or a domain a site admin added. */
export const DOMAIN_RULES = ['register-website', 'admin-added'] as const;
export type DomainRule = (typeof DOMAIN_RULES)[number];

/** A verified member of a school's staff; live while confirmedAt is less than 12 months old (decision 2103). */
export const schoolMembers = sqliteTable(
  'school_members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    role: text('role').notNull().$type<SchoolRole>(),
    method: text('method').notNull().$type<MemberMethod>(),
    /** The work address verified (null for DfE Sign-in); re-confirmation goes to it. */
    email: text('email'),
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }).notNull(),
    /** Who approved or invited; null for DfE Sign-in, or once that person deleted their account. */
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last verification or re-confirmation: the membership lapses 12 months after it. */
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('school_members', t.role, SCHOOL_ROLES),
    oneOf('school_members', t.method, MEMBER_METHODS),
    uniqueIndex('school_members_user_school_idx').on(t.userId, t.schoolId),
    index('school_members_school_idx').on(t.schoolId, t.role),
  ],
);

/** An emailed one-time link (claim, invitation, re-confirmation) and, for a claim, its decision. */
export const schoolClaims = sqliteTable(
  'school_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull().$type<ClaimKind>(),
    /** The claimant (claim, confirm); for an invitation, whoever opened the link (null until then). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The domain the address matched and the rule that allowed it. */
    domain: text('domain').notNull(),
    domainRule: text('domain_rule').notNull().$type<DomainRule>(),
    /** SHA-256 (hex) of the link's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the link was opened (single use). */
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    state: text('state').notNull().$type<ClaimState>(),
    /** The role an invitation gives. */
    role: text('role').$type<SchoolRole>(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('school_claims', t.kind, CLAIM_KINDS),
    oneOf('school_claims', t.state, CLAIM_STATES),
    oneOf('school_claims', t.domainRule, DOMAIN_RULES),
    check('school_claims_role_enum', sql`${t.role} is null or ${t.role} in ('admin', 'editor')`),
    maxLen('school_claims', t.email, TEXT_MAX.email),
    maxLen('school_claims', t.reason, TEXT_MAX.reason),
    index('school_claims_school_state_idx').on(t.schoolId, t.state),
    index('school_claims_state_idx').on(t.state, t.createdAt),
    index('school_claims_user_idx').on(t.userId),
    index('school_claims_email_idx').on(t.email, t.createdAt),
  ],
);

/** Email domains a site admin trusts for a school (a trust's own domain). */
export const schoolDomains = sqliteTable(
  'school_domains',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [maxLen('school_domains', t.domain, TEXT_MAX.domain), uniqueIndex('school_domains_school_domain_idx').on(t.schoolId, t.domain)],
);

/** Everything done for or by a school's staff: who, what, when (site admins and the school's admins read it). */
export const schoolAudit = sqliteTable(
  'school_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** null for what concerns no school of ours (a DfE Sign-in organisation that is a trust or a local authority). */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    /** null for the system (DfE Sign-in) or once the actor deleted their account. */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: text('detail', { mode: 'json' }).notNull().$type<Record<string, unknown>>().default(sql`'{}'`),
    at: integer('at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    index('school_audit_school_idx').on(t.schoolId, t.at),
    index('school_audit_at_idx').on(t.at),
    index('school_audit_actor_idx').on(t.actorUserId),
  ],
);

export type SchoolMember = typeof schoolMembers.$inferSelect;
export type SchoolClaim = typeof schoolClaims.$inferSelect;

// ---- The school's page: what its staff add beside the register (decision 2110) ----

/**
 * One row per school whose staff edited its page. The register's columns (schools) are never
 * written by a member: the school's own figures sit here with the date each was given, and the
 * page shows both. The website here is the school's link for readers; the register's website
 * stays the one the claim's domain rule reads.
 */
export const schoolProfiles = sqliteTable(
  'school_profiles',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** "About the school": Markdown source of the safe subset (api/markdown/render.ts), rendered on read. */
    about: text('about'),
    website: text('website'),
    /** The stored photo's key ('{schoolId}-{hash}'): /media/schools/{key}-1200.webp and -400.webp. */
    photo: text('photo'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    photoAt: integer('photo_at', { mode: 'timestamp_ms' }),
    pupils: integer('pupils'),
    pupilsAt: integer('pupils_at', { mode: 'timestamp_ms' }),
    staff: integer('staff'),
    staffAt: integer('staff_at', { mode: 'timestamp_ms' }),
    phase: text('phase').$type<SchoolPhase>(),
    phaseAt: integer('phase_at', { mode: 'timestamp_ms' }),
    /** The member who last changed it; null once that person deleted their account. */
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLen('school_profiles', t.about, PROFILE_LIMITS.about),
    maxLen('school_profiles', t.website, PROFILE_LIMITS.website),
    check('school_profiles_photo_key', sql`${t.photo} is null or ${t.photo} glob '[0-9]*-[0-9a-f]*'`),
    check('school_profiles_pupils_range', sql`${t.pupils} is null or ${t.pupils} between 1 and ${num(PROFILE_LIMITS.pupils)}`),
    check('school_profiles_staff_range', sql`${t.staff} is null or ${t.staff} between 1 and ${num(PROFILE_LIMITS.staff)}`),
    check(
      'school_profiles_phase_enum',
      sql`${t.phase} is null or ${t.phase} in (${sql.raw(SCHOOL_PHASES.map((p) => `'${p}'`).join(', '))})`,
    ),
  ],
);

export type SchoolProfile = typeof schoolProfiles.$inferSelect;

// ---- A school's answer to a review (decision 2111) ----

/**
 * One response per review, written by a live member of the review's school and edited in place.
 * Every edit waits for a moderator; what the public reads is the last approved text
 * (publishedBody), which stays up while an edit waits. Its writer is never part of any answer.
 */
export const reviewResponses = sqliteTable(
  'review_responses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reviewId: integer('review_id')
      .notNull()
      .unique()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    /** The member who last wrote it; null once that person deleted their account (the school's answer stays). */
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The latest text, as the school wrote it (plain text, paragraphs). */
    body: text('body').notNull(),
    isApproved: bool('is_approved').notNull().default(false),
    ...moderation,
    /** The text the public reads, set when a moderator approves; null until the first approval. */
    publishedBody: text('published_body'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLen('review_responses', t.body, TEXT_MAX.contribution),
    maxLen('review_responses', t.publishedBody, TEXT_MAX.contribution),
    index('review_responses_school_idx').on(t.schoolId),
    index('review_responses_pending_idx').on(t.isApproved, t.rejectedAt, t.updatedAt),
    index('review_responses_author_idx').on(t.authorUserId),
  ],
);

export type ReviewResponse = typeof reviewResponses.$inferSelect;
