// Property test (a hundred times the data): random writes, approvals, rejections and deletions, then every figure
// the triggers keep is compared with a full recount, and each FTS5 index with its content.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { seed } from './seed/index';
import { mulberry32 } from './seed/prng';
import { recountMismatches } from './kept-figures';

const DAY = 86_400_000;
const MOODS = ['excited', 'happy', 'neutral', 'frustrated', 'stressed'];

describe('kept figures', () => {
  it('match a full recount after the migration backfill on the demo data', () => {
    const db = openDatabase(':memory:');
    seed(db, { demo: true });
    expect(recountMismatches(db)).toEqual([]);
  });

  for (const seedNo of [1, 2, 3]) {
    it(`match a full recount after 1,500 random writes, approvals, rejections and deletions (seed ${seedNo})`, () => {
      const db = openDatabase(':memory:');
      seed(db, { demo: true });
      const s = db.$client;
      const rand = mulberry32(seedNo);
      const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(rand() * xs.length)];
      const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
      const schools = (s.prepare('select id from schools order by id limit 6').all() as { id: number }[]).map((r) => r.id);
      const cats = (s.prepare('select id from forum_categories').all() as { id: number }[]).map((r) => r.id);
      const users = Array.from({ length: 8 }, (_, i) => `prop-user-${i}`);
      for (const u of users) s.prepare('insert into users (id) values (?)').run(u);
      const ids = (table: string, where = '1') =>
        (s.prepare(`select id from ${table} where ${where}`).all() as { id: number }[]).map((r) => r.id);
      const now = Date.now();
      const ops: (() => void)[] = [
        () =>
          s
            .prepare(
              `insert into reviews (school_id, user_id, overall_rating, work_life_balance_rating, compensation_rating,
               career_opportunities_rating, culture_rating, leadership_rating, pros, cons, would_recommend, is_approved)
             values (?, ?, ?, ?, ?, ?, ?, ?, 'p', 'c', ?, ?)`,
            )
            .run(pick(schools), pick(users), int(1, 5), int(1, 5), int(1, 5), int(1, 5), int(1, 5), int(1, 5), int(0, 1), int(0, 1)),
        () => s.prepare('update reviews set is_approved = 1, rejected_at = null where id = ?').run(pick(ids('reviews')) ?? 0),
        () =>
          s
            .prepare("update reviews set is_approved = 0, rejected_at = ?, rejection_reason = 'no' where id = ?")
            .run(now, pick(ids('reviews')) ?? 0),
        () =>
          s
            .prepare('update reviews set overall_rating = ?, would_recommend = ?, school_id = ? where id = ?')
            .run(int(1, 5), int(0, 1), pick(schools), pick(ids('reviews')) ?? 0),
        () => s.prepare('delete from reviews where id = ?').run(pick(ids('reviews')) ?? 0),
        () =>
          s
            .prepare("insert into interview_experiences (school_id, job_title, process_description) values (?, 'T', 'd')")
            .run(pick(schools)),
        () => s.prepare('delete from interview_experiences where id = ?').run(pick(ids('interview_experiences')) ?? 0),
        () =>
          s
            .prepare("insert or ignore into school_moods (school_id, user_id, emoji, mood) values (?, ?, 'x', ?)")
            .run(pick(schools), pick(users), pick(MOODS)),
        () => s.prepare('update school_moods set mood = ? where id = ?').run(pick(MOODS), pick(ids('school_moods')) ?? 0),
        () => s.prepare('delete from school_moods where id = ?').run(pick(ids('school_moods')) ?? 0),
        () =>
          s
            .prepare(
              "insert into jobs (title, description, borough, school_id, is_active, posted_at) values (?, 'words here', 'Camden', ?, ?, ?)",
            )
            .run(`Job ${int(1, 999)}`, rand() < 0.7 ? pick(schools) : null, int(0, 1), now - int(0, 40) * DAY - int(0, DAY)),
        () => s.prepare('update jobs set is_active = 1 - is_active where id = ?').run(pick(ids('jobs')) ?? 0),
        () => s.prepare('update jobs set posted_at = posted_at - ? where id = ?').run(int(0, 3 * DAY), pick(ids('jobs')) ?? 0),
        () =>
          s
            .prepare('update jobs set title = ?, school_id = ? where id = ?')
            .run(`Retitled ${int(1, 99)}`, pick(schools), pick(ids('jobs')) ?? 0),
        () => {
          const id = pick(ids('jobs')) ?? 0;
          s.prepare('delete from saved_jobs where job_id = ?').run(id);
          s.prepare('delete from jobs where id = ?').run(id);
        },
        () => s.prepare('update schools set name = ? where id = ?').run(`Renamed school ${int(1, 99)}`, pick(schools)),
        () =>
          s
            .prepare(
              "insert into forum_threads (category_id, user_id, title, slug, content, is_approved) values (?, ?, ?, 's', 'body text', ?)",
            )
            .run(pick(cats), pick(users), `Thread ${int(1, 99)}`, int(0, 1)),
        () =>
          s
            .prepare('update forum_threads set is_approved = ?, category_id = ? where id = ?')
            .run(int(0, 1), pick(cats), pick(ids('forum_threads')) ?? 0),
        () => s.prepare('update forum_threads set content = ? where id = ?').run(`edited ${int(1, 99)}`, pick(ids('forum_threads')) ?? 0),
        () => {
          const id = pick(ids('forum_threads')) ?? 0;
          s.prepare('update forum_posts set parent_post_id = null where thread_id = ?').run(id);
          s.prepare('delete from forum_posts where thread_id = ?').run(id);
          s.prepare('delete from forum_threads where id = ?').run(id);
        },
        () =>
          s
            .prepare("insert into forum_posts (thread_id, user_id, content, is_approved, created_at) values (?, ?, 'reply', ?, ?)")
            .run(pick(ids('forum_threads')), pick(users), int(0, 1), now - int(0, 10) * 1000),
        () => s.prepare('update forum_posts set is_approved = 1 where id = ?').run(pick(ids('forum_posts')) ?? 0),
        () => s.prepare('update forum_posts set is_approved = 0, rejected_at = ? where id = ?').run(now, pick(ids('forum_posts')) ?? 0),
        () => {
          const id = pick(ids('forum_posts')) ?? 0;
          s.prepare('update forum_posts set parent_post_id = null where parent_post_id = ?').run(id);
          s.prepare('delete from forum_posts where id = ?').run(id);
        },
      ];
      const counts = new Array(ops.length).fill(0);
      for (let i = 0; i < 1500; i++) {
        const n = Math.floor(rand() * ops.length);
        counts[n]++;
        db.$client.transaction(ops[n])();
      }
      expect(counts.every((c) => c > 20)).toBe(true);
      expect((s.prepare('select count(*) n from reviews where is_approved = 1').get() as { n: number }).n).toBeGreaterThan(0);
      expect(recountMismatches(db)).toEqual([]);
    });
  }

  it('notices a figure that drifts (the recount can fail)', () => {
    const db = openDatabase(':memory:');
    seed(db, { demo: true });
    db.$client
      .prepare(
        'update school_stats set review_count = review_count + 1 where school_id = (select school_id from reviews where is_approved = 1 limit 1)',
      )
      .run();
    expect(recountMismatches(db)).toHaveLength(1);
  });
});
