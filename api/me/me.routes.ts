import { z } from '@hono/zod-openapi';
import { createSelectSchema } from 'drizzle-zod';
import { forumPosts, forumThreads, interviewExperiences, reviews, salaries, schoolMoods } from '../../db/schema';
import { approvalStatus, interviewFieldsShape, reviewFieldsShape } from '../../db/shapes';
import { deleteAccountInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';

const route = resourceRoutes('Me');
const published = z.literal('approved').describe('Published at once (no moderation step)');

const hidden = z.boolean().describe('Hidden by reports until a moderator decides (decision 1422)');
const editState = z
  .object({ status: z.enum(['pending', 'rejected']), reason: z.string().nullable(), submittedAt: z.date() })
  .nullable()
  .describe('Her latest edit of the published version: waiting, or refused with the reason (decision 2020)');

const proposedForum = z
  .object({
    title: z.string().optional(),
    content: z.string(),
    html: z.string().describe('Its sanitised HTML, as the thread page shows it'),
  })
  .nullable()
  .describe('Her edit while it waits for a moderator (decision 2026): what her own thread page shows her, and her edit form opens with');

/** The user's own contributions as the dashboard lists them, each with its moderation state. */
const activity = z.object({
  counts: z.object({
    savedJobs: z.number().int(),
    reviews: z.number().int().describe('Reviews written, whatever their state'),
    reviewsApproved: z.number().int(),
    interviews: z.number().int(),
    salaries: z.number().int(),
    moods: z.number().int(),
    threads: z.number().int(),
    posts: z.number().int(),
    pending: z.number().int(),
  }),
  reviews: z.array(
    createSelectSchema(reviews)
      .pick({
        id: true,
        schoolId: true,
        overallRating: true,
        jobTitle: true,
        pros: true,
        cons: true,
        isApproved: true,
        rejectedAt: true,
        rejectionReason: true,
        createdAt: true,
      })
      .extend({
        schoolName: z.string(),
        status: approvalStatus,
        hidden: hidden,
        edit: editState,
        fields: reviewFieldsShape.describe('The version she last wrote (her waiting edit, else the review): what her edit form opens with'),
      }),
  ),
  interviews: z.array(
    createSelectSchema(interviewExperiences)
      .pick({
        id: true,
        schoolId: true,
        jobTitle: true,
        interviewDifficulty: true,
        outcome: true,
        overallExperience: true,
        createdAt: true,
      })
      .extend({
        schoolName: z.string(),
        status: published,
        hidden: hidden,
        edit: editState,
        fields: interviewFieldsShape.describe(
          'The version she last wrote (her waiting edit, else the interview): what her edit form opens with',
        ),
      }),
  ),
  salaries: z.array(
    createSelectSchema(salaries)
      .pick({
        id: true,
        jobTitle: true,
        schoolType: true,
        borough: true,
        yearsExperience: true,
        annualSalary: true,
        additionalBenefits: true,
        publishedAt: true,
        createdAt: true,
      })
      .extend({ status: published }),
  ),
  moods: z.array(
    createSelectSchema(schoolMoods)
      .pick({ id: true, schoolId: true, emoji: true, mood: true, comment: true, anonymous: true, createdAt: true, updatedAt: true })
      .extend({ schoolName: z.string(), status: published }),
  ),
  threads: z.array(
    createSelectSchema(forumThreads)
      .pick({
        id: true,
        title: true,
        categoryId: true,
        isApproved: true,
        isLocked: true,
        replyCount: true,
        viewCount: true,
        rejectedAt: true,
        rejectionReason: true,
        content: true,
        editedAt: true,
        createdAt: true,
      })
      .extend({ categoryName: z.string(), status: approvalStatus, hidden: hidden, edit: editState, proposed: proposedForum }),
  ),
  posts: z.array(
    createSelectSchema(forumPosts)
      .pick({
        id: true,
        threadId: true,
        content: true,
        isApproved: true,
        rejectedAt: true,
        rejectionReason: true,
        editedAt: true,
        createdAt: true,
      })
      .extend({ threadTitle: z.string(), status: approvalStatus, hidden: hidden, edit: editState, proposed: proposedForum }),
  ),
});

const session = z.object({
  id: z.string().describe('A public id of the session (not its secret)'),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});

export const activityRoute = route.get('/me/activity', {
  summary: "The signed-in user's own contributions with their moderation state, and the dashboard's counters",
  policy: { access: 'user', page: { path: '/dashboard', index: false }, data: ['reviews', 'interviews', 'salaries', 'moods', 'forum'] },
  responses: { 200: jsonOf(activity, 'Her activity') },
});

export const exportRoute = route.get('/me/export', {
  summary: 'A JSON file of everything held about the user (UK GDPR right of access and portability)',
  policy: { access: 'user' },
  responses: {
    200: jsonOf(
      z
        .object({ exportedAt: z.string(), service: z.string(), about: z.string() })
        .describe('And her profile, sessions and every row of hers, by table'),
      'Her data (Content-Disposition: attachment)',
    ),
  },
});

export const sessions = route.get('/me/sessions', {
  summary: "The user's live sessions, this one first",
  policy: { access: 'user', data: ['sessions'] },
  responses: { 200: jsonOf(z.array(session), 'Her sessions') },
});

export const revokeOthers = route.post('/me/sessions/revoke-others', {
  summary: 'Signs out every other session (never limited: a stolen session must not be able to block it)',
  policy: { access: 'user', limit: 'none', data: ['sessions'] },
  responses: { 200: jsonOf(z.object({ revoked: z.number().int() }), 'How many sessions ended') },
});

export const deleteAccount = route.delete('/me', {
  summary: 'Deletes the account after the typed confirmation; contributions stay, unlinked (never limited: erasure)',
  policy: { access: 'user', limit: 'none' },
  request: { body: jsonBody(deleteAccountInput) },
  responses: {
    200: jsonOf(
      z.object({
        deleted: z.literal(true),
        removed: z.record(z.string(), z.number().int()),
        unlinked: z.record(z.string(), z.number().int()),
      }),
      'Deleted, and what went',
    ),
    ...errors(400),
  },
});
