// Accounts and sessions, schools (the register), and jobs (the GOV.UK feed and a school's own).
import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { type SCHOOL_JOB_CONTRACTS, TEXT_MAX } from '../../core/constants';
import { nowMs, createdAt, updatedAt, maxLen, bool } from './columns';

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

export type User = typeof users.$inferSelect;
export type School = typeof schools.$inferSelect;
export type NewSchool = typeof schools.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
