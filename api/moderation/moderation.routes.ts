import { z } from '@hono/zod-openapi';
import { createSelectSchema } from 'drizzle-zod';
import { forumPosts, forumThreads, REPORT_KINDS, reviews } from '../../db/schema';
import { approvalStatus } from '../../db/shapes';
import { rejectInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { idParam } from '../platform/validate';

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
      .extend({
        category: z.object({ id: z.number().int(), name: z.string() }),
        user: author,
        html: z.string().describe("The content as the public will read it: rendered by the forum's Markdown renderer (decision 2115)"),
      }),
  ),
  posts: z.array(
    createSelectSchema(forumPosts)
      .pick({ id: true, threadId: true, parentPostId: true, content: true, createdAt: true })
      .extend({
        threadTitle: z.string(),
        categoryId: z.number().int(),
        user: author,
        html: z.string().describe('The reply as the public will read it, rendered (decision 2115)'),
      }),
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
        kind: z.enum(['review', 'interview', 'thread', 'reply']),
        id: z.number().int(),
        schoolId: z.number().int().nullable().describe("A review's or interview's school"),
        schoolName: z.string().nullable(),
        threadId: z.number().int().nullable().describe("A thread's or reply's thread"),
        threadTitle: z.string().nullable(),
        categoryId: z.number().int().nullable(),
        published: z.record(z.string(), z.unknown()),
        proposed: z.record(z.string(), z.unknown()),
        submittedAt: z.date(),
      }),
    )
    .describe(
      "Authors' edits of published items, each beside the version that shows (reviews and interviews: admins; threads and replies: also the category's moderators; decisions 2020, 2026)",
    ),
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
// The data each decision may change (decision 0015: the web app reads again what names it): a
// review's approval moves its school's ratings; a report's or an edit's item may be any of theirs.
const decisionData = { ...policy, data: ['reviews', 'schools', 'forum'] } as const;
const reportData = { ...policy, data: ['reviews', 'interviews', 'moods', 'schools', 'forum'] } as const;
const editData = { ...policy, data: ['reviews', 'interviews', 'schools', 'forum'] } as const;
const threadData = { ...policy, data: ['forum'] } as const;

export const queueRoute = route.get('/moderation/queue', {
  summary: 'The pending and reported items this moderator may decide (admins: everything; moderators: their categories)',
  // What waits or was reported: reviews (with schools' responses), interviews, moods, threads, replies.
  policy: { access: 'moderator', data: ['reviews', 'interviews', 'moods', 'forum'], page: { path: '/moderation', index: false } },
  responses: { 200: jsonOf(queue, 'The queue') },
});

/**
 * A moderator's two decisions on the item at `base`: approve, or reject with the reason its author
 * reads (a body of `rejectInput`); both answer `answer` ("Decided").
 */
function decisions<B extends string, Params extends z.ZodObject, Answer extends z.ZodType>(
  base: B,
  params: Params,
  answer: Answer,
  summary: { approve: string; reject: string },
  policy: typeof decisionData | typeof reportData | typeof editData,
) {
  const responses = { 200: jsonOf(answer, 'Decided'), ...errors(400, 404) };
  return {
    approve: route.post(`${base}/approve`, { summary: summary.approve, policy, request: { params }, responses }),
    reject: route.post(`${base}/reject`, { summary: summary.reject, policy, request: { params, body: jsonBody(rejectInput) }, responses }),
  };
}

export const { approve, reject } = decisions(
  '/moderation/{kind}/{id}',
  decisionParam,
  decided,
  {
    approve: 'Publishes a pending review, thread, reply or school response',
    reject: 'Refuses a pending review, thread or reply, with the reason its author will read',
  },
  decisionData,
);

export const { approve: keepReported, reject: removeReported } = decisions(
  '/moderation/reports/{kind}/{id}',
  reportedParam,
  reportDecided,
  {
    approve: 'Keeps a reported item published and settles its reports',
    reject: 'Removes a reported item from the public, with a reason, and settles its reports',
  },
  reportData,
);

const threadAction = <A extends 'lock' | 'unlock' | 'sticky' | 'unsticky'>(action: A, summary: string) =>
  route.post(`/moderation/threads/{id}/${action}`, {
    summary,
    policy: threadData,
    request: { params: idParam },
    responses: { 200: jsonOf(threadFlags, "The thread's flags"), ...errors(400, 404) },
  });

export const lock = threadAction('lock', 'Locks a thread: no new replies');
export const unlock = threadAction('unlock', 'Unlocks a thread');
export const sticky = threadAction('sticky', 'Pins a thread to the top of its list');
export const unsticky = threadAction('unsticky', 'Unpins a thread');

const editParam = idParam.extend({ kind: z.enum(['reviews', 'interviews', 'threads', 'posts']) });
const editDecided = z.object({
  kind: z.enum(['review', 'interview', 'thread', 'reply']),
  id: z.number().int(),
  edit: z.enum(['approved', 'rejected']),
});

export const { approve: approveEdit, reject: rejectEdit } = decisions(
  '/moderation/edits/{kind}/{id}',
  editParam,
  editDecided,
  {
    approve:
      "Publishes an author's edit of her review, interview, thread or reply in place of the published version (admins; a thread's or reply's also its category's moderators; decisions 2020, 2026)",
    reject: "Refuses an author's edit: the published version stays; she reads the reason (decisions 2020, 2026)",
  },
  editData,
);

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
