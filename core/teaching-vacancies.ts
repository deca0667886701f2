// Maps one listing of the GOV.UK Teaching Vacancies open data feed (schema.org JobPosting, see
// db/seed/ATTRIBUTION.md) onto a job. Pure: the caller supplies the lookups. Used by the demo seed
// (db/seed) and by the Refresh Jobs importer (api/), so both read the feed the same way: it lives
// in core/ because db/ may not import api/ (decision 0007).
import { SUBJECTS, TEXT_MAX } from './constants';

export const TEACHING_VACANCIES_SOURCE = 'Teaching Vacancies';

export interface SchoolRef {
  id: number;
  borough: string;
  educationLevel: string | null;
  keyStages: string | null;
}

export interface PayRange {
  min: number;
  max: number;
}

export interface ListingContext {
  schoolByUrn(urn: number): SchoolRef | undefined;
  boroughForPostcode(postcode: string): string | undefined;
  /** Latest statutory range of a spine in a pay region ("Main Pay Range", "Inner London"). */
  payRange(spine: string, region: string): PayRange | undefined;
  isInnerLondon(borough: string): boolean;
}

/** A job row as the feed fills it: the jobs table's insert type (db/schema.ts NewJob) accepts it. */
export interface FeedJob {
  title: string;
  description: string;
  schoolId: number | null;
  subject: string | null;
  keyStage: string | null;
  contractType: string;
  fullTime: boolean | null;
  partTime: boolean | null;
  contract: 'Permanent' | 'Fixed term' | null;
  educationLevel: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryText: string | null;
  borough: string;
  benefits: string | null;
  applicationDeadline: Date | null;
  isActive: boolean;
  isExternal: boolean;
  externalUrl: string;
  externalSource: string;
  externalId: string;
  employerName: string | null;
  postedAt: Date;
}

export type MappedListing = { ok: true; job: FeedJob } | { ok: false; reason: string };

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Turns HTML from the feed into plain text: tags dropped, entities decoded, line breaks kept. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const SUBJECT_PATTERNS: [(typeof SUBJECTS)[number], RegExp][] = [
  ['Mathematics', /\bmath(s|ematics)?\b/i],
  ['English', /\benglish\b/i],
  ['Computing', /\b(computing|computer science|ict)\b/i],
  ['Science', /\b(science|physics|chemistry|biology)\b/i],
  ['History', /\bhistory\b/i],
  ['Geography', /\bgeography\b/i],
  ['Modern Languages', /\b(spanish|french|german|mandarin|italian|mfl|modern (foreign )?languages?)\b/i],
  ['Art', /\b(art|art and design)\b/i],
  ['Music', /\bmusic\b/i],
  ['Physical Education', /\b(physical education|pe|sport)\b/i],
  ['Religious Studies', /\b(religious (education|studies)|re|rs)\b/i],
  ['PSHE', /\bpshe\b/i],
  // Teaching Vacancies' other subjects (decision 2115), by a word of their own in the title.
  ['Design and technology', /\b(design (and|&) technology|d ?& ?t|product design|textiles)\b/i],
  ['Drama', /\b(drama|theatre studies|performing arts)\b/i],
  ['Business studies', /\bbusiness (studies|education)\b|\b(teacher|head|lecturer) of business\b/i],
  ['Economics', /\beconomics\b/i],
  ['Psychology', /\bpsychology\b/i],
  ['Sociology', /\bsociology\b/i],
  ['Media studies', /\b(media studies|film studies|teacher of media)\b/i],
  ['Classics and Latin', /\b(latin|classics|classical civilisation)\b/i],
  ['Food technology', /\b(food (technology|and nutrition|preparation)|catering and hospitality)\b/i],
  ['Citizenship', /\bcitizenship\b/i],
  ['Dance', /\bdance\b/i],
  ['Politics', /\b(politics|government and politics)\b/i],
  ['Philosophy', /\bphilosophy\b/i],
  ['Law', /\b(teacher|head|lecturer) of law\b/i],
  ['Health and social care', /\bhealth and social care\b/i],
  ['Statistics', /\bstatistics\b/i],
];

export function subjectFor(title: string): string | null {
  return SUBJECT_PATTERNS.find(([, re]) => re.test(title))?.[0] ?? null;
}

export function keyStageFor(title: string, school?: SchoolRef): string | null {
  if (/\b(nursery|reception|eyfs|early years)\b/i.test(title)) return 'Early Years';
  if (/\b(year [1-6]|ks[12]|key stage [12]|primary)\b/i.test(title)) return 'Primary';
  if (/\b(sixth form|a[- ]level|post-16)\b/i.test(title)) return 'Sixth Form';
  const levels = school?.educationLevel ?? '';
  if (levels.includes('Secondary') && !levels.includes('Primary')) return 'Secondary';
  if (levels.includes('Primary') && !levels.includes('Secondary')) return 'Primary';
  if (/\b(year ([7-9]|1[0-3])|ks[345]|key stage [345])\b/i.test(title)) return 'Secondary';
  return null;
}

/**
 * The feed's working pattern and contract (employmentType: FULL_TIME, PART_TIME, and TEMPORARY for a
 * fixed-term contract), in the columns a school's own job uses, so the job page states them alike.
 * No pattern named: both null (not stated). The contract is "Fixed term" with TEMPORARY, else
 * "Permanent" when the board's category says so (a supply post states none).
 */
export function termsFor(
  employmentType: unknown,
  contractType: string,
): { fullTime: boolean | null; partTime: boolean | null; contract: 'Permanent' | 'Fixed term' | null } {
  const types = (Array.isArray(employmentType) ? employmentType : [employmentType]).map((t) => String(t).toUpperCase());
  const stated = types.includes('FULL_TIME') || types.includes('PART_TIME');
  return {
    fullTime: stated ? types.includes('FULL_TIME') : null,
    partTime: stated ? types.includes('PART_TIME') : null,
    contract: types.includes('TEMPORARY') ? 'Fixed term' : contractType === 'Permanent' ? 'Permanent' : null,
  };
}

export function contractTypeFor(employmentType: unknown, title: string): string {
  const types = (Array.isArray(employmentType) ? employmentType : [employmentType]).map((t) => String(t).toUpperCase());
  if (/\bsupply\b/i.test(title)) return 'Supply';
  if (types.includes('TEMPORARY') || /maternity|fixed[- ]term/i.test(title)) return 'Temporary';
  if (types.includes('PART_TIME') && !types.includes('FULL_TIME')) return 'Part-time';
  return 'Permanent';
}

/** Figures from the advert's salary, or from the pay ranges it names (MPS, UPS, leadership). */
export function salaryFor(
  baseSalary: unknown,
  borough: string,
  ctx: ListingContext,
): { salaryMin: number | null; salaryMax: number | null; salaryText: string | null } {
  const none = { salaryMin: null, salaryMax: null, salaryText: null };
  if (!isObj(baseSalary)) return none;
  const value = isObj(baseSalary.value) ? baseSalary.value : baseSalary;
  const min = Number(value.minValue);
  const max = Number(value.maxValue);
  const words = text(value.value) ?? (typeof value.value === 'number' ? String(value.value) : undefined);
  if (Number.isFinite(min) && min > 0) {
    return {
      salaryMin: Math.round(min),
      salaryMax: Number.isFinite(max) && max >= min ? Math.round(max) : null,
      salaryText: words ?? null,
    };
  }
  if (!words) return none;
  const pounds = [...words.matchAll(/£\s?(\d{1,3}(?:,\d{3})+|\d{4,6})/g)].map((m) => Number(m[1].replace(/,/g, '')));
  if (pounds.length && !/hour|daily|per day/i.test(words)) {
    const lo = Math.min(...pounds);
    const hi = Math.max(...pounds);
    return { salaryMin: lo, salaryMax: hi > lo ? hi : null, salaryText: words };
  }
  const region = /inner london/i.test(words)
    ? 'Inner London'
    : /outer london/i.test(words)
      ? 'Outer London'
      : /fringe/i.test(words)
        ? 'London Fringe'
        : ctx.isInnerLondon(borough)
          ? 'Inner London'
          : 'Outer London';
  let range: PayRange | undefined;
  const mps = /\b(MPS|MPR|main pay)/i.test(words);
  const ups = /\b(UPS|UPR|upper pay)/i.test(words);
  if (mps && ups) {
    const main = ctx.payRange('Main Pay Range', region);
    const upper = ctx.payRange('Upper Pay Range', region);
    if (main && upper) range = { min: main.min, max: upper.max };
  } else if (mps) range = ctx.payRange('Main Pay Range', region);
  else if (ups) range = ctx.payRange('Upper Pay Range', region);
  else if (/leadership/i.test(words)) range = ctx.payRange('Leadership Group', region);
  else if (/unqualified/i.test(words)) range = ctx.payRange('Unqualified Teacher', region);
  return range ? { salaryMin: range.min, salaryMax: range.max, salaryText: words } : { ...none, salaryText: words };
}

function dateOf(v: unknown): Date | null {
  const s = text(v);
  if (!s) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

function addressOf(listing: Json): Json | undefined {
  const loc: unknown = Array.isArray(listing.jobLocation) ? (listing.jobLocation as unknown[])[0] : listing.jobLocation;
  return isObj(loc) && isObj(loc.address) ? loc.address : undefined;
}

export function mapListing(listing: unknown, ctx: ListingContext): MappedListing {
  if (!isObj(listing)) return { ok: false, reason: 'not an object' };
  const title = text(listing.title)?.trim();
  const url = text(listing.url)?.trim();
  const rawDescription = text(listing.description);
  if (!title) return { ok: false, reason: 'no title' };
  if (!url || !/^https:\/\//.test(url)) return { ok: false, reason: 'no https url' };
  if (!rawDescription?.trim()) return { ok: false, reason: 'no description' };
  const postedAt = dateOf(listing.datePosted);
  if (!postedAt) return { ok: false, reason: 'no date posted' };

  const org = isObj(listing.hiringOrganization) ? listing.hiringOrganization : {};
  const urn = Number(org.identifier);
  const school = Number.isInteger(urn) && urn > 0 ? ctx.schoolByUrn(urn) : undefined;
  const address = addressOf(listing);
  const postcode = text(address?.postalCode);
  const borough = school?.borough ?? (postcode ? ctx.boroughForPostcode(postcode) : undefined);
  if (!borough) return { ok: false, reason: 'not in London' };

  const benefits = text(listing.jobBenefits);
  const contractType = contractTypeFor(listing.employmentType, title);
  return {
    ok: true,
    job: {
      title: title.slice(0, TEXT_MAX.name),
      description: htmlToText(rawDescription),
      schoolId: school?.id ?? null,
      subject: subjectFor(title),
      keyStage: keyStageFor(title, school),
      contractType,
      ...termsFor(listing.employmentType, contractType),
      educationLevel: school?.educationLevel ?? null,
      ...salaryFor(listing.baseSalary, borough, ctx),
      borough,
      benefits: benefits ? htmlToText(benefits) || null : null,
      applicationDeadline: dateOf(listing.validThrough),
      isActive: true,
      isExternal: true,
      externalUrl: url,
      externalSource: TEACHING_VACANCIES_SOURCE,
      externalId: url,
      employerName: text(org.name)?.trim() || null,
      postedAt,
    },
  };
}
