// The single source of truth for the shapes of the product (product §3). Columns are snake_case in
// SQLite and camelCase in TypeScript. Lengths and enumerations of the product (docs/product.md) are real CHECK
// constraints, so a bad row is refused by the database itself, not only by the API.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  EMPLOYMENT_STATUSES,
  INTERVIEW_DIFFICULTIES,
  INTERVIEW_OUTCOMES,
  JOB_DOCUMENT_LIMITS,
  MOOD_VALUES,
  PROFILE_LIMITS,
  RATING_MAX,
  RATING_MIN,
  SALARY_MAX,
  SALARY_MIN,
  SCHOOL_PHASES,
  type SchoolPhase,
  type SCHOOL_JOB_CONTRACTS,
  TEXT_MAX,
} from '../core/constants';
import type { AlertFilters } from '../core/alert-summary';
import { NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS, type NotificationKind, type NotificationSubject } from '../core/notification-text';

// Vocabulary the web app shares lives in core/ (decision 0007); the tables' importers read it here too.
export type { AlertFilters } from '../core/alert-summary';
export { NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS, type NotificationKind, type NotificationSubject } from '../core/notification-text';

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);
const updatedAt = () => integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);

/** CHECK that a text column is at most n characters long. */
function maxLen(table: string, column: AnySQLiteColumn, n: number) {
  return check(`${table}_${column.name}_len`, sql`length(${column}) <= ${sql.raw(String(n))}`);
}
function oneOf(table: string, column: AnySQLiteColumn, values: readonly string[]) {
  const list = sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
  return check(`${table}_${column.name}_enum`, sql`${column} in (${list})`);
}
/** A number literal in a CHECK (a bound parameter is not allowed there). */
const num = (n: number) => sql.raw(String(n));
function rating(table: string, column: AnySQLiteColumn): ReturnType<typeof check> {
  return check(`${table}_${column.name}_range`, sql`${column} between ${num(RATING_MIN)} and ${num(RATING_MAX)}`);
}
const bool = (name: string) => integer(name, { mode: 'boolean' });

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = sqliteTable(
  'sessions',
  {
    /** The public half of the cookie's token ("sid.secret"); the secret itself is never stored. */
    sid: text('sid').primaryKey(),
    /** secretHash: SHA-256 (hex) of the token's secret, compared in constant time. */
    sess: text('sess', { mode: 'json' }).notNull().$type<{ userId: string; secretHash: string; createdAt: number; lastSeenAt: number }>(),
    expire: integer('expire', { mode: 'timestamp_ms' }).notNull(),
    /** Whose session: a real column (the same id as `sess.userId`), so "her sessions" is an index lookup and deleting her deletes them. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

export const schools = sqliteTable(
  'schools',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The register's Unique Reference Number (GIAS URN). */
    urn: integer('urn').notNull().unique(),
    name: text('name').notNull(),
    address: text('address'),
    postcode: text('postcode'),
    website: text('website'),
    phoneNumber: text('phone_number'),
    dfeNumber: text('dfe_number').unique(),
    type: text('type'),
    typeGroup: text('type_group'),
    phase: text('phase'),
    /** Derived from phase, type and ages: "Primary", "Secondary", "SEND" or a comma-separated mix. */
    educationLevel: text('education_level'),
    borough: text('borough').notNull(),
    numberOfPupils: integer('number_of_pupils'),
    numberOfStaff: integer('number_of_staff'),
    keyStages: text('key_stages'),
    ofstedRating: text('ofsted_rating'),
    /** Start date (yyyy-mm-dd) of the latest Ofsted inspection of any kind the register holds. */
    ofstedInspectionDate: text('ofsted_inspection_date'),
    headteacher: text('headteacher'),
    ageRange: text('age_range'),
    gender: text('gender'),
    admissionPolicy: text('admission_policy'),
    religiousCharacter: text('religious_character'),
    trustName: text('trust_name'),
    /**
     * Staff figures of the School Workforce Census (decision 0306): the census month (yyyy-mm) they
     * were counted in, never shown without it; null where the census has none for the school.
     */
    workforceCensus: text('workforce_census'),
    teachersFte: real('teachers_fte'),
    teachersHeadcount: integer('teachers_headcount'),
    teachingAssistantsFte: real('teaching_assistants_fte'),
    teachingAssistantsHeadcount: integer('teaching_assistants_headcount'),
    /** Non-classroom support staff, excluding teaching assistants and auxiliary staff (the census's own split). */
    supportStaffFte: real('support_staff_fte'),
    supportStaffHeadcount: integer('support_staff_headcount'),
    /** Pupils per full-time-equivalent teacher as the census publication gives it; null where it is suppressed. */
    pupilTeacherRatio: real('pupil_teacher_ratio'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    imageUrl: text('image_url'),
    imageSource: text('image_source'),
    isActive: bool('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLen('schools', t.name, TEXT_MAX.name),
    maxLen('schools', t.phoneNumber, TEXT_MAX.short),
    maxLen('schools', t.type, TEXT_MAX.label),
    maxLen('schools', t.borough, TEXT_MAX.label),
    maxLen('schools', t.keyStages, TEXT_MAX.name),
    maxLen('schools', t.ofstedRating, TEXT_MAX.band),
    maxLen('schools', t.headteacher, TEXT_MAX.label),
    maxLen('schools', t.ageRange, TEXT_MAX.short),
    maxLen('schools', t.admissionPolicy, TEXT_MAX.label),
    maxLen('schools', t.religiousCharacter, TEXT_MAX.label),
    maxLen('schools', t.imageSource, TEXT_MAX.label),
    index('schools_borough_idx').on(t.borough),
    index('schools_type_idx').on(t.type),
    index('schools_name_idx').on(t.name),
    // Near me's bounding box (decision 1250).
    index('schools_location_idx').on(t.latitude, t.longitude),
  ],
);

/** A job's life (decision 2104): a feed's advert is always 'published' (isActive says whether it is still listed). */
export const JOB_STATUSES = ['draft', 'published', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export type SchoolJobContract = (typeof SCHOOL_JOB_CONTRACTS)[number];
/** Pay scale points a school picked for a job's salary (pay_scales: region, spine, effective date, first and last point). */
export interface PayScalePick {
  region: string;
  paySpine: string;
  effectiveDate: string;
  from: string;
  to: string;
}

export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    schoolId: integer('school_id').references(() => schools.id),
    subject: text('subject'),
    keyStage: text('key_stage'),
    contractType: text('contract_type'),
    educationLevel: text('education_level'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    /** The salary as the advert words it ("MPS/UPS (Inner London)"), when it gives no figures. */
    salaryText: text('salary_text'),
    borough: text('borough').notNull(),
    requirements: text('requirements'),
    benefits: text('benefits'),
    applicationDeadline: integer('application_deadline', { mode: 'timestamp_ms' }),
    isActive: bool('is_active').notNull().default(true),
    isExternal: bool('is_external').notNull().default(false),
    externalUrl: text('external_url'),
    externalSource: text('external_source'),
    externalId: text('external_id'),
    employerName: text('employer_name'),
    /** When the job is (or will be) on the board: a school's job published for a later date has it in the future (decision 2104). */
    postedAt: integer('posted_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // ---- A vacancy posted by the school's own staff (decision 2104); null for an advert from a feed ----
    /** True for a job a school's verified staff posted here ("Posted by the school"). */
    postedBySchool: bool('posted_by_school').notNull().default(false),
    /** draft (never on the board), published (on the board from postedAt), closed (taken off early or filled). */
    status: text('status').notNull().default('published').$type<JobStatus>(),
    /** The contract as the school words it; contractType keeps the board's filter category. */
    contract: text('contract').$type<SchoolJobContract>(),
    /** A fixed-term contract's length in months. */
    contractMonths: integer('contract_months'),
    fullTime: bool('full_time'),
    partTime: bool('part_time'),
    /** Every key stage and subject of the job, ", "-separated (keyStage and subject keep the first, for the board's indexed filters). */
    keyStages: text('key_stages'),
    subjects: text('subjects'),
    /** The pay scale points the salary was taken from, so the form can show the picker again. */
    payScale: text('pay_scale', { mode: 'json' }).$type<PayScalePick>(),
    /** yyyy-mm-dd. */
    startDate: text('start_date'),
    ectSuitable: bool('ect_suitable'),
    visaSponsorship: bool('visa_sponsorship'),
    /** How to apply: the school's application page (http/https) or an email address. */
    applyUrl: text('apply_url'),
    applyEmail: text('apply_email'),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    // ---- Issue 37 item 12 (decision 2115): CHECKs inline in migration 0027, as 0014's ----
    /** The role (ROLE_TYPES): teacher, head of department, SENCo, teaching assistant… */
    roleType: text('role_type'),
    /** Who candidates may ask about the job, as the school publishes it on the job page. */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
  },
  (t) => [
    // The school's own columns have their CHECKs inline in migration 0014 (jobs_status, jobs_contract,
    // jobs_contract_months, jobs_apply_url, lengths): added by ALTER TABLE ADD COLUMN, because
    // declaring them here would make drizzle-kit rebuild the table and drop its triggers (search,
    // day counts) and expression indexes (decision 2104).
    maxLen('jobs', t.title, TEXT_MAX.name),
    maxLen('jobs', t.subject, TEXT_MAX.label),
    maxLen('jobs', t.keyStage, TEXT_MAX.label),
    maxLen('jobs', t.contractType, TEXT_MAX.band),
    maxLen('jobs', t.borough, TEXT_MAX.label),
    check('jobs_salary_order', sql`${t.salaryMax} is null or ${t.salaryMin} is null or ${t.salaryMax} >= ${t.salaryMin}`),
    uniqueIndex('jobs_external_idx').on(t.externalSource, t.externalId),
    index('jobs_posted_idx').on(t.isActive, t.postedAt, t.id),
    index('jobs_school_idx').on(t.schoolId, t.isActive, t.postedAt),
    index('jobs_borough_idx').on(t.borough, t.isActive, t.postedAt),
    index('jobs_subject_idx').on(t.subject, t.isActive, t.postedAt),
    index('jobs_borough_subject_idx').on(t.borough, t.subject, t.isActive, t.postedAt),
    // A school's own job's other subjects and key stages, read over the school-posted rows only (decision 2104).
    index('jobs_own_subjects_idx').on(t.postedBySchool, t.isActive, t.subjects, t.subject),
    index('jobs_own_key_stages_idx').on(t.postedBySchool, t.isActive, t.keyStages, t.keyStage),
  ],
);

/** A forum thread's or reply's own changes by its author (decision 2020): shown as "edited"; a deletion leaves a placeholder. */
const authorEdits = {
  editedAt: integer('edited_at', { mode: 'timestamp_ms' }),
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
};

const moderation = {
  /** Set when a moderator refuses the item; the author sees the reason. */
  rejectedAt: integer('rejected_at', { mode: 'timestamp_ms' }),
  rejectionReason: text('rejection_reason'),
};

export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    overallRating: integer('overall_rating').notNull(),
    /** The five sub-ratings are optional: null is "not rated" and counts in no average (decision 2027). */
    workLifeBalanceRating: integer('work_life_balance_rating'),
    compensationRating: integer('compensation_rating'),
    careerOpportunitiesRating: integer('career_opportunities_rating'),
    cultureRating: integer('culture_rating'),
    leadershipRating: integer('leadership_rating'),
    pros: text('pros').notNull(),
    cons: text('cons').notNull(),
    adviceToManagement: text('advice_to_management'),
    wouldRecommend: bool('would_recommend').notNull(),
    employmentStatus: text('employment_status'),
    jobTitle: text('job_title'),
    yearsAtSchool: text('years_at_school'),
    isApproved: bool('is_approved').notNull().default(false),
    ...moderation,
    createdAt: createdAt(),
  },
  (t) => [
    rating('reviews', t.overallRating),
    rating('reviews', t.workLifeBalanceRating),
    rating('reviews', t.compensationRating),
    rating('reviews', t.careerOpportunitiesRating),
    rating('reviews', t.cultureRating),
    rating('reviews', t.leadershipRating),
    oneOf('reviews', t.employmentStatus, EMPLOYMENT_STATUSES),
    maxLen('reviews', t.jobTitle, TEXT_MAX.name),
    maxLen('reviews', t.yearsAtSchool, TEXT_MAX.band),
    index('reviews_school_idx').on(t.schoolId, t.isApproved, t.createdAt, t.id),
    index('reviews_user_idx').on(t.userId),
  ],
);

export const interviewExperiences = sqliteTable(
  'interview_experiences',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    jobTitle: text('job_title').notNull(),
    interviewDifficulty: text('interview_difficulty'),
    processDescription: text('process_description').notNull(),
    questionsAsked: text('questions_asked'),
    tipsForCandidates: text('tips_for_candidates'),
    outcome: text('outcome'),
    overallExperience: integer('overall_experience'),
    /** Published at once; false while hidden by reports until a moderator decides (decision 1422). */
    isApproved: bool('is_approved').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // is_approved's CHECK (0 or 1) is inline in migration 0022: added by ALTER TABLE ADD COLUMN,
    // because declaring it here would make drizzle-kit rebuild the table and drop its triggers
    // (kept counts, data versions).
    maxLen('interviews', t.jobTitle, TEXT_MAX.name),
    oneOf('interviews', t.interviewDifficulty, INTERVIEW_DIFFICULTIES),
    oneOf('interviews', t.outcome, INTERVIEW_OUTCOMES),
    check(
      'interviews_overall_experience_range',
      sql`${t.overallExperience} is null or ${t.overallExperience} between ${num(RATING_MIN)} and ${num(RATING_MAX)}`,
    ),
    index('interviews_school_idx').on(t.schoolId, t.createdAt, t.id),
    index('interviews_user_idx').on(t.userId),
  ],
);

export const salaries = sqliteTable(
  'salaries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id),
    jobTitle: text('job_title').notNull(),
    schoolType: text('school_type').notNull(),
    borough: text('borough').notNull(),
    yearsExperience: text('years_experience').notNull(),
    annualSalary: integer('annual_salary').notNull(),
    additionalBenefits: text('additional_benefits'),
    /** Set by the batch that first counted this row in the published figures (decision 1420); null while held back. */
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    /**
     * Set when its author took back a published submission: it stays counted until a batch can
     * remove it with at least k other changes in each of its groups (decision 2020), then goes.
     */
    withdrawnAt: integer('withdrawn_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    maxLen('salaries', t.jobTitle, TEXT_MAX.name),
    maxLen('salaries', t.schoolType, TEXT_MAX.label),
    maxLen('salaries', t.borough, TEXT_MAX.label),
    maxLen('salaries', t.yearsExperience, TEXT_MAX.band),
    check('salaries_annual_salary_range', sql`${t.annualSalary} between ${num(SALARY_MIN)} and ${num(SALARY_MAX)}`),
    index('salaries_created_idx').on(t.createdAt),
    index('salaries_user_idx').on(t.userId),
    index('salaries_published_idx').on(t.publishedAt, t.createdAt),
  ],
);

/**
 * Answers computed in batches and read whole by one primary-key lookup (decision 1420):
 * `salaries.stats` and `salaries.recent`. No request aggregates over the raw rows.
 */
export const publishedStats = sqliteTable('published_stats', {
  name: text('name').primaryKey(),
  body: text('body', { mode: 'json' }).notNull().$type<unknown>(),
  publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
});

export const savedJobs = sqliteTable(
  'saved_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_jobs_user_job_idx').on(t.userId, t.jobId)],
);

export const payScales = sqliteTable(
  'pay_scales',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paySpine: text('pay_spine').notNull(),
    /** Position on the spine, for ordering; `pointLabel` is how the sources name it (M1, U3, maximum). */
    point: integer('point').notNull(),
    pointLabel: text('point_label'),
    annualSalary: integer('annual_salary').notNull(),
    region: text('region').notNull().default('England'),
    effectiveDate: text('effective_date').notNull(),
    description: text('description'),
    source: text('source'),
    /** The source's own warning, quoted, when its figures are not final (decision 0307); null for confirmed figures. */
    caveat: text('caveat'),
    createdAt: createdAt(),
  },
  (t) => [
    maxLen('pay_scales', t.paySpine, TEXT_MAX.band),
    maxLen('pay_scales', t.region, TEXT_MAX.label),
    uniqueIndex('pay_scales_key_idx').on(t.region, t.paySpine, t.effectiveDate, t.point),
  ],
);

export const schoolMoods = sqliteTable(
  'school_moods',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    /** null once the author deleted their account (decision 1421): the mood stays, unlinked. */
    userId: text('user_id').references(() => users.id),
    emoji: text('emoji').notNull(),
    mood: text('mood').notNull(),
    comment: text('comment'),
    anonymous: bool('anonymous').notNull().default(false),
    /**
     * Whether its comment is public: false while hidden by reports until a moderator decides
     * (decision 1422). Its mood still counts in the school's figures either way.
     */
    isApproved: bool('is_approved').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // is_approved's CHECK (0 or 1) is inline in migration 0022, as for interviews.
    maxLen('school_moods', t.emoji, TEXT_MAX.emoji),
    maxLen('school_moods', t.mood, TEXT_MAX.band),
    oneOf('school_moods', t.mood, MOOD_VALUES),
    uniqueIndex('school_moods_school_user_idx').on(t.schoolId, t.userId),
  ],
);

export const forumCategories = sqliteTable(
  'forum_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull().unique(),
    order: integer('order').notNull().default(0),
    isActive: bool('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [maxLen('forum_categories', t.name, TEXT_MAX.label), maxLen('forum_categories', t.slug, TEXT_MAX.label)],
);

export const forumThreads = sqliteTable(
  'forum_threads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => forumCategories.id),
    userId: text('user_id').references(() => users.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    isSticky: bool('is_sticky').notNull().default(false),
    isLocked: bool('is_locked').notNull().default(false),
    isApproved: bool('is_approved').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    lastReplyAt: integer('last_reply_at', { mode: 'timestamp_ms' }),
    lastReplyUserId: text('last_reply_user_id').references(() => users.id),
    ...moderation,
    ...authorEdits,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    maxLen('forum_threads', t.title, TEXT_MAX.threadTitle),
    maxLen('forum_threads', t.slug, TEXT_MAX.threadTitle),
    index('forum_threads_category_idx').on(t.categoryId, t.isApproved, t.isSticky, t.createdAt, t.id),
    index('forum_threads_list_idx').on(t.isApproved, t.isSticky, t.createdAt, t.id),
    index('forum_threads_user_idx').on(t.userId),
  ],
);

export const forumPosts = sqliteTable(
  'forum_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id),
    userId: text('user_id').references(() => users.id),
    content: text('content').notNull(),
    isApproved: bool('is_approved').notNull().default(false),
    parentPostId: integer('parent_post_id').references((): AnySQLiteColumn => forumPosts.id),
    ...moderation,
    ...authorEdits,
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('forum_posts_thread_idx').on(t.threadId, t.isApproved, t.createdAt, t.id)],
);

export const forumModerators = sqliteTable(
  'forum_moderators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => forumCategories.id),
    canEdit: bool('can_edit').notNull().default(true),
    canDelete: bool('can_delete').notNull().default(true),
    canApprove: bool('can_approve').notNull().default(true),
    canLock: bool('can_lock').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('forum_moderators_user_category_idx').on(t.userId, t.categoryId)],
);

/** Every moderation decision: who, when, what (issue: moderation). */
export const moderationLog = sqliteTable('moderation_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** null once the moderator deleted their account (decision 1421). */
  actorUserId: text('actor_user_id').references(() => users.id),
  kind: text('kind').notNull(),
  targetId: integer('target_id').notNull(),
  action: text('action').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const REPORT_KINDS = ['review', 'interview', 'mood', 'thread', 'reply'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A user's report of a contribution (decision 1422); one per user and item. */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull().$type<ReportKind>(),
    targetId: integer('target_id').notNull(),
    /** The reporter; null once they deleted their account (the report still counts). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A keyed hash (HMAC-SHA-256 with a server secret) of the reporter's identity, kept after the
     * account is deleted: one person counts once per item however often the account is re-created.
     * Null only on reports made before it existed.
     */
    reporterKey: text('reporter_key'),
    reason: text('reason').notNull(),
    /**
     * Made by a live member of the school the item is about (a review, interview or mood of their
     * own school): kept for the moderators, never counted towards hiding (decision 2111).
     */
    fromSchoolStaff: bool('from_school_staff').notNull().default(false),
    /** When a moderator decided on the item; decided reports no longer count towards hiding. */
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('reports', t.kind, REPORT_KINDS),
    maxLen('reports', t.reason, TEXT_MAX.reason),
    uniqueIndex('reports_user_item_idx').on(t.kind, t.targetId, t.userId),
    uniqueIndex('reports_reporter_item_idx').on(t.kind, t.targetId, t.reporterKey),
  ],
);

/** Items hidden from the public after REPORT_HIDE_THRESHOLD reports, until a moderator decides. */
export const hiddenContent = sqliteTable(
  'hidden_content',
  {
    kind: text('kind').notNull().$type<ReportKind>(),
    targetId: integer('target_id').notNull(),
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId] })],
);

/** Answers remembered per (user, Idempotency-Key) so a replayed submission writes nothing new. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** null while the first request is still in flight. */
    status: integer('status'),
    body: text('body'),
    /** sha256 of method, path and request body: a reuse with another body is refused (422). Null on rows from before. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

// ---- Job alerts, push subscriptions and closing-date reminders (alerts and near me) ----

export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;

export const alerts = sqliteTable(
  'alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: text('filters', { mode: 'json' }).notNull().$type<AlertFilters>(),
    frequency: text('frequency').notNull().$type<(typeof ALERT_FREQUENCIES)[number]>(),
    email: bool('email').notNull().default(true),
    push: bool('push').notNull().default(false),
    active: bool('active').notNull().default(true),
    /** The last pass that looked at this alert (daily/weekly: which 07:00 is already done). */
    lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
    /** The last time it sent something. */
    lastSentAt: integer('last_sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [maxLen('alerts', t.name, TEXT_MAX.label), oneOf('alerts', t.frequency, ALERT_FREQUENCIES), index('alerts_user_idx').on(t.userId)],
);

/** Each job at most once per alert: the primary key is the pair. */
export const alertSentJobs = sqliteTable(
  'alert_sent_jobs',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.jobId] }), index('alert_sent_jobs_sent_idx').on(t.alertId, t.sentAt)],
);

/** One row per device that allowed notifications (Web Push subscription). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Sends that failed in a row (timeout, refused, 5xx); the subscription is dropped after a few. */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: integer('last_failure_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Server-side settings generated on first start (the VAPID key pair, the unsubscribe-token key). */
export const appSettings = sqliteTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** How a user wants closing-date reminders of saved jobs (Profile); no row: both on. */
export const reminderPreferences = sqliteTable('reminder_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: bool('email').notNull().default(true),
  push: bool('push').notNull().default(true),
  updatedAt: updatedAt(),
});

/** A user whose closing-date reminder could not be delivered: not retried before retryAt. */
export const reminderBackoff = sqliteTable('reminder_backoff', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  retryAt: integer('retry_at', { mode: 'timestamp_ms' }).notNull(),
});

/** One closing-date reminder per user and saved job, ever. */
export const jobReminders = sqliteTable(
  'job_reminders',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] })],
);

export type Alert = typeof alerts.$inferSelect;

/**
 * Figures kept per school by SQLite triggers (migration *_scale-sql): approved reviews (count, sums
 * of each rating, recommendations), interviews and mood counts. Never written by the app.
 */
export const schoolStats = sqliteTable(
  'school_stats',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull().default(0),
    overallSum: integer('overall_sum').notNull().default(0),
    workLifeBalanceSum: integer('work_life_balance_sum').notNull().default(0),
    compensationSum: integer('compensation_sum').notNull().default(0),
    careerOpportunitiesSum: integer('career_opportunities_sum').notNull().default(0),
    cultureSum: integer('culture_sum').notNull().default(0),
    leadershipSum: integer('leadership_sum').notNull().default(0),
    /** How many approved reviews gave each sub-rating (a null one counts in neither sum nor count, decision 2027). */
    workLifeBalanceCount: integer('work_life_balance_count').notNull().default(0),
    compensationCount: integer('compensation_count').notNull().default(0),
    careerOpportunitiesCount: integer('career_opportunities_count').notNull().default(0),
    cultureCount: integer('culture_count').notNull().default(0),
    leadershipCount: integer('leadership_count').notNull().default(0),
    recommendCount: integer('recommend_count').notNull().default(0),
    /** overallSum / reviewCount, 0 with no reviews: kept so the rating sort can use an index. */
    averageRating: real('average_rating').notNull().default(0),
    interviewCount: integer('interview_count').notNull().default(0),
    excitedCount: integer('excited_count').notNull().default(0),
    happyCount: integer('happy_count').notNull().default(0),
    neutralCount: integer('neutral_count').notNull().default(0),
    frustratedCount: integer('frustrated_count').notNull().default(0),
    stressedCount: integer('stressed_count').notNull().default(0),
  },
  (t) => [index('school_stats_rating_idx').on(t.averageRating, t.reviewCount)],
);

/** Site-wide figures kept by triggers: 'reviews.approved' and 'threads.approved.<category id>'. */
export const keptCounts = sqliteTable('kept_counts', {
  key: text('key').primaryKey(),
  n: integer('n').notNull().default(0),
});

/**
 * One row per kind of public data (decision 1057): its version moves, by SQLite triggers
 * (migration *_data-versions-sql), whenever a commit changes what visitors can see of it. The
 * answer and page caches key their entries by these versions. Never written by the app.
 */
export const dataVersions = sqliteTable('data_versions', {
  tag: text('tag').primaryKey(),
  version: integer('version').notNull().default(0),
});

/** Active jobs by UTC day of posting (days since 1970), kept by triggers: the month is ~32 rows. */
export const jobDayCounts = sqliteTable('job_day_counts', {
  day: integer('day').primaryKey(),
  n: integer('n').notNull().default(0),
});

export type User = typeof users.$inferSelect;
export type School = typeof schools.$inferSelect;
export type NewSchool = typeof schools.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type Salary = typeof salaries.$inferSelect;

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

// ---- Hearing back: notifications kept per user (decision 2010) ----

/** The groups a person chooses a delivery for in Profile. */
export const NOTIFICATION_TOPICS = ['replies', 'moderation', 'responses', 'reports'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
/** In the app only, also a push to her devices, or also an email digest (daily or weekly). */
export const NOTIFICATION_DELIVERIES = ['app', 'push', 'daily', 'weekly'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<NotificationKind>(),
    subjectType: text('subject_type').notNull().$type<NotificationSubject>(),
    subjectId: integer('subject_id').notNull(),
    /** The thread of a reply or thread notification (the link goes there). */
    threadId: integer('thread_id'),
    /** The school of a review, interview or mood notification (named in it, linked to). */
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    /** The replier's first name, as the forum shows it beside the reply; never anyone else's name. */
    actorFirstName: text('actor_first_name'),
    /** The moderator's reason for a rejection or removal, as the author would read it on the item. */
    reason: text('reason'),
    createdAt: createdAt(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** When it was pushed to her devices (push delivery), or found nothing to push to. */
    pushedAt: integer('pushed_at', { mode: 'timestamp_ms' }),
    /** When it went out in an email digest (daily or weekly delivery). */
    emailedAt: integer('emailed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    oneOf('notifications', t.kind, NOTIFICATION_KINDS),
    oneOf('notifications', t.subjectType, NOTIFICATION_SUBJECTS),
    maxLen('notifications', t.actorFirstName, TEXT_MAX.name),
    maxLen('notifications', t.reason, TEXT_MAX.reason),
    uniqueIndex('notifications_once_idx').on(t.userId, t.kind, t.subjectType, t.subjectId),
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId, t.readAt),
  ],
);

/**
 * Who hears of replies in a thread. Starting or replying to a thread watches it; an explicit
 * unwatch is a row with watching = false, which the automatic watch never overturns.
 */
export const threadWatches = sqliteTable(
  'thread_watches',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    watching: bool('watching').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] }), index('thread_watches_thread_idx').on(t.threadId, t.watching)],
);

/** Her delivery per topic (Profile); no row: in the app only. */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull().$type<NotificationTopic>(),
    delivery: text('delivery').notNull().$type<NotificationDelivery>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic] }),
    oneOf('notification_preferences', t.topic, NOTIFICATION_TOPICS),
    oneOf('notification_preferences', t.delivery, NOTIFICATION_DELIVERIES),
  ],
);

export type Notification = typeof notifications.$inferSelect;

// ---- An author's edits of her own contributions (decision 2020) ----

export const REVISION_KINDS = ['review', 'interview', 'thread', 'reply'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
export const REVISION_STATES = ['pending', 'approved', 'rejected', 'previous'] as const;
export type RevisionState = (typeof REVISION_STATES)[number];

/**
 * Versions of a contribution besides the one it shows. A review's or interview's edit waits here
 * (`pending`, at most one per item) while the published text stays up; a moderator's approval
 * copies it into the item (`approved`), a refusal keeps the old text (`rejected`, with the reason
 * its author reads). A thread's or reply's edit is published at once and the text it replaced is
 * kept here (`previous`) for moderators. Removed with the item, and with its author's account.
 */
export const contributionRevisions = sqliteTable(
  'contribution_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<RevisionKind>().notNull(),
    targetId: integer('target_id').notNull(),
    userId: text('user_id').references(() => users.id),
    /** The fields of the version (as the create schema names them). */
    body: text('body', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    state: text('state').$type<RevisionState>().notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    oneOf('contribution_revisions', t.kind, REVISION_KINDS),
    oneOf('contribution_revisions', t.state, REVISION_STATES),
    index('contribution_revisions_target_idx').on(t.kind, t.targetId, t.createdAt),
    uniqueIndex('contribution_revisions_pending_idx').on(t.kind, t.targetId).where(sql`${t.state} = 'pending'`),
    index('contribution_revisions_user_idx').on(t.userId),
  ],
);

export type ContributionRevision = typeof contributionRevisions.$inferSelect;

// ---- Take-home pay (issue 38, decision 0312) ----

export const TAKE_HOME_PENSIONS = ['tps', 'none'] as const;

/**
 * A signed-in teacher's take-home settings, as a visitor keeps them on her device (localStorage
 * `tilt.takeHome`): working time as she typed it ("0.6"), her pension choice and her student loan
 * plans. One row per account, kept with it; in her export, removed with her account.
 */
export const takeHomeSettings = sqliteTable(
  'take_home_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fte: text('fte').notNull(),
    pension: text('pension').notNull().$type<(typeof TAKE_HOME_PENSIONS)[number]>(),
    /** Comma list of plan1, plan2, plan4, plan5, pgl ('' for none). */
    loans: text('loans').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('take_home_settings', t.pension, TAKE_HOME_PENSIONS),
    maxLen('take_home_settings', t.loans, 40),
    maxLen('take_home_settings', t.fte, 8),
  ],
);

export type TakeHomeSettingsRow = typeof takeHomeSettings.$inferSelect;

// ---- A school job's documents: the job pack, as PDFs (issue 37 item 12, decision 2116) ----

/**
 * A PDF its school's staff attached to one of the school's jobs, shown on the job page as a
 * download. The file lives under the data directory (media/jobs/{file}), never in the served tree;
 * `file` is '{jobId}-{sha256 16 hex}.pdf', so one file is attached to a job once.
 */
export const jobDocuments = sqliteTable(
  'job_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The name shown and downloaded as, cleaned of paths and control characters, ending in .pdf. */
    name: text('name').notNull(),
    file: text('file').notNull(),
    bytes: integer('bytes').notNull(),
    /** The member who attached it; null once that person deleted their account. */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    maxLen('job_documents', t.name, JOB_DOCUMENT_LIMITS.name),
    check('job_documents_file_key', sql`${t.file} glob '[0-9]*-[0-9a-f]*.pdf'`),
    check('job_documents_bytes_range', sql`${t.bytes} between 1 and ${num(JOB_DOCUMENT_LIMITS.bytes)}`),
    uniqueIndex('job_documents_file_idx').on(t.jobId, t.file),
  ],
);

export type JobDocument = typeof jobDocuments.$inferSelect;
