// Where bulk writes end (the seed, the register import, a jobs feed import), each search index they
// wrote is merged into one segment (FTS5 `optimize`, decision 0705): every search reads
// every segment, and a rowid probe over 10-12 segments cost ~10x more at 100x.
import { describe, expect, it } from 'vitest';
import { applyFeed } from '../jobs/feed-import';
import { jobPosting } from '../../test/servers';
import { testDb } from '../../test/db';
import type { DB } from '../../db/client';
import { importGias } from '../schools/register-import';
import type { SearchIndex } from '../../db/search-index';
import { seed } from '../../db/seed/index';

/** Is the index already in one piece? `optimize` then writes nothing (FTS5 leaves an optimal index as it is). */
function optimized(db: DB, table: SearchIndex): boolean {
  const blocks = () => db.$client.prepare(`select count(*) n, total(length(block)) b from ${table}_data`).get();
  const before = blocks();
  db.$client.prepare(`insert into ${table} (${table}) values ('optimize')`).run();
  return JSON.stringify(blocks()) === JSON.stringify(before);
}

const NOW = new Date('2026-11-22T12:00:00Z');

describe('search indexes optimized where bulk writes end', () => {
  it('the seed (the register, then the demo jobs and threads) leaves each index in one segment', () => {
    // The template every test database copies was seeded without the demo layer: the register.
    const db = testDb({ demo: false });
    expect(optimized(db, 'schools_fts')).toBe(true);
    // Seeded again with the demo layer (the register is already there): jobs and threads written.
    seed(db, { demo: true, now: NOW });
    const n = (table: string) => (db.$client.prepare(`select count(*) n from ${table}`).get() as { n: number }).n;
    expect(n('jobs')).toBeGreaterThan(10);
    expect(n('forum_threads')).toBeGreaterThan(5);
    for (const t of ['schools_fts', 'jobs_fts', 'forum_threads_fts'] as const) expect(optimized(db, t), t).toBe(true);
  });

  it('the check can fail: a write after the optimize adds a segment', () => {
    const db = testDb({ now: NOW });
    db.$client.prepare(`insert into schools (urn, name, borough) values (999101, 'Segment Primary School', 'Camden')`).run();
    expect(optimized(db, 'schools_fts')).toBe(false);
    // optimized() itself merged it: now it is one.
    expect(optimized(db, 'schools_fts')).toBe(true);
  });

  it('the register import ends with the schools index optimized', () => {
    const db = testDb({ now: NOW });
    db.$client.prepare(`insert into schools (urn, name, borough) values (999102, 'Segment Primary School', 'Camden')`).run();
    importGias(db, '', NOW);
    expect(optimized(db, 'schools_fts')).toBe(true);
  });

  it('a jobs feed import that wrote something ends with the jobs index optimized', () => {
    const db = testDb({ now: NOW });
    db.$client
      .prepare(
        `insert into jobs (title, description, borough, is_active, is_external, external_source, external_id, posted_at, created_at, updated_at)
         values ('Segment teacher', 'A post.', 'Camden', 1, 1, 'other', 'seg-1', ?, ?, ?)`,
      )
      .run(NOW.getTime(), NOW.getTime(), NOW.getTime());
    const result = applyFeed(
      db,
      {
        listings: [
          jobPosting({
            slug: 'maths-westminster-city',
            urn: '138312',
            orgName: 'Westminster City School',
            postcode: 'SW1E 5HJ',
            datePosted: '2026-11-20',
          }),
        ],
        pages: 1,
        capped: true,
      },
      NOW,
    );
    expect(result.imported).toBe(1);
    expect(optimized(db, 'jobs_fts')).toBe(true);
  });
});
