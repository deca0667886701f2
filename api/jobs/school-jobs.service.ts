// A school's own vacancies (decision 2104): from the form's values to a job row, drafts, publication
// now or on a date (the job is on the board from postedAt: every list reads `postedAt <= now`),
// editing in place, closing early, the feed's copy of the same vacancy shown once, and the
// school's own list with its counts. (better-sqlite3 transactions are synchronous on the one
// connection, so the helpers called inside one run in it.)
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { payScales, savedJobs, schoolAudit, schools, jobs, type Job, type NewJob, type PayScalePick, type School } from '../../db/schema';
import { londonInstant, londonToday } from '../../core/london-time';
import { closingInstant, publishInstant, type SchoolJobValues } from '../../core/validation';
import { countsBy } from '../platform/counts';
import { ApiError } from '../platform/http-error';
import { oneMonthBefore } from '../../core/job-window';
import { jobEventCounts } from './job-counters';

/** A feed's advert of the same school and title posted within this of a school's own job is the same vacancy (decision 2104). */
export const TWIN_WINDOW_MS = 30 * 86_400_000;

/** Jobs one school may publish in a London day (decision 2114): far above any real school's, far below a flood's. */
export const JOBS_PUBLISHED_PER_DAY = 20;

/** The school's publications for the London day are used up: 429, and `retryAfter` seconds until London midnight. */
export class PublishCapReached extends ApiError {
  constructor(readonly retryAfter: number) {
    const words = `Your school has published ${JOBS_PUBLISHED_PER_DAY} jobs today, the most for one day. You can publish more from midnight (London time); save this one as a draft meanwhile.`;
    super(429, { error: words, fields: { publish: words } });
  }
}

/** The London day around `now`: its midnight and the next (23 or 25 hours apart when the clocks change). */
function londonDay(now: Date): { start: Date; end: Date } {
  const today = londonToday(now);
  const [y, m, d] = today.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: londonInstant(today, '00:00'), end: londonInstant(tomorrow, '00:00') };
}

/**
 * Refuses a publication over the school's cap for the London day. Counted from the school's audit
 * log, the record of each act: a job created published (now or for a date) or a draft published,
 * marked `published` in its detail; drafts and edits of a published job are not publications,
 * and closing one gives nothing back. Run inside the (immediate) transaction that writes it.
 */
function checkPublishCap(db: DB, schoolId: number, now: Date) {
  const { start, end } = londonDay(now);
  const done = db
    .select({ n: count() })
    .from(schoolAudit)
    .where(
      and(
        eq(schoolAudit.schoolId, schoolId),
        gte(schoolAudit.at, start),
        inArray(schoolAudit.action, ['job.create', 'job.update']),
        sql`json_extract(${schoolAudit.detail}, '$.published') = 1`,
      ),
    )
    .get()!.n;
  if (done >= JOBS_PUBLISHED_PER_DAY) throw new PublishCapReached(Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)));
}

/** Where a school's job stands, as its list shows it. */
export type OwnJobState = 'draft' | 'scheduled' | 'live' | 'ended' | 'closed';

/** draft; closed; scheduled (published for a later date); live (on the board); ended (off the board: past its closing date or its month). */
export function jobState(job: Pick<Job, 'status' | 'postedAt' | 'applicationDeadline'>, now: Date): OwnJobState {
  if (job.status === 'draft') return 'draft';
  if (job.status === 'closed') return 'closed';
  if (job.postedAt.getTime() > now.getTime()) return 'scheduled';
  if (
    (job.applicationDeadline && job.applicationDeadline.getTime() <= now.getTime()) ||
    job.postedAt.getTime() < oneMonthBefore(now).getTime()
  )
    return 'ended';
  return 'live';
}

/** Whether the public may see the job at all: a draft, or one published for a later date, is not there yet. */
export const isVisible = (job: Pick<Job, 'status' | 'postedAt'>, now: Date) =>
  job.status !== 'draft' && job.postedAt.getTime() <= now.getTime();

const SPINE_NAMES: Record<string, string> = {
  'Main Pay Range': 'MPS',
  'Upper Pay Range': 'UPS',
  'Leadership Group': 'Leadership',
  'Leading Practitioner': 'Leading Practitioner',
  'Unqualified Teacher': 'Unqualified',
};

/** A named point of a region's range in a year, or undefined. */
function payPoint(db: DB, pick: PayScalePick, paySpine: string, label: string) {
  return db
    .select({ label: payScales.pointLabel, point: payScales.point, salary: payScales.annualSalary })
    .from(payScales)
    .where(
      and(
        eq(payScales.region, pick.region),
        eq(payScales.paySpine, paySpine),
        eq(payScales.effectiveDate, pick.effectiveDate),
        eq(payScales.pointLabel, label),
      ),
    )
    .get();
}

/** The order of the ranges a pick may run across: the last point's range is the first's or one above it (M1-U3). */
const SPINE_ORDER: readonly string[] = [
  'Unqualified Teacher',
  'Main Pay Range',
  'Upper Pay Range',
  'Leading Practitioner',
  'Leadership Group',
];

/**
 * The salary a pick of pay scale points means: "MPS M1-M6 (Inner London)", or across two ranges
 * "MPS/UPS M1-U3 (Inner London)" (decision 2115); min from the first point, max from the last.
 */
export function payScaleSalary(
  db: DB,
  pick: PayScalePick & { toSpine?: string },
): { salaryMin: number; salaryMax: number; salaryText: string } {
  const toSpine = pick.toSpine ?? pick.paySpine;
  const from = payPoint(db, pick, pick.paySpine, pick.from);
  const to = payPoint(db, pick, toSpine, pick.to);
  if (!from || !to)
    throw new ApiError(400, { error: 'Invalid input', fields: { payScale: 'Those pay scale points are not in our pay scales' } });
  const across = toSpine !== pick.paySpine;
  if (across && SPINE_ORDER.indexOf(toSpine) <= SPINE_ORDER.indexOf(pick.paySpine))
    throw new ApiError(400, { error: 'Invalid input', fields: { payScale: 'The last range must be above the first' } });
  if (!across && to.point < from.point)
    throw new ApiError(400, { error: 'Invalid input', fields: { payScale: 'The last point must not be below the first' } });
  if (to.salary < from.salary)
    throw new ApiError(400, { error: 'Invalid input', fields: { payScale: 'The last point must not pay less than the first' } });
  const points = !across && from.label === to.label ? from.label : `${from.label}-${to.label}`;
  const spines = across
    ? `${SPINE_NAMES[pick.paySpine] ?? pick.paySpine}/${SPINE_NAMES[toSpine] ?? toSpine}`
    : (SPINE_NAMES[pick.paySpine] ?? pick.paySpine);
  return { salaryMin: from.salary, salaryMax: to.salary, salaryText: `${spines} ${points} (${pick.region})` };
}

/** The board's contract category (its filter) for a school's contract, as the feed's adverts are filed (core/teaching-vacancies.ts). */
export function contractCategory(contract: string | undefined, fullTime: boolean, partTime: boolean): string | null {
  if (!contract) return null;
  if (contract === 'Casual') return 'Supply';
  if (contract === 'Fixed term') return 'Temporary';
  return partTime && !fullTime ? 'Part-time' : 'Permanent';
}

const unique = <T>(list: readonly T[] | undefined) => [...new Set(list ?? [])];

/** The job row's columns from the form's values (everything the school edits; not its status or dates of publication). */
function columnsOf(db: DB, v: SchoolJobValues, school: Pick<School, 'id' | 'borough'>) {
  const keyStages = unique(v.keyStages);
  const subjects = unique(v.subjects);
  const patterns = v.workingPatterns ? new Set(v.workingPatterns) : null;
  const fullTime = patterns ? patterns.has('Full time') : null;
  const partTime = patterns ? patterns.has('Part time') : null;
  const salary = v.payScale
    ? { ...payScaleSalary(db, v.payScale), payScale: v.payScale }
    : { salaryMin: v.salaryMin ?? null, salaryMax: v.salaryMax ?? null, salaryText: null, payScale: null };
  const website = v.howToApply !== 'email';
  const email = v.howToApply !== 'website';
  return {
    title: v.title,
    description: v.description ?? '',
    benefits: v.benefits ?? null,
    roleType: v.roleType ?? null,
    contactName: v.contactName ?? null,
    contactEmail: v.contactEmail ?? null,
    schoolId: school.id,
    borough: school.borough,
    educationLevel: v.educationLevel ?? null,
    keyStage: keyStages[0] ?? null,
    keyStages: keyStages.join(', ') || null,
    subject: subjects[0] ?? null,
    subjects: subjects.join(', ') || null,
    contract: v.contract ?? null,
    contractMonths: v.contract === 'Fixed term' ? (v.contractMonths ?? null) : null,
    contractType: contractCategory(v.contract, !!fullTime, !!partTime),
    fullTime,
    partTime,
    ...salary,
    startDate: v.startDate ?? null,
    applicationDeadline: closingInstant(v),
    ectSuitable: v.ectSuitable ?? null,
    visaSponsorship: v.visaSponsorship ?? null,
    applyUrl: website ? (v.applyUrl ?? null) : null,
    applyEmail: email ? (v.applyEmail ?? null) : null,
    isExternal: false,
    postedBySchool: true,
  } satisfies Partial<NewJob>;
}

/** A title as two adverts of one vacancy would share it: case, spacing and punctuation aside. */
export const titleKey = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Jobs of the school posted within 30 days of `postedAt`, by `where`, whose title is the same vacancy's. */
function twins(db: DB, schoolId: number, title: string, postedAt: Date, where: SQL | undefined) {
  const t = postedAt.getTime();
  const key = titleKey(title);
  return db
    .select({ id: jobs.id, title: jobs.title })
    .from(jobs)
    .where(
      and(
        eq(jobs.schoolId, schoolId),
        gte(jobs.postedAt, new Date(t - TWIN_WINDOW_MS)),
        lte(jobs.postedAt, new Date(t + TWIN_WINDOW_MS)),
        where,
      ),
    )
    .all()
    .filter((j) => titleKey(j.title) === key)
    .map((j) => j.id);
}

/** Hides the feed's adverts of the same vacancy (same school and title, posted within 30 days of it): the school's own job is the one shown. */
export function hideFeedTwins(db: DB, job: Pick<Job, 'schoolId' | 'title' | 'postedAt'>, now: Date): number {
  if (!job.schoolId) return 0;
  const ids = twins(db, job.schoolId, job.title, job.postedAt, and(eq(jobs.isExternal, true), eq(jobs.isActive, true)));
  return ids.length ? db.update(jobs).set({ isActive: false, updatedAt: now }).where(inArray(jobs.id, ids)).run().changes : 0;
}

/** Whether a school published its own job for this advert of the feed (same school and title, within 30 days): the advert is then kept off the board. */
export function hasOwnTwin(db: DB, advert: Pick<NewJob, 'schoolId' | 'title' | 'postedAt'>): boolean {
  if (!advert.schoolId || !advert.postedAt) return false;
  return (
    twins(
      db,
      advert.schoolId,
      advert.title,
      advert.postedAt,
      and(eq(jobs.postedBySchool, true), inArray(jobs.status, ['published', 'closed'])),
    ).length > 0
  );
}

function audit(db: DB, schoolId: number, actorUserId: string, action: string, detail: Record<string, unknown>, now: Date) {
  db.insert(schoolAudit).values({ schoolId, actorUserId, action, detail, at: now }).run();
}

/** How the form's publish choice sets a job's status, board flag and posting time. */
function publication(v: SchoolJobValues, now: Date, current?: Job) {
  const live = current && current.status === 'published' && current.postedAt.getTime() <= now.getTime();
  if (current?.status === 'closed') throw new ApiError(409, { error: 'This job is closed. Post a new job instead.' });
  if (live && v.publish === 'draft') throw new ApiError(409, { error: 'A published job cannot go back to draft: close it instead' });
  if (live && v.publish === 'on-date') throw new ApiError(409, { error: 'This job is already published' });
  if (live) return {};
  if (v.publish === 'draft') return { status: 'draft' as const, isActive: false, postedAt: now };
  if (v.publish === 'on-date') return { status: 'published' as const, isActive: true, postedAt: publishInstant(v)! };
  return { status: 'published' as const, isActive: true, postedAt: now };
}

/** A new job of the school: a draft, on the board now, or on the board from a date (a publication: capped a day). */
export function createSchoolJob(db: DB, school: Pick<School, 'id' | 'borough'>, userId: string, v: SchoolJobValues, now: Date): Job {
  return db.transaction(
    () => {
      const published = publication(v, now);
      if (published.status === 'published') checkPublishCap(db, school.id, now);
      const job = db
        .insert(jobs)
        .values({ ...columnsOf(db, v, school), ...published, createdAt: now, updatedAt: now })
        .returning()
        .get();
      if (job.status === 'published') hideFeedTwins(db, job, now);
      const publishAt = job.status === 'published' ? job.postedAt.toISOString() : null;
      audit(
        db,
        school.id,
        userId,
        'job.create',
        { jobId: job.id, status: job.status, publishAt, ...(publishAt && { published: true }) },
        now,
      );
      return job;
    },
    { behavior: 'immediate' },
  );
}

/** The form's values over an existing job of the school: same id; a live job keeps its posting time. */
export function updateSchoolJob(
  db: DB,
  current: Job,
  school: Pick<School, 'id' | 'borough'>,
  userId: string,
  v: SchoolJobValues,
  now: Date,
): Job {
  return db.transaction(
    () => {
      const change = publication(v, now, current);
      // A draft published (now or for a date) is a publication; an edit of a published job is not.
      const publishes = current.status === 'draft' && change.status === 'published';
      if (publishes) checkPublishCap(db, school.id, now);
      const job = db
        .update(jobs)
        .set({ ...columnsOf(db, v, school), ...change, updatedAt: now })
        .where(eq(jobs.id, current.id))
        .returning()
        .get();
      if (job.status === 'published') hideFeedTwins(db, job, now);
      audit(db, school.id, userId, 'job.update', { jobId: job.id, status: job.status, ...(publishes && { published: true }) }, now);
      return job;
    },
    { behavior: 'immediate' },
  );
}

/** Takes the job off the board for good (a second close changes nothing). */
export function closeSchoolJob(db: DB, current: Job, userId: string, now: Date): Job {
  if (current.status === 'closed') return current;
  return db.transaction(() => {
    const job = db
      .update(jobs)
      .set({ status: 'closed', isActive: false, closedAt: now, updatedAt: now })
      .where(eq(jobs.id, current.id))
      .returning()
      .get();
    audit(db, current.schoolId!, userId, 'job.close', { jobId: job.id }, now);
    return job;
  });
}

/** A school's own job by id, or a 404 (a feed's advert is not the school's to edit). */
export function findSchoolJob(db: DB, id: number): Job {
  const job = db.select().from(jobs).where(eq(jobs.id, id)).get();
  if (!job || !job.postedBySchool || !job.schoolId) throw new ApiError(404, { error: 'Job not found' });
  return job;
}

export function schoolOf(db: DB, id: number) {
  const school = db.select({ id: schools.id, borough: schools.borough, name: schools.name }).from(schools).where(eq(schools.id, id)).get();
  if (!school) throw new ApiError(404, { error: 'School not found' });
  return school;
}

/** The school's own jobs, newest first, each with its state and counts (views, saves, apply clicks: counts only, never who). */
export function ownJobsOf(db: DB, schoolId: number, now: Date) {
  const rows = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.schoolId, schoolId), eq(jobs.postedBySchool, true)))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .all();
  const ids = rows.map((r) => r.id);
  const saves = countsBy(db, savedJobs.jobId, ids);
  const events = jobEventCounts(db, ids);
  return rows.map((job) => ({ job, state: jobState(job, now), counts: { ...events.get(job.id)!, saves: saves.get(job.id) ?? 0 } }));
}
