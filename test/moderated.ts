// Test helpers for what members write and moderators publish: a review's body with the usual
// fields, and threads, replies and reviews sent by a member and approved by a moderator (each
// step checked), answering the new item's id.
import { getTableColumns } from 'drizzle-orm';
import { expect } from 'vitest';
import { reviews } from '../db/schema';
import type { caller } from './requests';

type Call = ReturnType<typeof caller>;

type RatingKey = Extract<keyof typeof reviews.$inferSelect, `${string}Rating`>;
/** A review's six ratings as db/schema.ts declares them, in its (and the form's) order. */
export const RATING_KEYS = Object.keys(getTableColumns(reviews)).filter((key): key is RatingKey => key.endsWith('Rating'));
type Ratings = Record<RatingKey, number>;

/**
 * A review as a member sends it: the six ratings in the form's order (overall, work-life balance,
 * compensation, career opportunities, culture, leadership), a teacher of 1-2 years unless `fields`
 * says otherwise, and its texts.
 */
export function reviewBody<F extends { pros: string; cons: string; wouldRecommend: boolean }>(
  ratings: [number, number, number, number, number, number],
  fields: F,
): Ratings & { jobTitle: string; yearsAtSchool: string } & F {
  const scores = Object.fromEntries(RATING_KEYS.map((key, i) => [key, ratings[i]])) as Ratings;
  return { ...scores, jobTitle: 'Teacher', yearsAtSchool: '1-2 years', ...fields };
}

/** An interview as a member sends it: a medium interview that ended in an offer, unless `more` says otherwise. */
export function interviewBody(jobTitle: string, processDescription: string, more: Record<string, unknown> = {}) {
  return { jobTitle, processDescription, interviewDifficulty: 'Medium', outcome: 'Offer', ...more };
}

/** The review and interview whose author edits them (decision 2020): published first, then changed. */
export const reviewToEdit = reviewBody([4, 3, 3, 4, 4, 3], {
  pros: 'Kind colleagues and a calm staff room',
  cons: 'Marking load is heavy in the spring',
  wouldRecommend: true,
  employmentStatus: 'Current',
  jobTitle: 'Teacher of English',
});
export const interviewToEdit = interviewBody('Teacher of Maths', 'A lesson with Year 9 and a panel interview after lunch');

/** Writes that a moderator approves at once: each sends as `author`, checks the 201 and the approval's 200, and answers the id. */
export function approvedBy(call: Call, moderator: string) {
  const approve = async (kind: 'threads' | 'posts' | 'reviews', made: { status: number; body: { id: number } }) => {
    expect(made.status).toBe(201);
    expect((await call('POST', `/api/moderation/${kind}/${made.body.id}/approve`, { cookie: moderator })).status).toBe(200);
    return made.body.id;
  };
  return {
    thread: async (author: string, body: { title: string; content: string; categoryId: number }) =>
      approve('threads', await call('POST', '/api/forum/threads', { cookie: author, body })),
    reply: async (author: string, threadId: number, body: { content: string; parentPostId?: number }) =>
      approve('posts', await call('POST', `/api/forum/threads/${threadId}/posts`, { cookie: author, body })),
    review: async (author: string, schoolId: number, body: object) =>
      approve('reviews', await call('POST', `/api/schools/${schoolId}/reviews`, { cookie: author, body })),
  };
}
