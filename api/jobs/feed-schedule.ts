// The scheduled Refresh Jobs (decision 0406): at start-up and then every interval, in the one
// server process holding the schedule lease. A feed that fails is logged and retried sooner, with
// a doubling delay (capped at the interval); the jobs already held stay as they are, because a
// failed refresh writes nothing (decision 0401, 1405). Button and timer share one run lock, whose
// fence keeps a run that outlived it from writing (decision 1412).
import type { DB } from '../../db/client';
import { LeaseLostError, PROCESS_HOLDER, releaseLease, tryLease } from '../platform/lease';
import { FeedError, refreshJobsOnce, type FeedOptions, type RefreshResult } from './feed-import';

/** The lease naming the process that runs the schedule. */
export const JOBS_REFRESH_LEASE = 'jobs-refresh:schedule';

export interface JobsScheduleOptions {
  db: DB;
  feed: FeedOptions;
  /** Between successful refreshes. */
  everyMs: number;
  /** The first retry after a failure; each further failure doubles it, up to `everyMs` (default 1 minute). */
  retryMs?: number;
  now?: () => Date;
  holder?: string;
  /** Appended to log lines: which worker process speaks. */
  name?: string;
  log?: (line: string) => void;
  error?: (line: string) => void;
  /** After each successful refresh (the server runs an alerts pass when jobs were imported). */
  onRefreshed?: (result: RefreshResult) => void;
}

/** "2 min", "1.5 s": a delay as the log says it. */
export function delayText(ms: number): string {
  return ms >= 60_000 ? `${Number((ms / 60_000).toFixed(2))} min` : `${Number((ms / 1000).toFixed(2))} s`;
}

/** The wait before retry number `failures` (1, 2, …): retryMs, 2·retryMs, 4·retryMs, … at most everyMs. */
export function retryDelay(failures: number, retryMs: number, everyMs: number): number {
  return Math.min(everyMs, retryMs * 2 ** Math.max(0, failures - 1));
}

/** Starts the schedule; the first run is at once. Returns stop (clears the timer, gives up the lease). */
export function scheduleJobsRefresh(o: JobsScheduleOptions): () => void {
  const retryMs = o.retryMs ?? 60_000;
  const holder = o.holder ?? PROCESS_HOLDER;
  const name = o.name ?? '';
  const log = o.log ?? console.log;
  const error = o.error ?? console.error;
  let failures = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    if (stopped) return;
    let mine = false;
    try {
      // Held for two intervals: a holder that dies is replaced at most two intervals later.
      mine = tryLease(o.db, JOBS_REFRESH_LEASE, holder, o.everyMs * 2);
    } catch (e) {
      error(`Scheduled job refresh${name}: ${(e as Error).message}`);
    }
    if (!mine) return next(o.everyMs);
    const run = refreshJobsOnce(o.db, o.feed, (o.now ?? (() => new Date()))(), holder);
    // A refresh is already running (the button, or another process's): its outcome stands for this one.
    if (!run.started) return next(o.everyMs);
    run.promise.then(
      (r) => {
        failures = 0;
        log(
          `Scheduled job refresh${name}: ${r.deletedJobs} deleted, ${r.imported} imported, ${r.updated} updated, ${r.deactivated} deactivated, ${r.skipped} skipped`,
        );
        o.onRefreshed?.(r);
        next(o.everyMs);
      },
      (e: unknown) => {
        // Held up past its lease while another process refreshed: that refresh stands (decision 1412).
        if (e instanceof LeaseLostError) {
          error(`Scheduled job refresh${name}: ${e.message}`);
          return next(o.everyMs);
        }
        failures++;
        const wait = retryDelay(failures, retryMs, o.everyMs);
        const message = e instanceof FeedError ? e.message : String(e);
        error(`Scheduled job refresh failed${name}: ${message}; the jobs held are kept; retry ${failures} in ${delayText(wait)}`);
        next(wait);
      },
    );
  }

  next(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    try {
      releaseLease(o.db, JOBS_REFRESH_LEASE, holder);
    } catch {
      // the database may be closed already
    }
  };
}
