// A vacancy posted by a school's own staff (product: the school side; decision 2104): its body
// schema with the product's messages, the pay scale pick, and the date rules (closing, publishing)
// the API and the form both apply.
import { z } from 'zod';
import {
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
  EDUCATION_LEVELS,
  KEY_STAGES,
  PAY_REGIONS,
  PAY_SPINES,
  SUBJECTS,
  TEXT_MAX,
  SALARY_MAX,
  SALARY_MIN,
  SCHOOL_JOB_CONTRACTS,
} from './constants';
import { isIsoDate, londonInstant, londonToday } from './london-time';
import { MESSAGES, optionalText, wholeNumber } from './validation-fields';

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
