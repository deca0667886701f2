// The bodies users submit, as zod schemas with the product's exact messages (product §5). The API validates
// requests with them and the web forms validate with the very same schemas, so a message lives
// in one place. Shapes follow db/schema.ts (insert schemas omit server-managed fields, product §3).
import { z } from 'zod';
import { config } from 'zod/v4/core';
import {
  ACCOUNT_DELETE_WORD,
  APPLY_METHODS,
  CLOSING_TIMES,
  CLOSING_YEARS_MAX,
  CONTRACT_MONTHS_MAX,
  JOB_OFFER_MAX,
  JOB_TEXT_MAX,
  JOB_TITLE_MAX,
  JOB_TITLE_MIN,
  MAX_JOB_SUBJECTS,
  JOB_CONTACT_NAME_MAX,
  PUBLISH_CHOICES,
  ROLE_TYPES,
  WORKING_PATTERNS,
  BOROUGHS,
  EDUCATION_LEVELS,
  KEY_STAGES,
  PAY_REGIONS,
  PAY_SPINES,
  SUBJECTS,
  TEXT_MAX,
  TEXT_MIN,
  EMPLOYMENT_STATUSES,
  EXPERIENCE_BANDS,
  INTERVIEW_DIFFICULTIES,
  INTERVIEW_OUTCOMES,
  MOOD_VALUES,
  MOODS,
  PROFILE_LIMITS,
  RATING_MAX,
  RATING_MIN,
  SALARY_JOB_TITLES,
  SALARY_MAX,
  SALARY_MIN,
  SALARY_SCHOOL_TYPES,
  SCHOOL_PHASES,
  SCHOOL_JOB_CONTRACTS,
  YEARS_AT_SCHOOL,
} from './constants';
import { isIsoDate, londonInstant, londonToday } from './london-time';

// In the browser (CSP without 'unsafe-eval'), zod must not probe `new Function` when these schemas
// are built: a screen's chunk may evaluate this module before web/lib/zod-csp.ts (the server-rendered first visit). The
// server keeps zod's compiled parsers.
if (typeof window !== 'undefined') config({ jitless: true });

export const MESSAGES = {
  min10: `Please provide at least ${TEXT_MIN.reviewText} characters`,
  min20: `Please provide at least ${TEXT_MIN.interviewProcess} characters`,
  jobTitle: 'Job title is required',
  yearsAtSchool: 'Years at school is required',
  schoolType: 'School type is required',
  borough: 'Borough is required',
  yearsExperience: 'Years of experience is required',
  salaryMin: 'Salary must be at least £15,000',
  salaryMax: 'Salary must be less than £200,000',
  rating: 'Rating must be between 1 and 5',
  mood: 'Please choose a mood',
  title: 'Title is required',
  titleMax: `Title must be at most ${TEXT_MAX.threadTitle} characters`,
  content: 'Content is required',
  category: 'Please choose a category',
  tooLong: (n: number) => `Please keep this under ${n.toLocaleString('en-GB')} characters`,
} as const;

/** Required text: missing, not a string or blank all answer `required`. */
const requiredText = (required: string, max: number, min?: { length: number; message: string }) => {
  let s = z.string({ error: required }).trim().min(1, required);
  if (min) s = s.min(min.length, min.message);
  return s.max(max, MESSAGES.tooLong(max));
};

/** Optional text: trimmed; empty becomes undefined. */
const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => v || undefined);

/** One of a list; missing or empty answers `required`, anything else "Choose one of the options". */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, required: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' || issue.input === null ? required : 'Choose one of the options'),
  });

/** A number, or a string of digits as a form field gives it; never true, [] or '' (Number() would read 1, 0, 0). */
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message),
  );

const rating = wholeNumber(MESSAGES.rating).pipe(z.number().min(RATING_MIN, MESSAGES.rating).max(RATING_MAX, MESSAGES.rating));

/** A sub-rating a reviewer may leave unrated: missing or null is stored as null, counted in no average (decision 2027). */
const optionalRating = rating.nullish().transform((v) => v ?? null);

export const reviewInput = z.object({
  /** Required, no default: a rating nobody chose must not count as 5 (decision 2027). */
  overallRating: rating,
  workLifeBalanceRating: optionalRating,
  compensationRating: optionalRating,
  careerOpportunitiesRating: optionalRating,
  cultureRating: optionalRating,
  leadershipRating: optionalRating,
  pros: requiredText(MESSAGES.min10, TEXT_MAX.contribution, { length: TEXT_MIN.reviewText, message: MESSAGES.min10 }),
  cons: requiredText(MESSAGES.min10, TEXT_MAX.contribution, { length: TEXT_MIN.reviewText, message: MESSAGES.min10 }),
  adviceToManagement: optionalText(TEXT_MAX.contribution),
  wouldRecommend: z.boolean({ error: 'Choose yes or no' }).default(true),
  employmentStatus: oneOf(EMPLOYMENT_STATUSES, 'Employment status is required').default('Current'),
  jobTitle: requiredText(MESSAGES.jobTitle, TEXT_MAX.name),
  yearsAtSchool: oneOf(YEARS_AT_SCHOOL, MESSAGES.yearsAtSchool),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const interviewInput = z.object({
  jobTitle: requiredText(MESSAGES.jobTitle, TEXT_MAX.name),
  interviewDifficulty: oneOf(INTERVIEW_DIFFICULTIES, 'Difficulty is required').default('Medium'),
  processDescription: requiredText(MESSAGES.min20, TEXT_MAX.contribution, { length: TEXT_MIN.interviewProcess, message: MESSAGES.min20 }),
  questionsAsked: optionalText(TEXT_MAX.contribution),
  tipsForCandidates: optionalText(TEXT_MAX.contribution),
  outcome: oneOf(INTERVIEW_OUTCOMES, 'Outcome is required').default('Offer'),
  overallExperience: rating.nullish().transform((v) => v ?? undefined),
});
export type InterviewInput = z.input<typeof interviewInput>;

/** Non-numeric salary input becomes 0 (product §5), which then fails the minimum. */
export const salaryAmount = z.preprocess(
  (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
    if (typeof v === 'string') {
      const n = Number(v.replace(/[£,\s]/g, ''));
      return Number.isFinite(n) ? n : 0;
    }
    return 0;
  },
  z.number().int('Salary must be a whole number of pounds').min(SALARY_MIN, MESSAGES.salaryMin).max(SALARY_MAX, MESSAGES.salaryMax),
);

export const salaryInput = z.object({
  jobTitle: oneOf(SALARY_JOB_TITLES, MESSAGES.jobTitle),
  schoolType: oneOf(SALARY_SCHOOL_TYPES, MESSAGES.schoolType),
  borough: oneOf(BOROUGHS, MESSAGES.borough),
  yearsExperience: oneOf(EXPERIENCE_BANDS, MESSAGES.yearsExperience),
  annualSalary: salaryAmount,
  additionalBenefits: optionalText(TEXT_MAX.benefits),
});
export type SalaryInput = z.input<typeof salaryInput>;

/** The emoji always follows the mood (a client cannot pair "stressed" with 🤩). */
export const moodInput = z
  .object({
    mood: z.enum(MOOD_VALUES, { error: MESSAGES.mood }),
    emoji: z.string().max(TEXT_MAX.emoji).optional(),
    comment: optionalText(TEXT_MAX.reason),
    anonymous: z.boolean({ error: 'Choose yes or no' }).default(false),
  })
  .transform((m) => ({ ...m, emoji: MOODS.find((x) => x.mood === m.mood)!.emoji }));
export type MoodInput = z.input<typeof moodInput>;

export const threadInput = z.object({
  title: z.string({ error: MESSAGES.title }).trim().min(1, MESSAGES.title).max(TEXT_MAX.threadTitle, MESSAGES.titleMax),
  content: requiredText(MESSAGES.content, TEXT_MAX.post),
  categoryId: wholeNumber(MESSAGES.category).pipe(z.number().positive(MESSAGES.category)),
});
export type ThreadInput = z.input<typeof threadInput>;

export const postInput = z.object({
  content: requiredText(MESSAGES.content, TEXT_MAX.post),
  parentPostId: wholeNumber('Choose a reply of this thread')
    .pipe(z.number().positive('Choose a reply of this thread'))
    .nullish()
    .transform((v) => v ?? undefined),
});
export type PostInput = z.input<typeof postInput>;

/**
 * The fields an author may change (decision 2020): the create schemas' own rules, every field
 * optional and without the create defaults (a PATCH of the pros must not reset the ratings);
 * null takes a sub-rating back to "not rated".
 * The handler merges the change into the current version and checks the whole with the create schema.
 */
export const reviewEdit = reviewInput
  .extend({
    overallRating: rating,
    workLifeBalanceRating: rating.nullable(),
    compensationRating: rating.nullable(),
    careerOpportunitiesRating: rating.nullable(),
    cultureRating: rating.nullable(),
    leadershipRating: rating.nullable(),
    wouldRecommend: z.boolean({ error: 'Choose yes or no' }),
    employmentStatus: oneOf(EMPLOYMENT_STATUSES, 'Employment status is required'),
  })
  .partial();
export type ReviewEdit = z.input<typeof reviewEdit>;

export const interviewEdit = interviewInput
  .extend({
    interviewDifficulty: oneOf(INTERVIEW_DIFFICULTIES, 'Difficulty is required'),
    outcome: oneOf(INTERVIEW_OUTCOMES, 'Outcome is required'),
  })
  .partial();
export type InterviewEdit = z.input<typeof interviewEdit>;

export const threadEdit = threadInput.pick({ title: true, content: true }).partial();
export type ThreadEdit = z.input<typeof threadEdit>;

export const postEdit = postInput.pick({ content: true });
export type PostEdit = z.input<typeof postEdit>;

export const rejectInput = z.object({
  reason: requiredText('A reason is required', TEXT_MAX.reason),
});

/** Field → first message, for forms (same shape as the API's `fields`). */
export function formErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length ? issue.path.join('.') : '_';
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Hardening: reporting a contribution (decision 1422). */
export const REPORTABLE_KINDS = ['review', 'interview', 'mood', 'thread', 'reply'] as const;
export const reportInput = z.object({
  kind: z.enum(REPORTABLE_KINDS, { error: 'Choose what you are reporting' }),
  id: z.coerce
    .number({ error: 'Choose what you are reporting' })
    .int('Choose what you are reporting')
    .positive('Choose what you are reporting'),
  reason: requiredText('Please say why you are reporting this', TEXT_MAX.reason),
});

/** Privacy rights: deleting one's account needs the word DELETE typed (decision 1421). */
export const deleteAccountInput = z.object({
  confirm: z.literal(ACCOUNT_DELETE_WORD, { error: `Type ${ACCOUNT_DELETE_WORD} to confirm` }),
});

/**
 * What a school's staff change on its page (decision 2110): every field optional (absent: left as
 * it is), null or empty clears it. The register's own values are never touched.
 */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());
const schoolFigure = (max: number, what: string) =>
  wholeNumber(`${what} must be a whole number`).pipe(
    z
      .number()
      .min(1, `${what} must be at least 1`)
      .max(max, `${what} must be at most ${max.toLocaleString('en-GB')}`),
  );
export const schoolProfileInput = z.object({
  about: clearable(z.string({ error: 'Must be text' }).max(PROFILE_LIMITS.about, MESSAGES.tooLong(PROFILE_LIMITS.about))),
  website: clearable(
    z
      .string({ error: 'Must be a web address' })
      .trim()
      .max(PROFILE_LIMITS.website, MESSAGES.tooLong(PROFILE_LIMITS.website))
      .refine((v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname.includes('.');
        } catch {
          return false;
        }
      }, 'Enter a web address starting with https://'),
  ),
  pupils: clearable(schoolFigure(PROFILE_LIMITS.pupils, 'Pupils')),
  staff: clearable(schoolFigure(PROFILE_LIMITS.staff, 'Staff')),
  phase: clearable(z.enum(SCHOOL_PHASES, { error: 'Choose one of the options' })),
});
export type SchoolProfileInput = z.input<typeof schoolProfileInput>;
export type SchoolProfileFields = z.output<typeof schoolProfileInput>;
// ---- A vacancy posted by a school's own staff (product: the school side; decision 2104) ----

const JOB_MESSAGES = {
  title: 'Job title is required',
  titleMin: `Job title must be at least ${JOB_TITLE_MIN} characters`,
  titleMax: `Job title must be at most ${JOB_TITLE_MAX} characters`,
  titleHtml: 'Job title cannot contain HTML (< or >)',
  description: 'Description is required',
  roleType: 'Choose the role',
  contactName: `Enter a contact name of up to ${JOB_CONTACT_NAME_MAX} characters, no HTML`,
  contactEmail: 'Enter an email address for questions about the job',
  educationLevel: 'Education level is required',
  keyStages: 'Choose at least one key stage',
  contract: 'Contract is required',
  contractMonths: 'How many months is the fixed term? (1 to 24)',
  workingPatterns: 'Choose full time, part time or both',
  salary: 'Give a salary range or pick pay scale points',
  salaryOrder: 'The maximum must not be below the minimum',
  startDate: 'Start date is required',
  closingDate: 'Closing date is required',
  closingTime: 'Closing time must be 08:00, 09:00, 12:00, 15:00 or 23:59',
  closingPast: 'The closing date must be in the future',
  closingFar: `The closing date must be within ${CLOSING_YEARS_MAX} years`,
  publishOn: 'Choose the day to publish on',
  publishPast: 'The publication date must be after today',
  publishAfterClosing: 'The job must be published before it closes',
  yesNo: 'Choose yes or no',
  howToApply: 'Choose how candidates apply',
  applyUrl: 'Enter the web address of the application page (http:// or https://)',
  applyEmail: 'Enter an email address for applications',
  date: 'Enter a date as yyyy-mm-dd',
} as const;

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), JOB_MESSAGES.date)
    .transform((v) => v || undefined)
    .optional();

/** Markdown of the safe subset (api/markdown/render.ts renders it); stored as written. */
const markdownField = (max: number) => optionalText(max);

/** Pay scale points picked for the salary (pay_scales): the API fills salaryMin/Max and salaryText from them. */
export const payScalePick = z.object({
  region: z.enum(PAY_REGIONS, { error: 'Choose a pay region' }),
  paySpine: z.enum(PAY_SPINES, { error: 'Choose a pay range' }),
  effectiveDate: z.string({ error: 'Choose a pay year' }).refine(isIsoDate, 'Choose a pay year'),
  from: z.string({ error: 'Choose the first point' }).trim().min(1, 'Choose the first point').max(TEXT_MAX.point),
  to: z.string({ error: 'Choose the last point' }).trim().min(1, 'Choose the last point').max(TEXT_MAX.point),
  /** The range the last point is on, when the pay runs from one range into the next (M1-U3); the first point's range otherwise. */
  toSpine: z
    .enum(PAY_SPINES, { error: 'Choose a pay range' })
    .nullish()
    .transform((v) => v ?? undefined),
});

const jobSalary = wholeNumber('Salary must be a whole number of pounds').pipe(
  z.number().int('Salary must be a whole number of pounds').min(SALARY_MIN, MESSAGES.salaryMin).max(SALARY_MAX, MESSAGES.salaryMax),
);

/**
 * A school's vacancy as its form sends it (POST /api/schools/{id}/jobs, PATCH /api/jobs/{id}).
 * A draft needs only its title; publishing (now or on a date) needs every field. The rules that
 * depend on the date (closing in the future and within 2 years, publication after today) are
 * `schoolJobDateErrors`, which the API and the form both run.
 */
export const schoolJobInput = z
  .object({
    publish: z.enum(PUBLISH_CHOICES, { error: 'Choose draft, publish now or publish on a date' }).default('now'),
    publishOn: isoDate(JOB_MESSAGES.publishOn),
    title: z
      .string({ error: JOB_MESSAGES.title })
      .trim()
      .min(1, JOB_MESSAGES.title)
      .min(JOB_TITLE_MIN, JOB_MESSAGES.titleMin)
      .max(JOB_TITLE_MAX, JOB_MESSAGES.titleMax)
      .refine((v) => !/[<>]/.test(v), JOB_MESSAGES.titleHtml),
    description: markdownField(JOB_TEXT_MAX),
    /** "What we offer". */
    benefits: markdownField(JOB_OFFER_MAX),
    roleType: z.enum(ROLE_TYPES, { error: JOB_MESSAGES.roleType }).optional(),
    contactName: z
      .string({ error: JOB_MESSAGES.contactName })
      .trim()
      .max(JOB_CONTACT_NAME_MAX, JOB_MESSAGES.contactName)
      .refine((v) => !/[<>]/.test(v), JOB_MESSAGES.contactName)
      .nullish()
      .transform((v) => v || undefined),
    contactEmail: z
      .string({ error: JOB_MESSAGES.contactEmail })
      .trim()
      .max(TEXT_MAX.email, MESSAGES.tooLong(TEXT_MAX.email))
      .refine((v) => v === '' || z.email().safeParse(v).success, JOB_MESSAGES.contactEmail)
      .nullish()
      .transform((v) => v || undefined),
    educationLevel: z.enum(EDUCATION_LEVELS, { error: 'Choose one of the options' }).optional(),
    keyStages: z
      .array(z.enum(KEY_STAGES, { error: 'Choose key stages from the list' }), { error: JOB_MESSAGES.keyStages })
      .max(KEY_STAGES.length)
      .optional(),
    subjects: z
      .array(z.enum(SUBJECTS, { error: 'Choose subjects from the list' }), { error: 'Choose subjects from the list' })
      .max(MAX_JOB_SUBJECTS, `Choose at most ${MAX_JOB_SUBJECTS} subjects`)
      .optional(),
    contract: z.enum(SCHOOL_JOB_CONTRACTS, { error: 'Choose Permanent, Fixed term or Casual' }).optional(),
    contractMonths: wholeNumber(JOB_MESSAGES.contractMonths)
      .pipe(z.number().min(1, JOB_MESSAGES.contractMonths).max(CONTRACT_MONTHS_MAX, JOB_MESSAGES.contractMonths))
      .nullish()
      .transform((v) => v ?? undefined),
    workingPatterns: z
      .array(z.enum(WORKING_PATTERNS, { error: JOB_MESSAGES.workingPatterns }), { error: JOB_MESSAGES.workingPatterns })
      .max(2)
      .optional(),
    salaryMin: jobSalary.nullish().transform((v) => v ?? undefined),
    salaryMax: jobSalary.nullish().transform((v) => v ?? undefined),
    payScale: payScalePick.nullish().transform((v) => v ?? undefined),
    startDate: isoDate(JOB_MESSAGES.startDate),
    closingDate: isoDate(JOB_MESSAGES.closingDate),
    closingTime: z.enum(CLOSING_TIMES, { error: JOB_MESSAGES.closingTime }).optional(),
    ectSuitable: z
      .boolean({ error: JOB_MESSAGES.yesNo })
      .nullish()
      .transform((v) => v ?? undefined),
    visaSponsorship: z
      .boolean({ error: JOB_MESSAGES.yesNo })
      .nullish()
      .transform((v) => v ?? undefined),
    howToApply: z.enum(APPLY_METHODS, { error: JOB_MESSAGES.howToApply }).optional(),
    applyUrl: z
      .string({ error: JOB_MESSAGES.applyUrl })
      .trim()
      .max(TEXT_MAX.url, MESSAGES.tooLong(TEXT_MAX.url))
      .refine((v) => v === '' || isWebAddress(v), JOB_MESSAGES.applyUrl)
      .nullish()
      .transform((v) => v || undefined),
    applyEmail: z
      .string({ error: JOB_MESSAGES.applyEmail })
      .trim()
      .max(TEXT_MAX.email, MESSAGES.tooLong(TEXT_MAX.email))
      .refine((v) => v === '' || z.email().safeParse(v).success, JOB_MESSAGES.applyEmail)
      .nullish()
      .transform((v) => v || undefined),
  })
  .superRefine((v, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.salaryMin !== undefined && v.salaryMax !== undefined && v.salaryMax < v.salaryMin)
      need(false, 'salaryMax', JOB_MESSAGES.salaryOrder);
    if (v.publish === 'draft') return;
    need(v.description, 'description', JOB_MESSAGES.description);
    need(v.roleType, 'roleType', JOB_MESSAGES.roleType);
    need(v.educationLevel, 'educationLevel', JOB_MESSAGES.educationLevel);
    need(v.keyStages?.length, 'keyStages', JOB_MESSAGES.keyStages);
    need(v.contract, 'contract', JOB_MESSAGES.contract);
    if (v.contract === 'Fixed term') need(v.contractMonths, 'contractMonths', JOB_MESSAGES.contractMonths);
    need(v.workingPatterns?.length, 'workingPatterns', JOB_MESSAGES.workingPatterns);
    need(v.payScale || v.salaryMin !== undefined, 'salaryMin', JOB_MESSAGES.salary);
    need(v.startDate, 'startDate', JOB_MESSAGES.startDate);
    need(v.closingDate, 'closingDate', JOB_MESSAGES.closingDate);
    need(v.closingTime, 'closingTime', JOB_MESSAGES.closingTime);
    need(v.ectSuitable !== undefined, 'ectSuitable', JOB_MESSAGES.yesNo);
    need(v.visaSponsorship !== undefined, 'visaSponsorship', JOB_MESSAGES.yesNo);
    need(v.howToApply, 'howToApply', JOB_MESSAGES.howToApply);
    if (v.howToApply === 'website') need(v.applyUrl, 'applyUrl', JOB_MESSAGES.applyUrl);
    if (v.howToApply === 'email') need(v.applyEmail, 'applyEmail', JOB_MESSAGES.applyEmail);
    if (v.publish === 'on-date') need(v.publishOn, 'publishOn', JOB_MESSAGES.publishOn);
  });
export type SchoolJobInput = z.input<typeof schoolJobInput>;
export type SchoolJobValues = z.output<typeof schoolJobInput>;

/** An absolute http(s) address with a host (no javascript:, data:, relative or credentials-bearing URL). */
export function isWebAddress(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** Two calendar years after `at` (29 February steps back to the 28th). */
function yearsAfter(at: Date, years: number): Date {
  const d = new Date(at);
  const month = d.getUTCMonth();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  if (d.getUTCMonth() !== month) d.setUTCDate(0);
  return d;
}

/** The closing instant: the closing date at its London time (GMT or BST as that day has it). */
export const closingInstant = (v: Pick<SchoolJobValues, 'closingDate' | 'closingTime'>) =>
  v.closingDate && v.closingTime ? londonInstant(v.closingDate, v.closingTime) : null;

/** The publication instant of a job published on a date: 00:00 London time that day. */
export const publishInstant = (v: Pick<SchoolJobValues, 'publishOn'>) => (v.publishOn ? londonInstant(v.publishOn, '00:00') : null);

/**
 * The date rules of a vacancy that is being published (a draft is checked when it is published):
 * the closing moment in the future and within 2 years; a publication date after today (London)
 * and before the closing; a start date not before today. Field → message, empty when all hold.
 */
export function schoolJobDateErrors(v: SchoolJobValues, now: Date): Record<string, string> {
  const fields: Record<string, string> = {};
  if (v.publish === 'draft') return fields;
  const closing = closingInstant(v);
  if (closing && closing.getTime() <= now.getTime()) fields.closingDate = JOB_MESSAGES.closingPast;
  else if (closing && closing.getTime() > yearsAfter(now, CLOSING_YEARS_MAX).getTime()) fields.closingDate = JOB_MESSAGES.closingFar;
  const today = londonToday(now);
  if (v.startDate && v.startDate < today) fields.startDate = 'The start date must not be in the past';
  if (v.publish === 'on-date' && v.publishOn) {
    const at = publishInstant(v)!;
    if (v.publishOn <= today) fields.publishOn = JOB_MESSAGES.publishPast;
    else if (closing && at.getTime() >= closing.getTime()) fields.publishOn = JOB_MESSAGES.publishAfterClosing;
  }
  return fields;
}

/** A school's response to a review (decision 2111): plain text with paragraphs, up to 5,000 characters. */
export const reviewResponseInput = z.object({
  body: requiredText('Please write your response', TEXT_MAX.contribution),
});
export type ReviewResponseInput = z.input<typeof reviewResponseInput>;
