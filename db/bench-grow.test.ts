// The benchmark's growth (bench/grow.ts) on small volumes: rows marked synthetic, the kept
// figures and FTS indexes true afterwards, and the triggers back in place.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { recountMismatches } from './kept-figures';
import { seed } from './seed/index';
import { testDb } from '../test/db';
import { growDatabase } from '../bench/grow';

// Adds the demo layer to a copy of the run's template (as a server's start would), then grows it
// (12 s on a quiet box): a limit of minutes, not 30 s.
describe('growDatabase', { timeout: 120_000 }, () => {
  it('adds marked synthetic rows and leaves every kept figure equal to a recount', () => {
    const db = testDb({ demo: false });
    seed(db, { demo: true });
    const path = db.$client.name;
    const triggers = (db.$client.prepare("select count(*) n from sqlite_master where type = 'trigger'").get() as { n: number }).n;
    db.$client.close();
    const volumes = { jobs: 900, reviews: 3000, salaries: 500, interviews: 300, threads: 200, replies: 600 };
    growDatabase(path, Date.now(), volumes);
    const grown = openDatabase(path);
    const n = (q: string) => (grown.$client.prepare(q).get() as { n: number }).n;
    expect(n("select count(*) n from jobs where external_source = 'synthetic'")).toBe(900);
    expect(n("select count(*) n from reviews where pros like 'synthetic%'")).toBe(3000);
    expect(n("select count(*) n from forum_threads where slug like 'synthetic-%'")).toBe(200);
    expect(n("select count(*) n from forum_posts where content like 'synthetic%'")).toBe(600);
    expect(n("select count(*) n from sqlite_master where type = 'trigger'")).toBe(triggers);
    expect(recountMismatches(grown)).toEqual([]);
  });
});
