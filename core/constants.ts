// Business constants of the product (product §9), in one place: the API validates against them and the
// web app builds its selects from them.

import type { SchoolTypeLabel } from './filter-lists';

// The lists a public page's first load needs alone are modules of their own (the bundle puts
// each page's lists in one chunk: a page loads only what it reads).
export { BOROUGHS } from './boroughs';
export { PAY_REGIONS, PAY_SPINES, PAY_YEARS } from './pay-lists';
export { CONTRACT_TYPES, EDUCATION_LEVELS, KEY_STAGES, SCHOOL_TYPES, SUBJECTS } from './filter-lists';

/** The contract of a vacancy a school posts here; the board files it under a CONTRACT_TYPES category (decision 2104). */
export const SCHOOL_JOB_CONTRACTS = ['Permanent', 'Fixed term', 'Casual'] as const;

/**
 * The register's own type names (GIAS `TypeOfEstablishment`) of each school type the jobs and
 * schools filters offer (SCHOOL_TYPES, core/filter-lists.ts), so the filter is exact: one entry per
 * label, no other (checked by the type).
 */
export const SCHOOL_TYPE_FILTERS: Record<string, readonly string[]> = {
  'Community School': ['Community school'],
  'Voluntary Aided School': ['Voluntary aided school'],
  'Independent School': ['Other independent school', 'Other independent special school'],
  'Free School': ['Free schools'],
  'Community special school': ['Community special school'],
  'Local authority nursery school': ['Local authority nursery school'],
  'Foundation School': ['Foundation school'],
  PRU: ['Pupil referral unit'],
  'Further education': ['Further education'],
  'Free schools special': ['Free schools special'],
  'Free schools 16 to 19': ['Free schools 16 to 19'],
  'Foundation special school': ['Foundation special school'],
  'Free schools alternative provision': ['Free schools alternative provision'],
  'Voluntary Controlled School': ['Voluntary controlled school'],
  'Sixth form centres': ['Sixth form centres'],
  'Studio School': ['Studio schools'],
  UTC: ['University technical college'],
  'City technology college': ['City technology college'],
  Academy: [
    'Academy converter',
    'Academy sponsor led',
    'Academy special converter',
    'Academy special sponsor led',
    'Academy alternative provision converter',
    'Academy alternative provision sponsor led',
    'Academy 16-19 converter',
    'Academy 16 to 19 sponsor led',
  ],
} satisfies Record<SchoolTypeLabel, readonly string[]>;

export const SALARY_SCHOOL_TYPES = [
  'Academy',
  'Independent School',
  'State School',
  'Free School',
  'Faith School',
  'Grammar School',
  'Special School',
] as const;

export const SALARY_JOB_TITLES = [
  'Primary Teacher',
  'Secondary Teacher',
  'Head of Department',
  'Assistant Headteacher',
  'Headteacher',
  'Teaching Assistant',
  'SENCO',
  'Supply Teacher',
  'NQT/ECT',
  'Cover Supervisor',
] as const;

export const EXPERIENCE_BANDS = ['0-2 years', '3-5 years', '6-10 years', '11-15 years', '16+ years'] as const;
export const YEARS_AT_SCHOOL = ['Less than 1 year', '1-2 years', '3-5 years', '6-10 years', 'More than 10 years'] as const;
export const EMPLOYMENT_STATUSES = ['Current', 'Former'] as const;
export const INTERVIEW_DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export const INTERVIEW_OUTCOMES = ['Offer', 'No Offer'] as const;
export const OFSTED_RATINGS = ['Outstanding', 'Good', 'Requires Improvement', 'Inadequate'] as const;

export const MOODS = [
  { mood: 'excited', emoji: '🤩', label: 'Love working here!', sentiment: 5 },
  { mood: 'happy', emoji: '😊', label: 'Generally satisfied', sentiment: 4 },
  { mood: 'neutral', emoji: '😐', label: "It's okay", sentiment: 3 },
  { mood: 'frustrated', emoji: '😤', label: 'Having some issues', sentiment: 2 },
  { mood: 'stressed', emoji: '😰', label: 'Really struggling', sentiment: 1 },
] as const;
export const MOOD_VALUES = /* @__PURE__ */ MOODS.map((m) => m.mood) as unknown as readonly [
  'excited',
  'happy',
  'neutral',
  'frustrated',
  'stressed',
];

/**
 * Every length limit of stored and submitted text, in characters: the schema's CHECKs
 * (db/schema.ts) and the zod schemas (core/validation.ts, the routes) read these, so a limit changes
 * in one place. Changing a stored one needs a migration (the CHECK's SQL changes with it).
 */
export const TEXT_MAX = {
  /** An email address (RFC 5321). */
  email: 254,
  /** An internet domain name (RFC 1035). */
  domain: 253,
  /** A name or a job title: schools, jobs on the board, reviews, interviews, salaries; a key stage list; a first name in a notification. */
  name: 255,
  /** A label from the register or a list: school type, borough, headteacher, subject, key stage, category, region, an alert's name. */
  label: 100,
  /** A chosen band: Ofsted rating, years at a school or of experience, contract type, mood, pay spine. */
  band: 50,
  /** A phone number or an age range. */
  short: 20,
  /** A mood's emoji; a pay-scale point. */
  emoji: 10,
  point: 10,
  /** A forum thread's title, and its slug. */
  threadTitle: 200,
  /** Why: a report, a moderator's refusal, a school claim, a mood's comment. */
  reason: 500,
  /** A salary's additional benefits. */
  benefits: 1000,
  /** A review's or interview's texts; a school's response to a review. */
  contribution: 5000,
  /** A forum thread's or reply's Markdown. */
  post: 20_000,
  /** Search text in a list's query. */
  search: 200,
  /** A paging cursor. */
  cursor: 400,
  /** A token in a link (unsubscribe, staff invitation). */
  token: 100,
  /** A web address given to us: a vacancy's apply link, a push subscription's endpoint. */
  url: 2000,
  /** Each key of a push subscription. */
  pushKey: 200,
} as const;

/** The shortest texts a contribution accepts, in characters (after trimming). */
export const TEXT_MIN = {
  /** A review's pros and cons. */
  reviewText: 10,
  /** An interview's description of the process. */
  interviewProcess: 20,
} as const;

export const HOME_JOBS = 4;
export const HOME_SCHOOLS = 3;
export const HOME_SALARY_ROLES = 4;
export const SCHOOLS_LIST_LIMIT = 200;
export const SCHOOLS_PAGE_SIZE = 50;
export const MAX_COMPARE = 3;
export const RECENT_SALARIES = 10;
export const THREAD_PREVIEW_CHARS = 200;
/** Star ratings (reviews' six ratings, an interview's overall experience). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SALARY_MIN = 15000;
export const SALARY_MAX = 200000;
/** Salary groups with fewer submissions than this answer `average: null` (k-anonymity). */
export const SALARY_K_ANONYMITY = 5;
/** A school whose average review rating is at least this shows the 'Highly Rated' badge. */
export const HIGHLY_RATED_AT = 4;

/** The 13 inner London authorities (DfE LA codes 201-213); the other 20 are outer London. */
export const INNER_LONDON_BOROUGHS = [
  'City of London',
  'Camden',
  'Greenwich',
  'Hackney',
  'Hammersmith and Fulham',
  'Islington',
  'Kensington and Chelsea',
  'Lambeth',
  'Lewisham',
  'Southwark',
  'Tower Hamlets',
  'Wandsworth',
  'Westminster',
] as const;

export const FORUM_CATEGORIES = [
  { slug: 'job-hunting', name: 'Job hunting', description: 'Applications, interviews, references and finding the right London school.' },
  {
    slug: 'pay-and-conditions',
    name: 'Pay and conditions',
    description: 'Pay scales, London weighting, TLRs, contracts and directed time.',
  },
  {
    slug: 'workload-and-wellbeing',
    name: 'Workload and wellbeing',
    description: 'Marking, planning, behaviour and looking after yourself.',
  },
  { slug: 'early-career', name: 'Early career', description: 'Trainees, ECTs and mentors: the first years in the classroom.' },
  { slug: 'send', name: 'SEND', description: 'Special educational needs and disabilities, EHCPs and inclusion.' },
  { slug: 'supply-teaching', name: 'Supply teaching', description: 'Agencies, day rates, umbrella companies and supply life.' },
  { slug: 'leadership', name: 'Leadership', description: 'Middle and senior leadership, NPQs and headship.' },
  { slug: 'off-topic', name: 'Off topic', description: 'Commuting, housing, London life and everything else.' },
] as const;

/** The word a user types to confirm deleting their account (the form and the API check it). */
export const ACCOUNT_DELETE_WORD = 'DELETE';

/** The register's phases of education (GIAS), which a school's correction of its phase must be one of (decision 2110). */
export const SCHOOL_PHASES = [
  'Nursery',
  'Primary',
  'Middle deemed primary',
  'Middle deemed secondary',
  'Secondary',
  'All-through',
  '16 plus',
] as const;
export type SchoolPhase = (typeof SCHOOL_PHASES)[number];
/** Bounds of what a school's staff write on its page (the largest London school has ~3,000 pupils). */
export const PROFILE_LIMITS = { about: 2000, website: 255, pupils: 10_000, staff: 2_000, photoBytes: 5 * 1024 * 1024 } as const;
/** A school job's documents (decision 2116): at most 3 PDFs of at most 5 MB each, named in 100 characters. */
export const JOB_DOCUMENT_LIMITS = { perJob: 3, bytes: 5 * 1024 * 1024, name: 100 } as const;

// ---- A vacancy posted by a school's own staff (decision 2104) ----

/** The London times a school's closing date may be at. */
export const CLOSING_TIMES = ['08:00', '09:00', '12:00', '15:00', '23:59'] as const;
export const WORKING_PATTERNS = ['Full time', 'Part time'] as const;
export const APPLY_METHODS = ['website', 'email'] as const;
/** draft: saved, not on the board; now: on the board at once; on-date: on the board from 00:00 London time of `publishOn`. */
export const PUBLISH_CHOICES = ['draft', 'now', 'on-date'] as const;
export const JOB_TITLE_MIN = 4;
export const JOB_TITLE_MAX = 75;
export const JOB_TEXT_MAX = 10_000;
export const JOB_OFFER_MAX = 5_000;
/** A fixed-term contract of 1 to 24 months (longer is not a fixed term a school advertises). */
export const CONTRACT_MONTHS_MAX = 24;
export const MAX_JOB_SUBJECTS = 5;
/**
 * A school's job's role (decision 2115): Teaching Vacancies' job roles (its JobPosting
 * occupationalCategory), worded for the form; a school job's page and card show it.
 */
export const ROLE_TYPES = [
  'Teacher',
  'Head of department or curriculum',
  'Head of year or phase',
  'Assistant headteacher',
  'Deputy headteacher',
  'Headteacher',
  'Other leadership',
  'SENCo',
  'Teaching assistant',
  'Higher level teaching assistant',
  'Education support',
  'Pastoral, health and welfare',
  'Administration, HR, data and finance',
  'Catering, cleaning and site management',
  'IT support',
  'Other support',
] as const;
/** A job's contact: a name up to this long (an email address is TEXT_MAX.email). */
export const JOB_CONTACT_NAME_MAX = 100;
/** A closing date (and a publication date) at most this many years ahead. */
export const CLOSING_YEARS_MAX = 2;
