import { z } from '@hono/zod-openapi';
import { createSelectSchema } from 'drizzle-zod';
import { forumPosts, forumThreads, REPORT_KINDS, reviews } from '../../db/schema';
import { approvalStatus } from '../../db/shapes';
import { rejectInput } from '../../db/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../lib/route';
import { idParam } from '../lib/validate';

const route = resourceRoutes('Moderation');
const author = z.object({ firstName: z.string().nullable() });

const queue = z.object({
  permissions: z.object({
    isAdmin: z.boolean(),
    categories: z.array(
      z.object({
        categoryId: z.number().int(),
        canEdit: z.boolean(),
        canDelete: z.boolean(),
        canApprove: z.boolean(),
        canLock: z.boolean(),
      }),
    ),
  }),
  reviews: z.array(
    createSelectSchema(reviews)
      .omit({ userId: true, isApproved: true, rejectedAt: true, rejectionReason: true })
      .extend({ schoolName: z.string() }),
  ),
  responses: z
    .array(
      z.object({
        id: z.number().int(),
        reviewId: z.number().int(),
        schoolId: z.number().int(),
        schoolName: z.string(),
        body: z.string(),
        publishedBody: z.string().nullable().describe('The text readers see now, when this is an edit'),
        updatedAt: z.date(),
        review: z.object({ overallRating: z.number().int(), pros: z.string(), cons: z.string(), jobTitle: z.string().nullable() }),
      }),
    )
    .describe("Schools' responses to reviews waiting for a decision (admins; decision 2111): never who wrote the review or the response"),
  threads: z.array(
    createSelectSchema(forumThreads)
      .pick({ id: true, categoryId: true, title: true, content: true, createdAt: true })
      .extend({ category: z.object({ id: z.number().int(), name: z.string() }), user: author }),
  ),
  posts: z.array(
    createSelectSchema(forumPosts)
      .pick({ id: true, threadId: true, parentPostId: true, content: true, createdAt: true })
      .extend({ threadTitle: z.string(), categoryId: z.number().int(), user: author }),
  ),
  reported: z
    .array(
      z.object({
        kind: z.enum(REPORT_KINDS),
        id: z.number().int(),
        hidden: z.boolean(),
        reports: z.array(z.object({ reason: z.string(), createdAt: z.date() })),
        reportCount: z.number().int(),
        categoryId: z.number().int().nullable(),
        content: z.record(z.string(), z.unknown()),
      }),
    )
    .describe('Reported items with their undecided reports (decision 1422): reasons and dates, never who reported'),
  edits: z
    .array(
      z.object({
        kind: z.enum(['review', 'interview']),
        id: z.number().int(),
        schoolId: z.number().int(),
        schoolName: z.string(),
        published: z.record(z.string(), z.unknown()),
        proposed: z.record(z.string(), z.unknown()),
        submittedAt: z.date(),
      }),
    )
    .describe("Authors' edits of published reviews and interviews, each beside the version that shows (admins; decision 2020)"),
});

const decisionParam = idParam.extend({ kind: z.enum(['reviews', 'threads', 'posts', 'responses']) });
const reportedParam = idParam.extend({ kind: z.enum(REPORT_KINDS) });
const decided = z.object({
  kind: z.enum(['review', 'thread', 'post', 'response']),
  id: z.number().int(),
  status: approvalStatus,
  isApproved: z.boolean(),
  rejectionReason: z.string().nullable(),
});
const reportDecided = z.object({ kind: z.enum(REPORT_KINDS), id: z.number().int(), decision: z.enum(['approved', 'removed']) });
const threadFlags = z.object({
  kind: z.literal('thread'),
  id: z.number().int(),
  isLocked: z.boolean(),
  isSticky: z.boolean(),
  isApproved: z.boolean(),
});
const policy = { access: 'moderator', limit: 'moderation', idempotent: true } as const;

export const queueRoute = route.get('/moderation/queue', {
  summary: 'The pending and reported items this moderator may decide (admins: everything; moderators: their categories)',
  policy: { access: 'moderator', page: { path: '/moderation', index: false } },
  responses: { 200: jsonOf(queue, 'The queue') },
});

export const approve = route.post('/moderation/{kind}/{id}/approve', {
  summary: 'Publishes a pending review, thread, reply or school response',
  policy,
  request: { params: decisionParam },
  responses: { 200: jsonOf(decided, 'Decided'), ...errors(400, 404) },
});

export const reject = route.post('/moderation/{kind}/{id}/reject', {
  summary: 'Refuses a pending review, thread or reply, with the reason its author will read',
  policy,
  request: { params: decisionParam, body: jsonBody(rejectInput) },
  responses: { 200: jsonOf(decided, 'Decided'), ...errors(400, 404) },
});

export const keepReported = route.post('/moderation/reports/{kind}/{id}/approve', {
  summary: 'Keeps a reported item published and settles its reports',
  policy,
  request: { params: reportedParam },
  responses: { 200: jsonOf(reportDecided, 'Decided'), ...errors(400, 404) },
});

export const removeReported = route.post('/moderation/reports/{kind}/{id}/reject', {
  summary: 'Removes a reported item from the public, with a reason, and settles its reports',
  policy,
  request: { params: reportedParam, body: jsonBody(rejectInput) },
  responses: { 200: jsonOf(reportDecided, 'Decided'), ...errors(400, 404) },
});

const threadAction = <A extends 'lock' | 'unlock' | 'sticky' | 'unsticky'>(action: A, summary: string) =>
  route.post(`/moderation/threads/{id}/${action}`, {
    summary,
    policy,
    request: { params: idParam },
    responses: { 200: jsonOf(threadFlags, "The thread's flags"), ...errors(400, 404) },
  });

export const lock = threadAction('lock', 'Locks a thread: no new replies');
export const unlock = threadAction('unlock', 'Unlocks a thread');
export const sticky = threadAction('sticky', 'Pins a thread to the top of its list');
export const unsticky = threadAction('unsticky', 'Unpins a thread');

const editParam = idParam.extend({ kind: z.enum(['reviews', 'interviews']) });
const editDecided = z.object({ kind: z.enum(['review', 'interview']), id: z.number().int(), edit: z.enum(['approved', 'rejected']) });

export const approveEdit = route.post('/moderation/edits/{kind}/{id}/approve', {
  summary: "Publishes an author's edit of her review or interview in place of the published version (admins; decision 2020)",
  policy,
  request: { params: editParam },
  responses: { 200: jsonOf(editDecided, 'Decided'), ...errors(400, 404) },
});

export const rejectEdit = route.post('/moderation/edits/{kind}/{id}/reject', {
  summary: "Refuses an author's edit: the published version stays; she reads the reason (admins; decision 2020)",
  policy,
  request: { params: editParam, body: jsonBody(rejectInput) },
  responses: { 200: jsonOf(editDecided, 'Decided'), ...errors(400, 404) },
});

export const versions = route.get('/moderation/{kind}/{id}/versions', {
  summary: 'The earlier versions of a thread or reply its author edited, oldest first (admins and the category moderators)',
  policy: { access: 'moderator' },
  request: { params: idParam.extend({ kind: z.enum(['threads', 'posts']) }) },
  responses: {
    200: jsonOf(
      z.object({
        kind: z.enum(['thread', 'reply']),
        id: z.number().int(),
        versions: z.array(z.object({ title: z.string().nullable(), content: z.string(), replacedAt: z.date() })),
      }),
      'Earlier versions',
    ),
    ...errors(400, 404),
  },
});
