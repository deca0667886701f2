import { z } from '@hono/zod-openapi';
import { categoryShape, replyShape, threadShape } from '../../db/shapes';
import { postEdit, postInput, threadEdit, threadInput } from '../../core/validation';
import { resourceRoutes, errors, jsonBody, jsonOf, pageOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { threadsQuery } from './forum.queries';

const route = resourceRoutes('Forum');

/** A body as the page shows it: its Markdown `content` rendered by the one safe renderer (api/markdown/render.ts). */
const renderedHtml = z.string().describe('The sanitised HTML of `content` ("" for a deleted one): the only HTML the page inserts');

export const categories = route.get('/forum/categories', {
  summary: "The forum's categories, in order",
  policy: { access: 'public', cache: 'everyone', data: ['forum'] },
  responses: { 200: jsonOf(z.array(categoryShape), 'The categories') },
});

export const threads = route.get('/forum/threads', {
  summary: 'Threads, sticky first then newest (or best match first), a page at a time; a member also sees her own pending ones',
  policy: { access: 'public', cache: 'visitors', data: ['forum'], page: { path: '/forum', index: true } },
  request: { query: threadsQuery },
  responses: { 200: pageOf(threadShape, 'A page of threads (content cut to a preview)'), ...errors(400) },
});

export const createThread = route.post('/forum/threads', {
  summary: 'Starts a thread; it is published once a moderator approves it',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['forum'] },
  request: { body: jsonBody(threadInput) },
  responses: { 201: jsonOf(threadShape, 'The thread, pending'), ...errors(400) },
});

export const thread = route.get('/forum/threads/{id}', {
  summary: 'A thread with every reply this viewer may see, oldest first (counts a view once a day per viewer)',
  // A visitor's answer is shared (a member may also see pending replies); the view is counted before the cache is asked (views.ts).
  policy: { access: 'public', cache: 'visitors', data: ['forum'], page: { path: '/forum/threads/{id}', index: true } },
  request: { params: idParam },
  responses: {
    200: jsonOf(
      threadShape.extend({
        html: renderedHtml,
        text: z.string().describe('The opening post as plain text (no Markdown marks): the page description'),
        replies: z.array(replyShape.extend({ html: renderedHtml })),
      }),
      'The thread and its replies',
    ),
    ...errors(400, 404),
  },
});

export const reply = route.post('/forum/threads/{id}/posts', {
  summary: 'Replies to a thread, or to one of its replies; published once a moderator approves it',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['forum'] },
  request: { params: idParam, body: jsonBody(postInput) },
  responses: {
    201: jsonOf(replyShape.extend({ threadId: z.number().int(), status: z.literal('pending') }), 'The reply, pending'),
    ...errors(400, 404, 409, 423),
  },
});

/** Her edit of a published thread or reply while it waits for a moderator (decision 2026); null when it was published at once. */
const waitingEdit = z
  .object({ status: z.literal('pending'), title: z.string().optional(), content: z.string(), submittedAt: z.date() })
  .nullable()
  .describe('Her edit waiting for a moderator (everyone else reads the approved text until then), or null when it went straight through');

const removed = <K extends 'thread' | 'reply'>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    id: z.number().int(),
    deleted: z.literal(true),
    placeholder: z.boolean().describe('true: it stays as "deleted by its author" so its replies still read'),
  });

export const editThread = route.patch('/forum/threads/{id}', {
  summary:
    'Her own thread changed (title, content): a published one keeps its approved text until a moderator approves the edit, but for a small fix in its first 10 minutes; the old version is kept for moderators (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['forum'] },
  request: { params: idParam, body: jsonBody(threadEdit) },
  responses: {
    200: jsonOf(threadShape.extend({ edit: waitingEdit }), 'The thread as readers see it, and her waiting edit'),
    ...errors(400, 404),
  },
});

export const deleteThread = route.delete('/forum/threads/{id}', {
  summary: 'Deletes her own thread: with replies it stays as a placeholder above them, without replies it goes (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['forum'] },
  request: { params: idParam },
  responses: { 200: jsonOf(removed('thread'), 'Deleted'), ...errors(400, 404) },
});

export const editPost = route.patch('/forum/posts/{id}', {
  summary:
    'Her own reply changed: a published one keeps its approved text until a moderator approves the edit, but for a small fix in its first 10 minutes; the old version is kept for moderators (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['forum'] },
  request: { params: idParam, body: jsonBody(postEdit) },
  responses: {
    200: jsonOf(replyShape.extend({ threadId: z.number().int(), edit: waitingEdit }), 'The reply as readers see it, and her waiting edit'),
    ...errors(400, 404),
  },
});

export const deletePost = route.delete('/forum/posts/{id}', {
  summary: 'Deletes her own reply: it stays as "deleted by its author" so the conversation still reads (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['forum'] },
  request: { params: idParam },
  responses: { 200: jsonOf(removed('reply'), 'Deleted'), ...errors(400, 404) },
});
