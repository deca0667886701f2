// Rate-limit counters in SQLite, so every server process on one database file shares them:
// fixed windows (a minute, a day) per bucket, one upsert per counted request, expired windows
// pruned at most once a minute. This module holds the types the context and the middleware both
// need and imports neither of them (decision 1403).
//
// The counters live in a file of their own beside the database (`<DATABASE_PATH>.limits`), on
// their own connection: a counted read must not move the main database's data_version /
// total_changes, which version the shared answer cache (middleware/answer-cache.ts) — else every
// read would empty it. They are short-lived state: backups need not include them.
import { createHash } from 'node:crypto';
import Database, { type Statement } from 'better-sqlite3';
import type { DB } from '../../../db/client';
import type { ProxySettings } from '../request-info';

export interface RateLimits {
  /** Contribution writes per signed-in user. */
  perMinute: number;
  perDay: number;
  /** GET/HEAD requests to the API per client IP (0: no limit). */
  readsPerMinute: number;
  /** Sign-in starts (GET /api/login) per client IP (0: no limit). */
  loginsPerMinute: number;
}

/** What an app is given: any limit left out takes its default. */
export type RateLimitOptions = Partial<RateLimits>;

export const DEFAULT_RATE_LIMITS: RateLimits = { perMinute: 20, perDay: 200, readsPerMinute: 600, loginsPerMinute: 30 };

/** Moderation decisions get this many times the contribution write limits (their own bucket). */
export const MODERATION_FACTOR = 10;

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface Window {
  ms: number;
  max: number;
}

interface Statements {
  read: Statement<[string, number, number], { count: number }>;
  bump: Statement<[string, number, number, number]>;
  insertOnce: Statement<[string, number, number, number]>;
  prune: Statement<[number]>;
}

const statements = new WeakMap<DB, Statements>();
const lastPruned = new WeakMap<DB, number>();
const counterFiles = new WeakMap<DB, Database.Database>();

/** The counters' own connection for this database (created with its table on first use). */
export function countersOf(db: DB): Database.Database {
  let sqlite = counterFiles.get(db);
  if (!sqlite) {
    const main = db.$client.name;
    sqlite = new Database(!main || main === ':memory:' || db.$client.memory ? ':memory:' : `${main}.limits`);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('busy_timeout = 5000');
    // A window is its bucket, its length and its start: an hour and a day that start at the same
    // moment (every midnight UTC) are two counters, not one counted twice. The first table keyed
    // windows by start alone; its counters are dropped (they only ever live a day).
    sqlite.exec(
      'drop table if exists rate_limits; ' +
        'create table if not exists rate_windows (bucket text not null, window_ms integer not null, window_start integer not null, ' +
        'count integer not null default 0, expires_at integer not null, primary key (bucket, window_ms, window_start)) without rowid; ' +
        'create index if not exists rate_windows_expires_idx on rate_windows (expires_at);',
    );
    counterFiles.set(db, sqlite);
  }
  return sqlite;
}

function prepared(db: DB): Statements {
  let s = statements.get(db);
  if (!s) {
    const sqlite = countersOf(db);
    s = {
      read: sqlite.prepare('select count from rate_windows where bucket = ? and window_ms = ? and window_start = ?'),
      bump: sqlite.prepare(
        'insert into rate_windows (bucket, window_ms, window_start, count, expires_at) values (?, ?, ?, 1, ?) ' +
          'on conflict (bucket, window_ms, window_start) do update set count = count + 1',
      ),
      insertOnce: sqlite.prepare(
        'insert into rate_windows (bucket, window_ms, window_start, count, expires_at) values (?, ?, ?, 1, ?) on conflict do nothing',
      ),
      prune: sqlite.prepare('delete from rate_windows where expires_at <= ?'),
    };
    statements.set(db, s);
  }
  return s;
}

function prune(db: DB, at: number) {
  if (at - (lastPruned.get(db) ?? 0) < MINUTE) return;
  lastPruned.set(db, at);
  prepared(db).prune.run(at);
}

/** A short, one-way name for an IP address or user id in a bucket key (no raw address is stored). */
export const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * Counts one request in every window of `bucket` and answers null, or answers the seconds to wait
 * (nothing counted) when any window is full. Atomic across processes (an immediate transaction).
 */
export function take(db: DB, bucket: string, windows: readonly Window[], at: number): number | null {
  return takeAll(db, [{ bucket, windows }], at)?.wait ?? null;
}

/**
 * One request counted in several buckets at once, all or nothing: null, or the first full bucket
 * (its index) and the seconds to wait; nothing is counted when any bucket is full.
 */
export function takeAll(
  db: DB,
  buckets: readonly { bucket: string; windows: readonly Window[] }[],
  at: number,
): { index: number; wait: number } | null {
  prune(db, at);
  const s = prepared(db);
  const run = countersOf(db).transaction(() => {
    for (const [index, { bucket, windows }] of buckets.entries()) {
      let waitMs = 0;
      for (const w of windows) {
        const start = Math.floor(at / w.ms) * w.ms;
        if ((s.read.get(bucket, w.ms, start)?.count ?? 0) >= w.max) waitMs = Math.max(waitMs, start + w.ms - at);
      }
      if (waitMs > 0) return { index, wait: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    for (const { bucket, windows } of buckets) {
      for (const w of windows) {
        const start = Math.floor(at / w.ms) * w.ms;
        s.bump.run(bucket, w.ms, start, start + w.ms);
      }
    }
    return null;
  });
  return run.immediate();
}

/**
 * One-time links emailed for a school (claims, invitations, re-confirmations; decisions 2101, 2113):
 * per requesting user, per school (claims and members' links each their own) and per mailbox, so
 * no one can mail-bomb an address or a school.
 */
export const EMAIL_LINK_LIMITS = {
  user: [
    { ms: HOUR, max: 5 },
    { ms: DAY, max: 10 },
  ],
  school: [
    { ms: HOUR, max: 10 },
    { ms: DAY, max: 30 },
  ],
  address: [
    { ms: HOUR, max: 2 },
    { ms: DAY, max: 3 },
  ],
} as const satisfies Record<string, readonly Window[]>;

/** True the first time `key` is seen in its window of `windowMs` (e.g. one thread view per viewer per day). */
export function countOnce(db: DB, key: string, windowMs: number, at: number): boolean {
  prune(db, at);
  const start = Math.floor(at / windowMs) * windowMs;
  return prepared(db).insertOnce.run(key, windowMs, start, start + windowMs).changes === 1;
}

/** The limits of one app on its database. */
export class RateLimiter {
  readonly options: RateLimits;

  constructor(
    readonly db: DB,
    options: RateLimitOptions = {},
    readonly proxy: ProxySettings = {},
  ) {
    this.options = { ...DEFAULT_RATE_LIMITS, ...options };
  }

  /** A contribution write by a signed-in user: perMinute and perDay. */
  write(userId: string, at: number): number | null {
    return take(
      this.db,
      `write:${userId}`,
      [
        { ms: MINUTE, max: this.options.perMinute },
        { ms: DAY, max: this.options.perDay },
      ],
      at,
    );
  }

  /**
   * A moderator's or administrator's decision (moderation queue, thread flags, admin tools): a
   * bucket of its own, ten times the contribution limits, so clearing a backlog is never refused
   * by her own reviews and a busy day's queue fits, while a stolen moderator session still cannot
   * write without bound (decision 1410).
   */
  moderate(userId: string, at: number): number | null {
    return take(
      this.db,
      `moderate:${userId}`,
      [
        { ms: MINUTE, max: this.options.perMinute * MODERATION_FACTOR },
        { ms: DAY, max: this.options.perDay * MODERATION_FACTOR },
      ],
      at,
    );
  }

  /**
   * An emailed one-time link for a school: null, or which limit is full and the seconds to wait.
   * Checked by requesting account first, then the mailbox (`address`: the caller's normalised
   * mailbox), then the school; a claim by a stranger spends the school's `claims` budget, an
   * invitation or a re-confirmation its members' own (decision 2113).
   */
  emailLink(
    userId: string,
    schoolId: number,
    address: string,
    at: number,
    budget: 'claims' | 'members' = 'members',
  ): { scope: 'user' | 'school' | 'address'; wait: number } | null {
    const scopes = ['user', 'address', 'school'] as const;
    const keys = {
      user: `link-user:${userId}`,
      school: budget === 'claims' ? `link-school-claims:${schoolId}` : `link-school:${schoolId}`,
      address: `link-address:${hashed(address.toLowerCase())}`,
    };
    const full = takeAll(
      this.db,
      scopes.map((scope) => ({ bucket: keys[scope], windows: EMAIL_LINK_LIMITS[scope] })),
      at,
    );
    return full ? { scope: scopes[full.index], wait: full.wait } : null;
  }

  /** An API read from one client address. */
  read(ip: string, at: number): number | null {
    if (this.options.readsPerMinute <= 0) return null;
    return take(this.db, `read:${hashed(ip)}`, [{ ms: MINUTE, max: this.options.readsPerMinute }], at);
  }

  /** A sign-in start from one client address. */
  login(ip: string, at: number): number | null {
    if (this.options.loginsPerMinute <= 0) return null;
    return take(this.db, `login:${hashed(ip)}`, [{ ms: MINUTE, max: this.options.loginsPerMinute }], at);
  }
}
