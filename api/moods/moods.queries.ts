// Staff mood (product §3): the kept counts per school and the signed-in user's own mood.
import { and, desc, eq, sql } from 'drizzle-orm';
import { MOODS } from '../../core/constants';
import type { DB } from '../../db/client';
import { schoolMoods, schoolStats } from '../../db/schema';
import { columnsOf, ownMoodShape } from '../../db/shapes';
import { round } from '../schools/schools.queries';

/**
 * Product §3 mood statistics from the kept counts, which count every mood (one whose comment
 * reports hid too), and the latest approved comments; never says who set a mood.
 */
export function moodStats(db: DB, schoolId: number) {
  const s = db.select().from(schoolStats).where(eq(schoolStats.schoolId, schoolId)).get();
  const byMood = new Map<string, number>([
    ['excited', s?.excitedCount ?? 0],
    ['happy', s?.happyCount ?? 0],
    ['neutral', s?.neutralCount ?? 0],
    ['frustrated', s?.frustratedCount ?? 0],
    ['stressed', s?.stressedCount ?? 0],
  ]);
  const totalMoods = [...byMood.values()].reduce((sum, n) => sum + n, 0);
  const sentimentSum = MOODS.reduce((sum, m) => sum + m.sentiment * (byMood.get(m.mood) ?? 0), 0);
  const recentComments = db
    .select({
      id: schoolMoods.id,
      mood: schoolMoods.mood,
      emoji: schoolMoods.emoji,
      comment: schoolMoods.comment,
      updatedAt: schoolMoods.updatedAt,
    })
    .from(schoolMoods)
    .where(and(eq(schoolMoods.schoolId, schoolId), sql`${schoolMoods.comment} is not null`, eq(schoolMoods.isApproved, true)))
    .orderBy(desc(schoolMoods.updatedAt))
    .limit(5)
    .all()
    .map((m) => ({ ...m, comment: m.comment as string }));
  return {
    totalMoods,
    averageSentiment: totalMoods ? round(sentimentSum / totalMoods, 2) : 0,
    moodBreakdown: MOODS.map((m) => {
      const n = byMood.get(m.mood) ?? 0;
      return { mood: m.mood, emoji: m.emoji, label: m.label, count: n, percentage: totalMoods ? Math.round((n / totalMoods) * 100) : 0 };
    }),
    recentComments,
  };
}

/** The user's own mood for a school as product §3 reads it (plus the school id), or undefined. */
export function findMood(db: DB, schoolId: number, userId: string) {
  return db
    .select(columnsOf(schoolMoods, ownMoodShape))
    .from(schoolMoods)
    .where(and(eq(schoolMoods.schoolId, schoolId), eq(schoolMoods.userId, userId)))
    .get();
}
