// What teachers say of the school a job is at, for the job page beside the advert (issue 37 item
// 2): its teacher rating and review count, a line of its latest approved review, its interview
// count and its staff mood. From the figures kept over approved contributions (school_stats) and
// one indexed read of the latest review; never who wrote anything (decision 0205).
import { and, desc, eq } from 'drizzle-orm';
import { MOODS } from '../../core/constants';
import type { DB } from '../../db/client';
import { reviews, schoolStats } from '../../db/schema';
import { round } from '../schools/schools.queries';

/** The longest review line shown (a phone's two lines); cut at a word, with an ellipsis. */
export const REVIEW_LINE_MAX = 140;

/** The first line of a review's text, at most REVIEW_LINE_MAX characters, cut at a word. */
export function reviewLine(text: string): string {
  const first = text.trim().split(/\n+/)[0].replace(/\s+/g, ' ').trim();
  if (first.length <= REVIEW_LINE_MAX) return first;
  const cut = first.slice(0, REVIEW_LINE_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > REVIEW_LINE_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

const MOOD_COUNTS = {
  excited: schoolStats.excitedCount,
  happy: schoolStats.happyCount,
  neutral: schoolStats.neutralCount,
  frustrated: schoolStats.frustratedCount,
  stressed: schoolStats.stressedCount,
} as const;

/** The school's voice for its jobs' page: ratings, counts, mood (the most shared; ties to the happier) and its latest review's line. */
export function schoolVoice(db: DB, schoolId: number) {
  const s = db
    .select({
      reviewCount: schoolStats.reviewCount,
      averageRating: schoolStats.averageRating,
      interviewCount: schoolStats.interviewCount,
      ...MOOD_COUNTS,
    })
    .from(schoolStats)
    .where(eq(schoolStats.schoolId, schoolId))
    .get();
  const latest = db
    .select({
      id: reviews.id,
      overallRating: reviews.overallRating,
      jobTitle: reviews.jobTitle,
      pros: reviews.pros,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.schoolId, schoolId), eq(reviews.isApproved, true)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(1)
    .get();
  const counts = MOODS.map((m) => ({ ...m, count: s?.[m.mood] ?? 0 }));
  const total = counts.reduce((sum, m) => sum + m.count, 0);
  const top = counts.reduce((best, m) => (m.count > best.count ? m : best), counts[0]);
  return {
    reviewCount: s?.reviewCount ?? 0,
    averageRating: s?.reviewCount ? round(s.averageRating, 2) : null,
    interviewCount: s?.interviewCount ?? 0,
    mood: total
      ? {
          total,
          averageSentiment: round(counts.reduce((sum, m) => sum + m.sentiment * m.count, 0) / total, 2),
          top: { mood: top.mood, emoji: top.emoji, label: top.label, count: top.count },
        }
      : null,
    latestReview: latest
      ? {
          id: latest.id,
          overallRating: latest.overallRating,
          jobTitle: latest.jobTitle,
          line: reviewLine(latest.pros),
          createdAt: latest.createdAt,
        }
      : null,
  };
}
