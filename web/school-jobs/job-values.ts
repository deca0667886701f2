// The job form's values and the API's body (POST /api/schools/{id}/jobs, PATCH /api/jobs/{id}):
// inputs hold text (an empty salary is '', a yes/no is '' until chosen), the body holds what the
// API's schema takes (core/validation.ts schoolJobInput), with every empty answer left out so that
// a PATCH, which replaces the job's fields, clears it.
import { londonParts } from '../../core/london-time';
import type { CLOSING_TIMES, PUBLISH_CHOICES } from '../../core/constants';
import type { SchoolJobInput } from '../../core/validation';
import type { SchoolJob } from '../data/school-jobs';

/** Pay scale points picked for the salary, as the API takes them. */
export type PayScalePick = NonNullable<SchoolJobInput['payScale']>;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];
type YesNo = '' | 'yes' | 'no';

export type JobFormValues = {
  title: string;
  description: string;
  benefits: string;
  roleType: string;
  educationLevel: string;
  keyStages: string[];
  subjects: string[];
  contract: string;
  contractMonths: string;
  workingPatterns: string[];
  /** A range typed in pounds, or pay scale points picked (the API fills the range from them). */
  salaryBy: 'range' | 'scale';
  salaryMin: string;
  salaryMax: string;
  payScale: PayScalePick;
  startDate: string;
  closingDate: string;
  closingTime: '' | (typeof CLOSING_TIMES)[number];
  ectSuitable: YesNo;
  visaSponsorship: YesNo;
  howToApply: '' | 'website' | 'email';
  applyUrl: string;
  applyEmail: string;
  /** Who candidates may ask about the job (optional, shown on the job page). */
  contactName: string;
  contactEmail: string;
  /** Publish now or on a date (a draft is its own button). */
  when: 'now' | 'on-date';
  publishOn: string;
};

const NO_PAY_SCALE: PayScalePick = { region: 'Inner London', paySpine: 'Main Pay Range', effectiveDate: '', from: '', to: '' };

export const emptyJobValues = (): JobFormValues => ({
  title: '',
  description: '',
  benefits: '',
  roleType: '',
  educationLevel: '',
  keyStages: [],
  subjects: [],
  contract: '',
  contractMonths: '',
  workingPatterns: [],
  salaryBy: 'range',
  salaryMin: '',
  salaryMax: '',
  payScale: NO_PAY_SCALE,
  startDate: '',
  closingDate: '',
  closingTime: '',
  ectSuitable: '',
  visaSponsorship: '',
  howToApply: '',
  applyUrl: '',
  applyEmail: '',
  contactName: '',
  contactEmail: '',
  when: 'now',
  publishOn: '',
});

const list = (v: string | null | undefined) => (v ? v.split(', ').filter(Boolean) : []);
const yesNo = (v: boolean | null | undefined): YesNo => (v == null ? '' : v ? 'yes' : 'no');
const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));

/** A saved job's values in the form: edit keeps every answer the school gave. */
export function jobValues(job: SchoolJob): JobFormValues {
  const closing = job.applicationDeadline ? londonParts(new Date(job.applicationDeadline)) : null;
  const scheduled = job.state === 'scheduled';
  return {
    title: job.title,
    description: job.description,
    benefits: text(job.benefits),
    roleType: text(job.roleType),
    educationLevel: text(job.educationLevel),
    keyStages: list(job.keyStages),
    subjects: list(job.subjects),
    contract: text(job.contract),
    contractMonths: text(job.contractMonths),
    workingPatterns: [job.fullTime && 'Full time', job.partTime && 'Part time'].filter((p): p is string => !!p),
    salaryBy: job.payScale ? 'scale' : 'range',
    salaryMin: text(job.salaryMin),
    salaryMax: text(job.salaryMax),
    payScale: (job.payScale as PayScalePick | null) ?? NO_PAY_SCALE,
    startDate: text(job.startDate),
    closingDate: closing?.date ?? '',
    closingTime: (closing?.time ?? '') as JobFormValues['closingTime'],
    ectSuitable: yesNo(job.ectSuitable),
    visaSponsorship: yesNo(job.visaSponsorship),
    howToApply: job.applyUrl ? 'website' : job.applyEmail ? 'email' : '',
    applyUrl: text(job.applyUrl),
    applyEmail: text(job.applyEmail),
    contactName: text(job.contactName),
    contactEmail: text(job.contactEmail),
    when: scheduled ? 'on-date' : 'now',
    publishOn: scheduled ? londonParts(new Date(job.postedAt)).date : '',
  };
}

const given = (v: string) => (v.trim() === '' ? undefined : v);
const bool = (v: YesNo) => (v === '' ? undefined : v === 'yes');

/** The API's body for the form's values: saved as a draft, or published now or on a date. */
export function jobBody(v: JobFormValues, publish: PublishChoice): SchoolJobInput {
  const scale = v.salaryBy === 'scale';
  return {
    publish,
    publishOn: publish === 'on-date' ? given(v.publishOn) : undefined,
    title: v.title,
    description: given(v.description),
    benefits: given(v.benefits),
    roleType: given(v.roleType) as SchoolJobInput['roleType'],
    educationLevel: given(v.educationLevel) as SchoolJobInput['educationLevel'],
    keyStages: v.keyStages.length ? (v.keyStages as SchoolJobInput['keyStages']) : undefined,
    subjects: v.subjects.length ? (v.subjects as SchoolJobInput['subjects']) : undefined,
    contract: given(v.contract) as SchoolJobInput['contract'],
    contractMonths: v.contract === 'Fixed term' ? given(v.contractMonths) : undefined,
    workingPatterns: v.workingPatterns.length ? (v.workingPatterns as SchoolJobInput['workingPatterns']) : undefined,
    salaryMin: scale ? undefined : given(v.salaryMin),
    salaryMax: scale ? undefined : given(v.salaryMax),
    payScale: scale && (v.payScale.from || v.payScale.to) ? v.payScale : undefined,
    startDate: given(v.startDate),
    closingDate: given(v.closingDate),
    closingTime: v.closingTime || undefined,
    ectSuitable: bool(v.ectSuitable),
    visaSponsorship: bool(v.visaSponsorship),
    howToApply: v.howToApply || undefined,
    applyUrl: v.howToApply === 'website' ? given(v.applyUrl) : undefined,
    applyEmail: v.howToApply === 'email' ? given(v.applyEmail) : undefined,
    contactName: given(v.contactName),
    contactEmail: given(v.contactEmail),
  };
}

/** The form field a message of the API belongs to ('payScale.from' → the pay scale part; 'publish' → the publish choice). */
function fieldOf(name: string): string {
  if (name.startsWith('payScale')) return 'payScale';
  if (name.startsWith('keyStages')) return 'keyStages';
  if (name.startsWith('subjects')) return 'subjects';
  if (name.startsWith('workingPatterns')) return 'workingPatterns';
  return name;
}

/** The API's field messages, one per form field (the first wins). */
export function formFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) out[fieldOf(name)] ??= message;
  return out;
}
