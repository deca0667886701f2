import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/client';
import { jobs, schools } from '../db/schema';
import { testDb } from './db';

describe('testDb (a copy of the template built once per run)', () => {
  it('holds every committed migration and the seeded register', () => {
    const db = testDb({ demo: false });
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = db.$client.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number };
    expect(applied.n).toBe(journal.entries.length);
    expect(db.select({ n: count() }).from(schools).get()!.n).toBe(3189);
    expect(db.select({ n: count() }).from(jobs).get()!.n).toBe(0);
  });

  it('gives each call its own file, with the demo layer dated from its own now', () => {
    const a = testDb({ now: new Date('2026-01-15T12:00:00Z') });
    const b = testDb({ demo: false });
    expect(a.$client.name).not.toBe(b.$client.name);
    const latest = a
      .select({ d: sql<number>`max(${jobs.postedAt})` })
      .from(jobs)
      .get()!.d;
    expect(latest).toBeGreaterThan(0);
    expect(latest).toBeLessThanOrEqual(Date.parse('2026-01-15T12:00:00Z')); // posted_at is in ms
    a.delete(jobs).run();
    expect(a.select({ n: count() }).from(jobs).get()!.n).toBe(0);
    expect(testDb().select({ n: count() }).from(jobs).get()!.n).toBeGreaterThan(0);
  });
});
