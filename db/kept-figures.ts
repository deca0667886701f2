// Every figure the triggers keep (migration *_scale-sql), recounted from scratch and compared,
// plus each FTS5 index against its content: the property test's oracle and a check for bench data.
import type { DB } from './client';

const MOODS = ['excited', 'happy', 'neutral', 'frustrated', 'stressed'];
/** A review's optional ratings: each kept as a sum and a count of the reviews that gave it (decision 2027). */
const SUB_RATINGS = ['work_life_balance', 'compensation', 'career_opportunities', 'culture', 'leadership'];

type Client = DB['$client'];

/** Each school's kept review sums, interview and mood counts against a recount. */
function schoolFigures(s: Client): unknown[] {
  const problems: unknown[] = [];
  const schoolRows = s
    .prepare(
      `select s.id,
         (select count(*) from reviews r where r.school_id = s.id and r.is_approved = 1) review_count,
         (select coalesce(sum(overall_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) overall_sum,
         (select coalesce(sum(work_life_balance_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) work_life_balance_sum,
         (select coalesce(sum(compensation_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) compensation_sum,
         (select coalesce(sum(career_opportunities_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) career_opportunities_sum,
         (select coalesce(sum(culture_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) culture_sum,
         (select coalesce(sum(leadership_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) leadership_sum,
         ${SUB_RATINGS.map((c) => `(select count(${c}_rating) from reviews r where r.school_id = s.id and r.is_approved = 1) ${c}_count`).join(', ')},
         (select coalesce(sum(would_recommend), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) recommend_count,
         (select coalesce(avg(overall_rating), 0) from reviews r where r.school_id = s.id and r.is_approved = 1) average_rating,
         (select count(*) from interview_experiences i where i.school_id = s.id and i.is_approved = 1) interview_count,
         ${MOODS.map((m) => `(select count(*) from school_moods m where m.school_id = s.id and m.mood = '${m}') ${m}_count`).join(', ')}
       from schools s`,
    )
    .all() as Record<string, number>[];
  const fields = [
    'review_count',
    'overall_sum',
    'work_life_balance_sum',
    'compensation_sum',
    'career_opportunities_sum',
    'culture_sum',
    'leadership_sum',
    ...SUB_RATINGS.map((c) => `${c}_count`),
    'recommend_count',
    'interview_count',
    ...MOODS.map((m) => `${m}_count`),
  ];
  const kept = new Map((s.prepare('select * from school_stats').all() as Record<string, number>[]).map((r) => [r.school_id, r]));
  for (const row of schoolRows) {
    const k = kept.get(row.id);
    if (!k) {
      problems.push({ school: row.id, missing: true });
      continue;
    }
    for (const f of fields) if (k[f] !== row[f]) problems.push({ school: row.id, field: f, kept: k[f], recount: row[f] });
    if (Math.abs(k.average_rating - row.average_rating) > 1e-9)
      problems.push({ school: row.id, field: 'average_rating', kept: k.average_rating, recount: row.average_rating });
  }
  return problems;
}

/** The kept totals of approved reviews and of approved threads per category. */
function approvedCounts(s: Client): unknown[] {
  const problems: unknown[] = [];
  const approved = (s.prepare('select count(*) n from reviews where is_approved = 1').get() as { n: number }).n;
  const keptApproved = (s.prepare("select n from kept_counts where key = 'reviews.approved'").get() as { n: number } | undefined)?.n ?? 0;
  if (approved !== keptApproved) problems.push({ reviewsApproved: keptApproved, recount: approved });
  const threads = s
    .prepare(
      'select c.id, (select count(*) from forum_threads t where t.category_id = c.id and t.is_approved = 1) n, ' +
        "coalesce((select n from kept_counts where key = 'threads.approved.' || c.id), 0) kept from forum_categories c",
    )
    .all() as { id: number; n: number; kept: number }[];
  for (const t of threads) if (t.n !== t.kept) problems.push({ category: t.id, threads: t.kept, recount: t.n });
  return problems;
}

/** The kept count of active jobs per posting day, and no active job's day missing. */
function jobDays(s: Client): unknown[] {
  const problems: unknown[] = [];
  const days = s
    .prepare(
      'select d.day, d.n, (select count(*) from jobs j where j.is_active = 1 and j.posted_at / 86400000 = d.day) recount from job_day_counts d',
    )
    .all() as { day: number; n: number; recount: number }[];
  for (const d of days) if (d.n !== d.recount) problems.push({ day: d.day, kept: d.n, recount: d.recount });
  const missingDays = s
    .prepare('select count(*) n from jobs where is_active = 1 and posted_at / 86400000 not in (select day from job_day_counts)')
    .get() as { n: number };
  if (missingDays.n) problems.push({ missingDays: missingDays.n });
  return problems;
}

/** Each thread's reply count and last reply against its approved replies. */
function replyCounters(s: Client): unknown[] {
  const problems: unknown[] = [];
  const replies = s
    .prepare(
      `select t.id, t.reply_count, t.last_reply_at, t.last_reply_user_id,
         (select count(*) from forum_posts p where p.thread_id = t.id and p.is_approved = 1) n,
         (select created_at from forum_posts p where p.thread_id = t.id and p.is_approved = 1 order by created_at desc, id desc limit 1) last_at,
         (select user_id from forum_posts p where p.thread_id = t.id and p.is_approved = 1 order by created_at desc, id desc limit 1) last_user
       from forum_threads t`,
    )
    .all() as Record<string, unknown>[];
  for (const r of replies) {
    if (r.reply_count !== r.n || r.last_reply_at !== r.last_at || r.last_reply_user_id !== r.last_user) problems.push({ thread: r });
  }
  return problems;
}

/** Authors' edits (decision 2020): no version outlives its item, at most one edit waits per item, and a deleted thread or reply keeps no text. */
function authorEdits(s: Client): unknown[] {
  const problems: unknown[] = [];
  const orphans = s
    .prepare(
      `select count(*) n from contribution_revisions v where not exists (
         select 1 from reviews r where v.kind = 'review' and r.id = v.target_id
         union all select 1 from interview_experiences i where v.kind = 'interview' and i.id = v.target_id
         union all select 1 from forum_threads t where v.kind = 'thread' and t.id = v.target_id and t.deleted_at is null
         union all select 1 from forum_posts p where v.kind = 'reply' and p.id = v.target_id and p.deleted_at is null)`,
    )
    .get() as { n: number };
  if (orphans.n) problems.push({ orphanRevisions: orphans.n });
  const waiting = s
    .prepare(
      "select count(*) n from (select 1 from contribution_revisions where state = 'pending' group by kind, target_id having count(*) > 1)",
    )
    .get() as { n: number };
  if (waiting.n) problems.push({ severalPendingEdits: waiting.n });
  const leftText = s
    .prepare(
      "select (select count(*) from forum_threads where deleted_at is not null and content <> '') + (select count(*) from forum_posts where deleted_at is not null and content <> '') n",
    )
    .get() as { n: number };
  if (leftText.n) problems.push({ deletedWithText: leftText.n });
  return problems;
}

/** Each FTS5 index against its content (its own integrity check). */
function ftsIntegrity(s: Client): unknown[] {
  const problems: unknown[] = [];
  for (const fts of ['jobs_fts', 'schools_fts', 'forum_threads_fts']) {
    try {
      s.prepare(`insert into ${fts} (${fts}, rank) values ('integrity-check', 1)`).run();
    } catch (e) {
      problems.push({ fts, error: (e as Error).message });
    }
  }
  return problems;
}

/** What differs between the kept figures and a full recount (empty when all agree). */
export function recountMismatches(db: Pick<DB, '$client'>) {
  const s = db.$client;
  return [...schoolFigures(s), ...approvedCounts(s), ...jobDays(s), ...replyCounters(s), ...authorEdits(s), ...ftsIntegrity(s)];
}
