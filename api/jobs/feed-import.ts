// Refresh Jobs: fetches the GOV.UK Teaching Vacancies open data feed page by page (links.next),
// then, in ONE synchronous transaction and only once every page has arrived, deletes the jobs
// posted more than a month ago and upserts the London listings by the feed's own id (the
// listing's url). A feed that is down or answers garbage throws FeedError before anything is
// written. A feed with no usable London listing (a format change) is refused as a whole (502,
// nothing changed); links.next is followed on the configured feed's origin only; pages and total
// bytes are capped. A school's own jobs are never deleted, and an advert of a vacancy its school
// posted here itself is kept off the board. See docs/decisions/0401-vacancies-refresh.md, 1405, 2104.
import { randomBytes } from 'node:crypto';
import { and, eq, lt, notInArray } from 'drizzle-orm';
import type { DB, Tx } from '../../db/client';
import { jobs } from '../../db/schema';
import { optimizeSearchIndexes } from '../../db/search-index';
import { listingContext } from '../../db/seed/index';
import { mapListing, TEACHING_VACANCIES_SOURCE } from '../../core/teaching-vacancies';
import { oneMonthBefore } from '../../core/job-window';
import { fetchText, HttpFetchError, type FetchOptions } from '../platform/http-fetch';
import { LeaseLostError, PROCESS_HOLDER, releaseLease, renewLease, tryLease } from '../platform/lease';
import { hasOwnTwin } from './school-jobs.service';

export interface FeedOptions {
  url: string;
  /** Pages followed at most (100 listings each on the real feed). */
  maxPages?: number;
  /** Per page. */
  timeoutMs?: number;
  /** Per page. */
  maxBytes?: number;
  /** All pages together (default 64 MB): once past it no further page is read (as the page cap). */
  maxTotalBytes?: number;
  allowPrivate?: boolean;
}

export class FeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface FetchedFeed {
  listings: unknown[];
  pages: number;
  /** True when the page cap stopped us before the last page. */
  capped: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every page of the feed, or a FeedError saying what went wrong. Writes nothing. */
export async function fetchFeed(options: FeedOptions): Promise<FetchedFeed> {
  const maxPages = options.maxPages ?? 200;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const origin = new URL(options.url).origin;
  const fetchOptions: FetchOptions = {
    timeoutMs: options.timeoutMs ?? 20_000,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    allowPrivate: options.allowPrivate,
    allowedOrigins: [origin],
    accept: 'application/json',
  };
  const listings: unknown[] = [];
  const seen = new Set<string>();
  let next: string | null = options.url;
  let pages = 0;
  let totalBytes = 0;
  while (next && pages < maxPages && totalBytes < maxTotalBytes) {
    if (seen.has(next)) throw new FeedError(`The feed's pagination loops back to ${next}`);
    seen.add(next);
    let page: { url: string; data: unknown };
    try {
      const res = await fetchText(next, fetchOptions);
      totalBytes += Buffer.byteLength(res.text);
      try {
        page = { url: res.url, data: JSON.parse(res.text) };
      } catch {
        throw new HttpFetchError('not-json', 'The answer is not JSON');
      }
    } catch (error) {
      const reason = error instanceof HttpFetchError ? error.message : String(error);
      throw new FeedError(`Teaching Vacancies feed unavailable (page ${pages + 1}): ${reason}`);
    }
    pages++;
    if (!isObj(page.data) || !Array.isArray(page.data.data))
      throw new FeedError(`Teaching Vacancies feed answered something unexpected (page ${pages}): no "data" list`);
    listings.push(...(page.data.data as unknown[]));
    const link = isObj(page.data.links) ? page.data.links.next : undefined;
    if (link != null && typeof link !== 'string')
      throw new FeedError(`Teaching Vacancies feed answered something unexpected (page ${pages}): "links.next" is not an address`);
    // An empty page ends the list even if the feed still offers a next link (pagy's overflow page).
    next = link && page.data.data.length ? new URL(link, page.url).toString() : null;
    if (next && new URL(next).origin !== origin) {
      throw new FeedError(
        `Teaching Vacancies feed answered something unexpected (page ${pages}): "links.next" leaves the feed's site (${new URL(next).origin})`,
      );
    }
  }
  return { listings, pages, capped: !!next };
}

export interface RefreshResult {
  deletedJobs: number;
  imported: number;
  updated: number;
  /** Listings of ours no longer in the (complete) feed: filled, withdrawn or expired. */
  deactivated: number;
  skipped: number;
  skipReasons: Record<string, number>;
  pages: number;
  listings: number;
  capped: boolean;
}

// The fields the importer owns; a listing whose values all equal the stored ones is left alone.
const COMPARED = [
  'title',
  'description',
  'schoolId',
  'subject',
  'keyStage',
  'contractType',
  'fullTime',
  'partTime',
  'contract',
  'educationLevel',
  'salaryMin',
  'salaryMax',
  'salaryText',
  'borough',
  'benefits',
  'applicationDeadline',
  'externalUrl',
  'employerName',
  'postedAt',
  'isActive',
  'isExternal',
] as const;

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : (v ?? null));
  return norm(a) === norm(b);
}

/**
 * The feed covers all of England: a listing whose organisation is outside London and is not one
 * of our schools is not ours, whatever its postcode district.
 */
function outsideLondon(listing: unknown, ctx: ReturnType<typeof listingContext>): boolean {
  const region =
    isObj(listing) && isObj(listing.jobLocation) && isObj(listing.jobLocation.address)
      ? listing.jobLocation.address.addressRegion
      : undefined;
  const urn = isObj(listing) && isObj(listing.hiringOrganization) ? Number(listing.hiringOrganization.identifier) : NaN;
  const knownSchool = Number.isInteger(urn) && urn > 0 && !!ctx.schoolByUrn(urn);
  return typeof region === 'string' && region.trim().toLowerCase() !== 'london' && !knownSchool;
}

type MappedJob = Extract<ReturnType<typeof mapListing>, { ok: true }>['job'];

/** Inserts a new listing, or updates ours when a field the importer owns has changed. */
function upsertListing(tx: Tx, job: MappedJob, now: Date): 'imported' | 'updated' | 'unchanged' {
  const existing = tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.externalSource, TEACHING_VACANCIES_SOURCE), eq(jobs.externalId, job.externalId)))
    .get();
  if (!existing) {
    tx.insert(jobs).values(job).run();
    return 'imported';
  }
  if (!COMPARED.some((k) => !same(existing[k], job[k]))) return 'unchanged';
  tx.update(jobs)
    .set({ ...job, updatedAt: now })
    .where(eq(jobs.id, existing.id))
    .run();
  return 'updated';
}

/** The refusal of a feed without one usable London listing, with how many were skipped and why. */
function noUsableListing(feed: FetchedFeed, skipReasons: Record<string, number>): FeedError {
  const reasons = Object.entries(skipReasons)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
  return new FeedError(
    `Teaching Vacancies feed had no usable London listing (${feed.listings.length} listing${feed.listings.length === 1 ? '' : 's'}` +
      `${reasons ? `: ${reasons}` : ''}); the refresh was not applied and nothing was changed`,
  );
}

/**
 * Run first inside the refresh's transaction: throws (rolling it back, nothing written) when the
 * run may no longer write. Until the commit, nothing can change its answer (decision 1412).
 */
export type WriteFence = (tx: Tx) => void;

/** Applies a fetched feed: one synchronous transaction, behind `fence` when given. */
export function applyFeed(db: DB, feed: FetchedFeed, now: Date, fence?: WriteFence): RefreshResult {
  const ctx = listingContext(db);
  const since = oneMonthBefore(now);
  const skipReasons: Record<string, number> = {};
  const skip = (reason: string) => (skipReasons[reason] = (skipReasons[reason] ?? 0) + 1);
  const result: RefreshResult = {
    deletedJobs: 0,
    imported: 0,
    updated: 0,
    deactivated: 0,
    skipped: 0,
    skipReasons,
    pages: feed.pages,
    listings: feed.listings.length,
    capped: feed.capped,
  };

  db.transaction((tx) => {
    fence?.(tx);
    // A school's own job stays (its school's list and counts keep it); only the board forgets it after its month.
    result.deletedJobs = tx
      .delete(jobs)
      .where(and(lt(jobs.postedAt, since), eq(jobs.postedBySchool, false)))
      .run().changes;

    const seen = new Set<string>();
    for (const listing of feed.listings) {
      if (outsideLondon(listing, ctx)) {
        skip('not in London');
        continue;
      }
      const mapped = mapListing(listing, ctx);
      if (!mapped.ok) {
        skip(mapped.reason);
        continue;
      }
      const job = mapped.job;
      // The same vacancy posted by the school itself here is the one shown (decision 2104): the advert is kept, off the board.
      if (hasOwnTwin(db, job)) job.isActive = false;
      if (seen.has(job.externalId)) {
        skip('duplicate in feed');
        continue;
      }
      seen.add(job.externalId);
      if (job.postedAt.getTime() < since.getTime()) {
        skip('posted more than a month ago');
        continue;
      }
      const outcome = upsertListing(tx, job, now);
      if (outcome === 'imported') result.imported++;
      if (outcome === 'updated') result.updated++;
    }

    // No usable London listing at all: a broken or changed feed, not an empty job market.
    // Throwing here rolls back the transaction: nothing deleted, deactivated or imported.
    if (seen.size === 0) throw noUsableListing(feed, skipReasons);
    // Only a complete feed tells us a listing is gone; a capped one proves nothing.
    if (!feed.capped) {
      const gone = and(
        eq(jobs.externalSource, TEACHING_VACANCIES_SOURCE),
        eq(jobs.isActive, true),
        seen.size ? notInArray(jobs.externalId, [...seen]) : undefined,
      );
      result.deactivated = tx.update(jobs).set({ isActive: false, updatedAt: now }).where(gone).run().changes;
    }
  });
  result.skipped = Object.values(skipReasons).reduce((a, b) => a + b, 0);
  // The feed's bulk writes are over: the jobs index in one segment again (decision 0705).
  if (result.deletedJobs + result.imported + result.updated + result.deactivated > 0) optimizeSearchIndexes(db.$client, ['jobs_fts']);
  return result;
}

/** Fetch fully, then apply (behind `fence` when given). Throws FeedError (nothing written) when the feed fails. */
export async function refreshJobs(db: DB, options: FeedOptions, now: Date, fence?: WriteFence): Promise<RefreshResult> {
  const feed = await fetchFeed(options);
  return applyFeed(db, feed, now, fence);
}

/** The lease that makes one refresh run at a time across every server process on the database. */
export const REFRESH_RUN_LEASE = 'jobs-refresh:run';
const RUN_LEASE_MS = 5 * 60_000;

/**
 * One refresh at a time (button and schedule share it): per process through `running`, and
 * across worker processes through a lease row held (and renewed) while the refresh runs. The
 * lease is taken under a name of this run's own, and the refresh's one write transaction first
 * renews it under that name: a run that stalled past its lease while another took it over (and
 * perhaps finished) rolls back with a LeaseLostError, so only one run's result is ever written
 * (decision 1412).
 */
let running: Promise<RefreshResult> | null = null;
export function refreshJobsOnce(
  db: DB,
  options: FeedOptions,
  now: Date,
  holder: string = PROCESS_HOLDER,
): { started: true; promise: Promise<RefreshResult> } | { started: false; promise: Promise<RefreshResult> | null } {
  if (running) return { started: false, promise: running };
  const run = `${holder}#${randomBytes(4).toString('hex')}`;
  if (!tryLease(db, REFRESH_RUN_LEASE, run, RUN_LEASE_MS)) return { started: false, promise: null };
  const renew = setInterval(() => {
    try {
      renewLease(db, REFRESH_RUN_LEASE, run, RUN_LEASE_MS);
    } catch {
      // a busy database: the next renewal, or the fence, decides (a throw here would end the process)
    }
  }, RUN_LEASE_MS / 5);
  renew.unref();
  const fence: WriteFence = (tx) => {
    if (!renewLease(tx, REFRESH_RUN_LEASE, run, RUN_LEASE_MS))
      throw new LeaseLostError(
        'This refresh was held up past its lease and another server process refreshed meanwhile: its result stands, and this one changed nothing',
      );
  };
  const promise = refreshJobs(db, options, now, fence).finally(() => {
    clearInterval(renew);
    running = null;
    try {
      releaseLease(db, REFRESH_RUN_LEASE, run);
    } catch {
      // the database was closed meanwhile (shutdown): the lease lapses on its own
    }
  });
  running = promise;
  return { started: true, promise };
}
