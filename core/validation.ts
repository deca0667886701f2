// The bodies users submit, as zod schemas with the product's exact messages (product §5). The API validates
// requests with them and the web forms validate with the very same schemas, so a message lives
// in one place. Shapes follow db/schema.ts (insert schemas omit server-managed fields, product §3).
// The field helpers and shared messages: ./validation-fields.ts; a school's vacancy:
// ./school-job-validation.ts (both re-exported here).
import { z } from 'zod';
import {
  ACCOUNT_DELETE_WORD,
  BOROUGHS,
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
  YEARS_AT_SCHOOL,
} from './constants';
import { MESSAGES, oneOf, optionalText, requiredText, wholeNumber } from './validation-fields';

export { MESSAGES } from './validation-fields';
export * from './school-job-validation';

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

/** A school's response to a review (decision 2111): plain text with paragraphs, up to 5,000 characters. */
export const reviewResponseInput = z.object({
  body: requiredText('Please write your response', TEXT_MAX.contribution),
});
export type ReviewResponseInput = z.input<typeof reviewResponseInput>;
