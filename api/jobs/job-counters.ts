// How often a school's own job was viewed and its apply link followed (counts only, never who:
// decision 2104). They live in the counters file beside the database (the rate limits' own
// connection, platform/middleware/rate-limit-store.ts), not in the main database: a counted view must not
// move the main database's data version, which would empty the shared answer and page caches for
// everyone at every view. Saves are counted from saved_jobs (a user's own write).
import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import type { DB } from '../../db/client';
import { countersOf } from '../platform/middleware/rate-limit-store';

export const JOB_EVENTS = ['view', 'apply'] as const;
export type JobEvent = (typeof JOB_EVENTS)[number];

interface Statements {
  bump: Statement<[number, string]>;
}
const prepared = new WeakMap<Database.Database, Statements>();

function statements(db: DB): { sqlite: Database.Database; s: Statements } {
  const sqlite = countersOf(db);
  let s = prepared.get(sqlite);
  if (!s) {
    sqlite.exec(
      'create table if not exists job_counters (job_id integer not null, kind text not null, n integer not null default 0, primary key (job_id, kind)) without rowid',
    );
    s = {
      bump: sqlite.prepare(
        'insert into job_counters (job_id, kind, n) values (?, ?, 1) on conflict (job_id, kind) do update set n = n + 1',
      ),
    };
    prepared.set(sqlite, s);
  }
  return { sqlite, s };
}

/** Counts one view or apply click of a job. */
export function countJobEvent(db: DB, jobId: number, kind: JobEvent): void {
  statements(db).s.bump.run(jobId, kind);
}

/** Views and apply clicks of each job (0 for a job never counted). */
export function jobEventCounts(db: DB, jobIds: readonly number[]): Map<number, { views: number; applyClicks: number }> {
  const counts = new Map(jobIds.map((id) => [id, { views: 0, applyClicks: 0 }]));
  if (!jobIds.length) return counts;
  const { sqlite } = statements(db);
  const rows = sqlite
    .prepare(`select job_id as jobId, kind, n from job_counters where job_id in (${jobIds.map(() => '?').join(', ')})`)
    .all(...jobIds) as { jobId: number; kind: JobEvent; n: number }[];
  for (const r of rows) {
    const c = counts.get(r.jobId)!;
    if (r.kind === 'view') c.views = r.n;
    else c.applyClicks = r.n;
  }
  return counts;
}
