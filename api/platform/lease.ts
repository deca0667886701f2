// Leases: a row per name in `leases` says which process may run a scheduled job (the jobs
// refresh, later the alerts pass) or a one-at-a-time task (a refresh run, an image batch), so
// that with several workers (WEB_CONCURRENCY) or machines exactly one does it. The holder renews
// its lease before it expires; once expired, any other holder takes it over. One SQL statement
// decides, so two processes can never both win. See docs/decisions/1053-runtime-state-in-sqlite.md.
// A lease is a time, and a holder's time can run out under it (its event loop stalls on a busy
// box, its machine is paused): work whose result must come from the holder alone fences its
// writes with `renewLease` inside their own transaction (decision 1412).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DB } from '../../db/client';

/** This process's name as a holder: host, pid and a random tag (pids are reused). */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/**
 * Takes or renews the lease `name` for `holder` until now + ttlMs. True when `holder` holds it
 * afterwards: it was free, expired, or already its own.
 */
export function tryLease(db: DB, name: string, holder: string, ttlMs: number, now: number = Date.now()): boolean {
  const { changes } = db.run(sql`
    insert into leases (name, holder, expires_at) values (${name}, ${holder}, ${now + ttlMs})
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where leases.holder = excluded.holder or leases.expires_at <= ${now}`);
  return changes > 0;
}

/**
 * Extends the lease `name` to now + ttlMs only if `holder` still holds it: true when it did. Never
 * takes a lease that is free or another's, even an expired one, so with a holder name used for
 * one acquisition only it answers "nobody else has held it since". Run first in a write
 * transaction, it is a fence: from there to the commit no other process can take the lease.
 */
export function renewLease(db: Pick<DB, 'run'>, name: string, holder: string, ttlMs: number, now: number = Date.now()): boolean {
  const { changes } = db.run(sql`update leases set expires_at = ${now + ttlMs} where name = ${name} and holder = ${holder}`);
  return changes > 0;
}

/** Work that found its lease held by another (or given up) since it took it: it wrote nothing. */
export class LeaseLostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeaseLostError';
  }
}

/** Gives the lease up at once (only its holder can). */
export function releaseLease(db: DB, name: string, holder: string): void {
  db.run(sql`delete from leases where name = ${name} and holder = ${holder}`);
}

/** The current holder of a live lease, or null. */
export function leaseHolder(db: DB, name: string, now: number = Date.now()): string | null {
  const row = db.get<{ holder: string } | undefined>(sql`select holder from leases where name = ${name} and expires_at > ${now}`);
  return row?.holder ?? null;
}

/**
 * Runs `task` every `everyMs` in the one process holding the lease `name` (renewed on every
 * tick, so it lapses 2 ticks after its holder stops; another process then takes over on its next
 * tick). The timer is unref'd; call the returned function to stop (and release).
 */
export function scheduleWithLease(db: DB, name: string, everyMs: number, task: () => void, holder: string = PROCESS_HOLDER): () => void {
  const timer = setInterval(() => {
    try {
      if (tryLease(db, name, holder, everyMs * 2)) task();
    } catch (error) {
      console.error(`Scheduled ${name}: ${(error as Error).message}`);
    }
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    try {
      releaseLease(db, name, holder);
    } catch {
      // the database may be closed already
    }
  };
}
