// Grows a copy of a seeded database to about 100 times the spec's headline volumes, in SQL
// (recursive CTEs, one transaction per table), for `npm run bench:scale` only: never part of a
// normal start. Every synthetic row is marked: jobs have external_source 'synthetic', the others
// start their text with 'synthetic' (reviews' pros, interviews' job title, salaries' benefits,
// threads' slug 'synthetic-...', replies' content).
import Database from 'better-sqlite3';
import { optimizeSearchIndexes, registerSearchFunctions } from '../db/search-index';
import {
  BOROUGHS,
  CONTRACT_TYPES,
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  KEY_STAGES,
  SALARY_JOB_TITLES,
  SALARY_SCHOOL_TYPES,
  SUBJECTS,
} from '../core/constants';

export const SYNTHETIC = 'synthetic';
export const VOLUMES = { jobs: 245_000, reviews: 1_230_000, salaries: 1_000_000, interviews: 100_000, threads: 100_000, replies: 300_000 };

const WORDS = (
  'curriculum pupils classroom behaviour planning assessment marking safeguarding inclusion leadership ' +
  'department phonics literacy numeracy reasoning practical laboratory fieldwork coursework examination ' +
  'pastoral tutor mentoring induction training progression wellbeing workload supportive ambitious ' +
  'collaborative inner outer london borough community academy trust federation primary secondary ' +
  'sixth form nursery reception intervention tuition enrichment clubs trips music drama sport art'
).split(' ');

/** A pseudo-random integer in [0, m), in SQL (independent for each call, unlike a hash of i). */
const h = (col: string, _salt: number, m: number) => `((abs(random()) + 0 * ${col}) % ${m})`;

function lookup(db: Database.Database, name: string, values: readonly string[]) {
  db.exec(`drop table if exists temp.${name}; create temp table ${name} (k integer primary key, v text not null)`);
  const insert = db.prepare(`insert into temp.${name} (k, v) values (?, ?)`);
  values.forEach((v, i) => insert.run(i, v));
  return values.length;
}

const RATINGS = ['overall', 'work_life_balance', 'compensation', 'career_opportunities', 'culture', 'leadership'];
/** The five a review may leave unrated (decision 2027): each keeps how many reviews gave it. */
const SUB_RATINGS = RATINGS.slice(1);
/** The kept figures from scratch (as the migrations' backfills do). */
const RECOUNT = `
  update school_stats set review_count = 0, ${RATINGS.map((r) => `${r}_sum = 0`).join(', ')}, ${SUB_RATINGS.map((r) => `${r}_count = 0`).join(', ')},
    recommend_count = 0, average_rating = 0, interview_count = 0;
  update school_stats set (review_count, ${RATINGS.map((r) => `${r}_sum`).join(', ')}, ${SUB_RATINGS.map((r) => `${r}_count`).join(', ')}, recommend_count, average_rating) = (
    select count(*), ${RATINGS.map((r) => `coalesce(sum(${r}_rating), 0)`).join(', ')}, ${SUB_RATINGS.map((r) => `count(${r}_rating)`).join(', ')},
      sum(would_recommend), avg(overall_rating)
    from reviews r where r.school_id = school_stats.school_id and r.is_approved = 1 group by r.school_id)
  where school_id in (select school_id from reviews where is_approved = 1);
  update school_stats set interview_count = (select count(*) from interview_experiences i where i.school_id = school_stats.school_id and i.is_approved = 1);
  delete from kept_counts where key = 'reviews.approved' or key like 'threads.approved.%';
  insert into kept_counts (key, n) select 'reviews.approved', count(*) from reviews where is_approved = 1;
  insert into kept_counts (key, n) select 'threads.approved.' || category_id, count(*) from forum_threads where is_approved = 1 group by category_id;
  delete from job_day_counts;
  insert into job_day_counts (day, n) select posted_at / 86400000, count(*) from jobs where is_active = 1 group by posted_at / 86400000;
  update forum_threads set
    reply_count = (select count(*) from forum_posts p where p.thread_id = forum_threads.id and p.is_approved = 1),
    last_reply_at = (select created_at from forum_posts p where p.thread_id = forum_threads.id and p.is_approved = 1 order by created_at desc, id desc limit 1),
    last_reply_user_id = (select user_id from forum_posts p where p.thread_id = forum_threads.id and p.is_approved = 1 order by created_at desc, id desc limit 1);
`;

/**
 * `analyze`: end with ANALYZE (bench:scale's copy). The product never runs it, so its plans are
 * those SQLite picks without statistics; `npm run bench:search-speed` grows without (decision 0707).
 */
export function growDatabase(path: string, now = Date.now(), volumes = VOLUMES, options: { analyze?: boolean } = {}) {
  const db = new Database(path);
  registerSearchFunctions(db); // the FTS rebuild and triggers index search_text() of the columns
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  const started = performance.now();
  const timings: Record<string, number> = {};
  const nSub = lookup(db, 'g_subject', SUBJECTS);
  const nBor = lookup(db, 'g_borough', BOROUGHS);
  const nKs = lookup(db, 'g_keystage', KEY_STAGES);
  const nCt = lookup(db, 'g_contract', CONTRACT_TYPES);
  const nEl = lookup(db, 'g_level', EDUCATION_LEVELS);
  const nW = lookup(db, 'g_word', WORDS);
  const nRole = lookup(db, 'g_role', SALARY_JOB_TITLES);
  const nSt = lookup(db, 'g_stype', SALARY_SCHOOL_TYPES);
  const nExp = lookup(db, 'g_exp', EXPERIENCE_BANDS);
  db.exec('drop table if exists temp.g_school; create temp table g_school (k integer primary key, id integer not null)');
  db.exec('insert into temp.g_school (k, id) select row_number() over (order by id) - 1, id from schools where is_active = 1');
  const nSchool = (db.prepare('select count(*) n from temp.g_school').get() as { n: number }).n;
  const categories = (db.prepare('select id from forum_categories order by id').all() as { id: number }[]).map((r) => r.id);
  const seq = (n: number) => `with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n})`;
  const word = (salt: number) => `(select v from temp.g_word where k = ${h('i', salt, nW)})`;
  const month = 30 * 86_400_000;

  // Bulk load without the per-row triggers, then recount the kept figures and rebuild the FTS
  // indexes once (the same statements as the migration's backfill), and put the triggers back.
  const grownTables = ['jobs', 'reviews', 'salaries', 'interview_experiences', 'forum_threads', 'forum_posts'];
  const triggers = db
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name in (${grownTables.map(() => '?').join(', ')})`)
    .all(...grownTables) as { name: string; sql: string }[];
  for (const t of triggers) db.exec(`drop trigger ${t.name}`);

  const step = (name: string, sql: string) => {
    const t = performance.now();
    db.transaction(() => db.exec(sql))();
    timings[name] = Math.round(performance.now() - t);
  };

  step(
    'jobs',
    `${seq(volumes.jobs)}
     insert into jobs (title, description, school_id, subject, key_stage, contract_type, education_level, salary_min, salary_max, borough,
                       application_deadline, is_active, is_external, external_source, external_id, employer_name, posted_at, created_at, updated_at)
     select 'Teacher of ' || sub.v || case when i % 7 = 0 then ' (' || ${word(3)} || ')' else '' end,
            'Synthetic advert: ' || ${word(1)} || ' ' || ${word(2)} || ' ' || sub.v || ' ' || ${word(4)} || ' ' || ${word(5)} || ' ' || ${word(6)} || ' ' || ${word(7)} || '.',
            case when i % 5 = 0 then null else sc.id end, sub.v, ks.v, ct.v, el.v,
            case when i % 4 = 0 then null else 30000 + ${h('i', 8, 40)} * 1000 end,
            case when i % 4 = 0 then null else 70000 + ${h('i', 9, 30)} * 1000 end,
            bor.v,
            case when i % 3 = 0 then null else ${now} + ${h('i', 10, 40)} * 86400000 end,
            1, 1, '${SYNTHETIC}', 'syn-' || i, case when i % 5 = 0 then 'Synthetic Trust ' || ${h('i', 11, 500)} else null end,
            ${now} - ${h('i', 12, month)}, ${now}, ${now}
     from seq
     join temp.g_subject sub on sub.k = ${h('i', 13, nSub)}
     join temp.g_borough bor on bor.k = ${h('i', 14, nBor)}
     join temp.g_keystage ks on ks.k = ${h('i', 15, nKs)}
     join temp.g_contract ct on ct.k = ${h('i', 16, nCt)}
     join temp.g_level el on el.k = ${h('i', 17, nEl)}
     join temp.g_school sc on sc.k = ${h('i', 18, nSchool)}`,
  );
  step(
    'reviews',
    `${seq(volumes.reviews)}
     insert into reviews (school_id, overall_rating, work_life_balance_rating, compensation_rating, career_opportunities_rating, culture_rating, leadership_rating,
                          pros, cons, would_recommend, is_approved, created_at)
     select sc.id, 1 + ${h('i', 21, 5)}, 1 + ${h('i', 22, 5)}, 1 + ${h('i', 23, 5)}, 1 + ${h('i', 24, 5)}, 1 + ${h('i', 25, 5)}, 1 + ${h('i', 26, 5)},
            '${SYNTHETIC} review: ' || ${word(27)}, ${word(28)}, ${h('i', 29, 2)}, case when i % 10 = 0 then 0 else 1 end,
            ${now} - ${h('i', 30, 3 * 365)} * 86400000 - ${h('i', 31, 86400000)}
     from seq join temp.g_school sc on sc.k = ${h('i', 32, nSchool)}`,
  );
  step(
    'salaries',
    `${seq(volumes.salaries)}
     insert into salaries (job_title, school_type, borough, years_experience, annual_salary, additional_benefits, created_at, published_at)
     -- Published, as after their daily batches (a first start would otherwise publish 1 M rows in one transaction).
     select r.v, st.v, bor.v, ex.v, 25000 + ${h('i', 41, 60)} * 1000, '${SYNTHETIC}', ${now} - ${h('i', 42, 2 * 365)} * 86400000,
            ${now} - ${h('i', 42, 2 * 365)} * 86400000
     from seq
     join temp.g_role r on r.k = ${h('i', 43, nRole)}
     join temp.g_stype st on st.k = ${h('i', 44, nSt)}
     join temp.g_borough bor on bor.k = ${h('i', 45, nBor)}
     join temp.g_exp ex on ex.k = ${h('i', 46, nExp)}`,
  );
  step(
    'interviews',
    `${seq(volumes.interviews)}
     insert into interview_experiences (school_id, job_title, interview_difficulty, process_description, outcome, overall_experience, created_at)
     select sc.id, '${SYNTHETIC} interview', case ${h('i', 51, 3)} when 0 then 'Easy' when 1 then 'Medium' else 'Hard' end,
            'Lesson observation and panel: ' || ${word(52)}, case when i % 2 = 0 then 'Offer' else 'No Offer' end, 1 + ${h('i', 53, 5)},
            ${now} - ${h('i', 54, 2 * 365)} * 86400000 - ${h('i', 55, 86400000)}
     from seq join temp.g_school sc on sc.k = ${h('i', 56, nSchool)}`,
  );
  db.exec('drop table if exists temp.g_cat; create temp table g_cat (k integer primary key, id integer not null)');
  categories.forEach((id, k) => db.prepare('insert into temp.g_cat (k, id) values (?, ?)').run(k, id));
  step(
    'threads',
    `${seq(volumes.threads)}
     insert into forum_threads (category_id, title, slug, content, is_approved, created_at, updated_at)
     select c.id, 'Question about ' || ${word(61)} || ' and ' || ${word(62)}, '${SYNTHETIC}-' || i,
            'Synthetic thread: ' || ${word(63)} || ' ' || ${word(64)} || ' ' || ${word(65)} || '. ' || printf('%.600c', 'x'),
            case when i % 20 = 0 then 0 else 1 end, ${now} - ${h('i', 66, 365)} * 86400000 - ${h('i', 67, 86400000)}, ${now}
     from seq join temp.g_cat c on c.k = ${h('i', 68, categories.length)}`,
  );
  const firstThread = (db.prepare(`select min(id) n from forum_threads where slug like '${SYNTHETIC}-%'`).get() as { n: number }).n;
  step(
    'replies',
    `${seq(volumes.replies)}
     insert into forum_posts (thread_id, content, is_approved, created_at, updated_at)
     select ${firstThread} + ${h('i', 71, volumes.threads)}, '${SYNTHETIC} reply: ' || ${word(72)}, case when i % 15 = 0 then 0 else 1 end,
            ${now} - ${h('i', 73, 86400000 * 30)}, ${now}
     from seq`,
  );
  step(
    'recount',
    `${RECOUNT}
     insert into jobs_fts (jobs_fts) values ('rebuild');
     insert into forum_threads_fts (forum_threads_fts) values ('rebuild');`,
  );
  // Where the bulk writes end, as the seed and the imports do: one segment per rebuilt index.
  const o = performance.now();
  optimizeSearchIndexes(db, ['jobs_fts', 'forum_threads_fts']);
  timings.optimize = Math.round(performance.now() - o);
  for (const t of triggers) db.exec(t.sql);
  // The triggers were off: move every data version once, so a server on this file drops what it kept (decision 1057).
  db.exec('update data_versions set version = version + 1');
  if (options.analyze ?? true) {
    const t = performance.now();
    db.exec('analyze');
    timings.analyze = Math.round(performance.now() - t);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { ms: Math.round(performance.now() - started), timings };
}
