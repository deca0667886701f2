// The signed-in user's own contributions for the dashboard: reviews, interviews, salary
// submissions, moods, threads and replies, each with its moderation state (approved, pending,
// rejected with the reason), and the real numbers for the dashboard counters.
import { count, desc, eq } from 'drizzle-orm';
import {
  forumCategories,
  forumPosts,
  forumThreads,
  interviewExperiences,
  reviews,
  salaries,
  savedJobs,
  schoolMoods,
  schools,
} from '../../db/schema';
import type { DB } from '../../db/client';
import { approvalState } from '../lib/moderators';

/** Interviews, salaries and moods are published at once (no moderation step). */
const PUBLISHED = 'approved' as const;

/** The user's own contributions, each with its moderation state, and the dashboard's counters. */
export function activityOf(db: DB, userId: string) {
  const reviewRows = db
    .select({
      id: reviews.id,
      schoolId: reviews.schoolId,
      schoolName: schools.name,
      overallRating: reviews.overallRating,
      jobTitle: reviews.jobTitle,
      pros: reviews.pros,
      cons: reviews.cons,
      isApproved: reviews.isApproved,
      rejectedAt: reviews.rejectedAt,
      rejectionReason: reviews.rejectionReason,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(schools, eq(reviews.schoolId, schools.id))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .all()
    .map((r) => ({ ...r, status: approvalState(r) }));

  const interviewRows = db
    .select({
      id: interviewExperiences.id,
      schoolId: interviewExperiences.schoolId,
      schoolName: schools.name,
      jobTitle: interviewExperiences.jobTitle,
      interviewDifficulty: interviewExperiences.interviewDifficulty,
      outcome: interviewExperiences.outcome,
      overallExperience: interviewExperiences.overallExperience,
      createdAt: interviewExperiences.createdAt,
    })
    .from(interviewExperiences)
    .innerJoin(schools, eq(interviewExperiences.schoolId, schools.id))
    .where(eq(interviewExperiences.userId, userId))
    .orderBy(desc(interviewExperiences.createdAt), desc(interviewExperiences.id))
    .all()
    .map((r) => ({ ...r, status: PUBLISHED }));

  const salaryRows = db
    .select({
      id: salaries.id,
      jobTitle: salaries.jobTitle,
      schoolType: salaries.schoolType,
      borough: salaries.borough,
      yearsExperience: salaries.yearsExperience,
      annualSalary: salaries.annualSalary,
      additionalBenefits: salaries.additionalBenefits,
      createdAt: salaries.createdAt,
    })
    .from(salaries)
    .where(eq(salaries.userId, userId))
    .orderBy(desc(salaries.createdAt), desc(salaries.id))
    .all()
    .map((r) => ({ ...r, status: PUBLISHED }));

  const moodRows = db
    .select({
      id: schoolMoods.id,
      schoolId: schoolMoods.schoolId,
      schoolName: schools.name,
      emoji: schoolMoods.emoji,
      mood: schoolMoods.mood,
      comment: schoolMoods.comment,
      anonymous: schoolMoods.anonymous,
      createdAt: schoolMoods.createdAt,
      updatedAt: schoolMoods.updatedAt,
    })
    .from(schoolMoods)
    .innerJoin(schools, eq(schoolMoods.schoolId, schools.id))
    .where(eq(schoolMoods.userId, userId))
    .orderBy(desc(schoolMoods.updatedAt), desc(schoolMoods.id))
    .all()
    .map((r) => ({ ...r, status: PUBLISHED }));

  const threadRows = db
    .select({
      id: forumThreads.id,
      title: forumThreads.title,
      categoryId: forumThreads.categoryId,
      categoryName: forumCategories.name,
      isApproved: forumThreads.isApproved,
      isLocked: forumThreads.isLocked,
      replyCount: forumThreads.replyCount,
      viewCount: forumThreads.viewCount,
      rejectedAt: forumThreads.rejectedAt,
      rejectionReason: forumThreads.rejectionReason,
      createdAt: forumThreads.createdAt,
    })
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
    .where(eq(forumThreads.userId, userId))
    .orderBy(desc(forumThreads.createdAt), desc(forumThreads.id))
    .all()
    .map((r) => ({ ...r, status: approvalState(r) }));

  const postRows = db
    .select({
      id: forumPosts.id,
      threadId: forumPosts.threadId,
      threadTitle: forumThreads.title,
      content: forumPosts.content,
      isApproved: forumPosts.isApproved,
      rejectedAt: forumPosts.rejectedAt,
      rejectionReason: forumPosts.rejectionReason,
      createdAt: forumPosts.createdAt,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumPosts.threadId, forumThreads.id))
    .where(eq(forumPosts.userId, userId))
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .all()
    .map((r) => ({ ...r, status: approvalState(r) }));

  const savedCount = db.select({ n: count() }).from(savedJobs).where(eq(savedJobs.userId, userId)).get()?.n ?? 0;
  const pendingOf = (rows: { status: string }[]) => rows.filter((r) => r.status === 'pending').length;

  return {
    counts: {
      savedJobs: savedCount,
      /** Reviews written, whatever their state (the dashboard's "reviews written"). */
      reviews: reviewRows.length,
      reviewsApproved: reviewRows.filter((r) => r.status === 'approved').length,
      interviews: interviewRows.length,
      salaries: salaryRows.length,
      moods: moodRows.length,
      threads: threadRows.length,
      posts: postRows.length,
      pending: pendingOf(reviewRows) + pendingOf(threadRows) + pendingOf(postRows),
    },
    reviews: reviewRows,
    interviews: interviewRows,
    salaries: salaryRows,
    moods: moodRows,
    threads: threadRows,
    posts: postRows,
  };
}
