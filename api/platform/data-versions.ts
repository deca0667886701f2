// What the answer and page caches key their entries by (decision 1057): the version of each kind
// of public data, moved by SQLite triggers in the same transaction as the change they count
// (table data_versions, migration *_data-versions-sql), so every writer is covered — a request,
// a background job, a script, another worker process — with no call to remember. A commit that
// changes nothing visitors can see (a session touch, a view count, a save, a pending review, a
// held-back salary) moves no version, and no cached answer or page is dropped for it.
//
// Reading the versions costs one prepared statement per cached request (~2 µs): the file's
// `PRAGMA data_version` (moves when another connection commits) and this connection's
// `total_changes()` (moves with its own writes). Only when one of them moved are the few
// data_versions rows read again.
import type { DB } from '../../db/client';
import { DATA_TAGS, type DataTag } from '../../core/route-policy';

export { DATA_TAGS, type DataTag };

/** The versions at one moment: the same object until something moves, so it can be compared by identity. */
export interface Snapshot {
  readonly tags: Readonly<Record<DataTag, number>>;
  /** The app clock's minute: answers that depend on "now" (the jobs' one-month window, "2 days ago") age out. */
  readonly minute: number;
  /** Moved by invalidate(): drops everything. */
  readonly local: number;
}

/** What a cached entry was built from: the data it depends on and their versions then. */
export interface Built {
  deps: readonly DataTag[];
  at: readonly number[];
  minute: number;
  local: number;
}

/** The entry built at `snapshot` from `deps`. */
export function builtFrom(snapshot: Snapshot, deps: readonly DataTag[]): Built {
  return { deps, at: deps.map((t) => snapshot.tags[t]), minute: snapshot.minute, local: snapshot.local };
}

/** Is an entry built from `built` still what the data says at `now`? */
export function isCurrent(built: Built, now: Snapshot): boolean {
  return built.minute === now.minute && built.local === now.local && built.deps.every((t, i) => now.tags[t] === built.at[i]);
}

/** One per database connection (the answer cache and the page cache share it). */
export class DataVersions {
  private readonly moved;
  private readonly rows;
  private seen = '';
  private local = 0;
  private snapshot: Snapshot;

  constructor(
    db: DB,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.moved = db.$client.prepare('select (select data_version from pragma_data_version) as dv, total_changes() as tc').raw();
    this.rows = db.$client.prepare('select tag, version from data_versions').raw();
    this.snapshot = { tags: this.readTags(), minute: this.minuteNow(), local: 0 };
  }

  private minuteNow() {
    return Math.floor(this.clock().getTime() / 60_000);
  }

  private readTags(): Record<DataTag, number> {
    const tags = Object.fromEntries(DATA_TAGS.map((t) => [t, 0])) as Record<DataTag, number>;
    for (const [tag, version] of this.rows.all() as [string, number][]) if (tag in tags) tags[tag as DataTag] = version;
    return tags;
  }

  /** The versions now. */
  current(): Snapshot {
    const [dv, tc] = this.moved.get() as [number, number];
    const seen = `${dv}.${tc}`;
    let { tags } = this.snapshot;
    if (seen !== this.seen) {
      this.seen = seen;
      const fresh = this.readTags();
      if (DATA_TAGS.some((t) => fresh[t] !== tags[t])) tags = fresh;
    }
    const minute = this.minuteNow();
    if (tags !== this.snapshot.tags || minute !== this.snapshot.minute || this.local !== this.snapshot.local) {
      this.snapshot = { tags, minute, local: this.local };
    }
    return this.snapshot;
  }

  /** Forget every cached answer and page of this process (what no trigger sees). */
  invalidate(): void {
    this.local++;
  }
}
