// Property test (a hundred times the data): random writes, approvals, rejections and deletions, authors' edits (and the
// approval or refusal of a review's edit) and deletions that leave placeholders, then every figure
// the triggers keep is compared with a full recount, and each FTS5 index with its content.
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { seed } from './seed/index';
import { mulberry32 } from './seed/prng';
import { recountMismatches } from './kept-figures';
import { testDb } from '../test/db';

const DAY = 86_400_000;
const MOODS = ['excited', 'happy', 'neutral', 'frustrated', 'stressed'];

/**
 * The demo data on a copy of the run's template (migrated, register loaded: test/db.ts), added as a
 * server's start adds it (seed() finds the register already loaded). The first test alone migrates
 * and seeds from nothing: a whole register, a few seconds on a quiet box, over 30 s beside a build.
 */
function demoDb() {
  const db = testDb({ demo: false });
  seed(db, { demo: true });
  return db;
}

describe('kept figures', { timeout: 120_000 }, () => {
  it('match a full recount after the migration backfill on the demo data', () => {
    const db = openDatabase(':memory:');
    seed(db, { demo: true });
    expect(recountMismatches(db)).toEqual([]);
  });

  for (const seedNo of [1, 2, 3]) {
    it(`match a full recount after 2,000 random writes, approvals, rejections, edits and deletions (seed ${seedNo})`, () => {
      const db = demoDb();
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
      /** A sub-rating: 1-5, or left unrated about a third of the time. */
      const maybe = () => (int(0, 2) === 0 ? null : int(1, 5));
      const ops: (() => void)[] = [
        () =>
          s
            .prepare(
              `insert into reviews (school_id, user_id, overall_rating, work_life_balance_rating, compensation_rating,
               career_opportunities_rating, culture_rating, leadership_rating, pros, cons, would_recommend, is_approved)
             values (?, ?, ?, ?, ?, ?, ?, ?, 'p', 'c', ?, ?)`,
            )
            .run(pick(schools), pick(users), int(1, 5), maybe(), maybe(), maybe(), maybe(), maybe(), int(0, 1), int(0, 1)),
        () => s.prepare('update reviews set is_approved = 1, rejected_at = null where id = ?').run(pick(ids('reviews')) ?? 0),
        () =>
          s
            .prepare("update reviews set is_approved = 0, rejected_at = ?, rejection_reason = 'no' where id = ?")
            .run(now, pick(ids('reviews')) ?? 0),
        () =>
          s
            .prepare('update reviews set overall_rating = ?, would_recommend = ?, school_id = ? where id = ?')
            .run(int(1, 5), int(0, 1), pick(schools), pick(ids('reviews')) ?? 0),
        // A sub-rating given or taken back (null is "not rated", decision 2027).
        () =>
          s
            .prepare('update reviews set work_life_balance_rating = ?, leadership_rating = ? where id = ?')
            .run(maybe(), maybe(), pick(ids('reviews')) ?? 0),
        () => {
          const id = pick(ids('reviews')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'review' and target_id = ?").run(id);
          s.prepare('delete from reviews where id = ?').run(id);
        },
        () =>
          s
            .prepare("insert into interview_experiences (school_id, job_title, process_description, is_approved) values (?, 'T', 'd', ?)")
            .run(pick(schools), int(0, 1)),
        // Hidden by reports and restored, or moved: the kept count follows the approved ones.
        () =>
          s
            .prepare('update interview_experiences set is_approved = ? where id = ?')
            .run(int(0, 1), pick(ids('interview_experiences')) ?? 0),
        () =>
          s
            .prepare('update interview_experiences set school_id = ? where id = ?')
            .run(pick(schools), pick(ids('interview_experiences')) ?? 0),
        () => {
          const id = pick(ids('interview_experiences')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'interview' and target_id = ?").run(id);
          s.prepare('delete from interview_experiences where id = ?').run(id);
        },
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
        () =>
          s
            .prepare('update forum_threads set content = ? where id = ?')
            .run(`edited ${int(1, 99)}`, pick(ids('forum_threads', 'deleted_at is null')) ?? 0),
        () => {
          const id = pick(ids('forum_threads')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'thread' and target_id = ?").run(id);
          s.prepare(
            "delete from contribution_revisions where kind = 'reply' and target_id in (select id from forum_posts where thread_id = ?)",
          ).run(id);
          s.prepare('update forum_posts set parent_post_id = null where thread_id = ?').run(id);
          s.prepare('delete from forum_posts where thread_id = ?').run(id);
          s.prepare('delete from forum_threads where id = ?').run(id);
        },
        () => {
          const thread = pick(ids('forum_threads'));
          if (thread === undefined) return;
          s.prepare("insert into forum_posts (thread_id, user_id, content, is_approved, created_at) values (?, ?, 'reply', ?, ?)").run(
            thread,
            pick(users),
            int(0, 1),
            now - int(0, 10) * 1000,
          );
        },
        () => s.prepare('update forum_posts set is_approved = 1 where id = ?').run(pick(ids('forum_posts')) ?? 0),
        () => s.prepare('update forum_posts set is_approved = 0, rejected_at = ? where id = ?').run(now, pick(ids('forum_posts')) ?? 0),
        () => {
          const id = pick(ids('forum_posts')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'reply' and target_id = ?").run(id);
          s.prepare('update forum_posts set parent_post_id = null where parent_post_id = ?').run(id);
          s.prepare('delete from forum_posts where id = ?').run(id);
        },
        // An author's edits and deletions (decision 2020), as api/moderation/own-edits.ts and the handlers write them.
        () =>
          s
            .prepare(
              `insert into contribution_revisions (kind, target_id, user_id, body, state)
               select 'review', id, user_id, json_object('overallRating', ?, 'cultureRating', ?, 'wouldRecommend', ?, 'pros', 'edited pros'), 'pending'
               from reviews where id = ? and not exists (select 1 from contribution_revisions where kind = 'review' and target_id = reviews.id and state = 'pending')`,
            )
            .run(int(1, 5), int(1, 5), int(0, 1), pick(ids('reviews')) ?? 0),
        () => {
          const edit = s
            .prepare(
              "select id, target_id, body from contribution_revisions where kind = 'review' and state = 'pending' order by random() limit 1",
            )
            .get() as { id: number; target_id: number; body: string } | undefined;
          if (!edit) return;
          const b = JSON.parse(edit.body) as { overallRating: number; cultureRating: number; wouldRecommend: number };
          s.prepare('update reviews set overall_rating = ?, culture_rating = ?, would_recommend = ?, pros = ? where id = ?').run(
            b.overallRating,
            b.cultureRating,
            b.wouldRecommend,
            'edited pros',
            edit.target_id,
          );
          s.prepare("update contribution_revisions set state = 'approved', decided_at = ? where id = ?").run(now, edit.id);
        },
        () =>
          s
            .prepare(
              "update contribution_revisions set state = 'rejected', reason = 'no', decided_at = ? where id = (select id from contribution_revisions where state = 'pending' limit 1)",
            )
            .run(now),
        () => {
          const id = pick(ids('reviews')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'review' and target_id = ?").run(id);
          s.prepare("delete from reports where kind = 'review' and target_id = ?").run(id);
          s.prepare('delete from review_responses where review_id = ?').run(id);
          s.prepare('delete from reviews where id = ?').run(id);
        },
        () => {
          const id = pick(ids('forum_threads', 'deleted_at is null')) ?? 0;
          s.prepare(
            "insert into contribution_revisions (kind, target_id, body, state) select 'thread', id, json_object('title', title, 'content', content), 'previous' from forum_threads where id = ?",
          ).run(id);
          s.prepare('update forum_threads set title = ?, content = ?, edited_at = ? where id = ?').run(
            `Edited ${int(1, 99)}`,
            `new words ${int(1, 99)}`,
            now,
            id,
          );
        },
        () => {
          const id = pick(ids('forum_threads', 'deleted_at is null')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'thread' and target_id = ?").run(id);
          if ((s.prepare('select count(*) n from forum_posts where thread_id = ?').get(id) as { n: number }).n === 0)
            s.prepare('delete from forum_threads where id = ?').run(id);
          else
            s.prepare(
              "update forum_threads set title = 'Deleted thread', slug = 'deleted-thread', content = '', deleted_at = ? where id = ?",
            ).run(now, id);
        },
        () => {
          const id = pick(ids('forum_posts', 'deleted_at is null')) ?? 0;
          s.prepare(
            "insert into contribution_revisions (kind, target_id, body, state) select 'reply', id, json_object('content', content), 'previous' from forum_posts where id = ?",
          ).run(id);
          s.prepare('update forum_posts set content = ?, edited_at = ? where id = ?').run(`edited reply ${int(1, 99)}`, now, id);
        },
        () => {
          const id = pick(ids('forum_posts', 'deleted_at is null')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'reply' and target_id = ?").run(id);
          s.prepare("update forum_posts set content = '', deleted_at = ? where id = ?").run(now, id);
        },
        () => {
          const id = pick(ids('interview_experiences')) ?? 0;
          s.prepare("delete from contribution_revisions where kind = 'interview' and target_id = ?").run(id);
          s.prepare('delete from interview_experiences where id = ?').run(id);
        },
      ];
      const counts = new Array(ops.length).fill(0);
      for (let i = 0; i < 2000; i++) {
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
    const db = demoDb();
    db.$client
      .prepare(
        'update school_stats set review_count = review_count + 1 where school_id = (select school_id from reviews where is_approved = 1 limit 1)',
      )
      .run();
    expect(recountMismatches(db)).toHaveLength(1);
  });
});
