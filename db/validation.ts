// The bodies users submit, as zod schemas with the product's exact messages (product §5). The API validates
// requests with them and the web forms validate with the very same schemas, so a message lives
// in one place. Shapes follow db/schema.ts (insert schemas omit server-managed fields, product §3).
import { z } from 'zod';
import { config } from 'zod/v4/core';
import {
  ACCOUNT_DELETE_WORD,
  BOROUGHS,
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
  YEARS_AT_SCHOOL,
} from './constants';

// In the browser (CSP without 'unsafe-eval'), zod must not probe `new Function` when these schemas
// are built: a screen's chunk may evaluate this module before web/lib/zod-csp.ts (the server-rendered first visit). The
// server keeps zod's compiled parsers.
if (typeof window !== 'undefined') config({ jitless: true });

export const MESSAGES = {
  min10: 'Please provide at least 10 characters',
  min20: 'Please provide at least 20 characters',
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
  titleMax: 'Title must be at most 200 characters',
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

export const reviewInput = z.object({
  overallRating: rating.default(5),
  workLifeBalanceRating: rating.default(5),
  compensationRating: rating.default(5),
  careerOpportunitiesRating: rating.default(5),
  cultureRating: rating.default(5),
  leadershipRating: rating.default(5),
  pros: requiredText(MESSAGES.min10, 5000, { length: 10, message: MESSAGES.min10 }),
  cons: requiredText(MESSAGES.min10, 5000, { length: 10, message: MESSAGES.min10 }),
  adviceToManagement: optionalText(5000),
  wouldRecommend: z.boolean({ error: 'Choose yes or no' }).default(true),
  employmentStatus: oneOf(EMPLOYMENT_STATUSES, 'Employment status is required').default('Current'),
  jobTitle: requiredText(MESSAGES.jobTitle, 255),
  yearsAtSchool: oneOf(YEARS_AT_SCHOOL, MESSAGES.yearsAtSchool),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const interviewInput = z.object({
  jobTitle: requiredText(MESSAGES.jobTitle, 255),
  interviewDifficulty: oneOf(INTERVIEW_DIFFICULTIES, 'Difficulty is required').default('Medium'),
  processDescription: requiredText(MESSAGES.min20, 5000, { length: 20, message: MESSAGES.min20 }),
  questionsAsked: optionalText(5000),
  tipsForCandidates: optionalText(5000),
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
  additionalBenefits: optionalText(1000),
});
export type SalaryInput = z.input<typeof salaryInput>;

/** The emoji always follows the mood (a client cannot pair "stressed" with 🤩). */
export const moodInput = z
  .object({
    mood: z.enum(MOOD_VALUES, { error: MESSAGES.mood }),
    emoji: z.string().max(10).optional(),
    comment: optionalText(500),
    anonymous: z.boolean({ error: 'Choose yes or no' }).default(false),
  })
  .transform((m) => ({ ...m, emoji: MOODS.find((x) => x.mood === m.mood)!.emoji }));
export type MoodInput = z.input<typeof moodInput>;

export const threadInput = z.object({
  title: z.string({ error: MESSAGES.title }).trim().min(1, MESSAGES.title).max(200, MESSAGES.titleMax),
  content: requiredText(MESSAGES.content, 20000),
  categoryId: wholeNumber(MESSAGES.category).pipe(z.number().positive(MESSAGES.category)),
});
export type ThreadInput = z.input<typeof threadInput>;

export const postInput = z.object({
  content: requiredText(MESSAGES.content, 20000),
  parentPostId: wholeNumber('Choose a reply of this thread')
    .pipe(z.number().positive('Choose a reply of this thread'))
    .nullish()
    .transform((v) => v ?? undefined),
});
export type PostInput = z.input<typeof postInput>;

export const rejectInput = z.object({
  reason: requiredText('A reason is required', 500),
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
  reason: requiredText('Please say why you are reporting this', 500),
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
