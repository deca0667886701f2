import { z } from '@hono/zod-openapi';
import { categoryShape, replyShape, threadShape } from '../../db/shapes';
import { postEdit, postInput, threadEdit, threadInput } from '../../db/validation';
import { apiRoute, errors, jsonBody, jsonOf, pageOf } from '../lib/route';
import { idParam } from '../lib/validate';
import { threadsQuery } from './forum.queries';

const tags = ['Forum'];

/** A body as the page shows it: its Markdown `content` rendered by the one safe renderer (api/lib/markdown.ts). */
const renderedHtml = z.string().describe('The sanitised HTML of `content` ("" for a deleted one): the only HTML the page inserts');

export const categories = apiRoute({
  method: 'get',
  path: '/forum/categories',
  tags,
  summary: "The forum's categories, in order",
  policy: { access: 'public', cache: 'everyone', data: ['forum'] },
  responses: { 200: jsonOf(z.array(categoryShape), 'The categories'), ...errors(429) },
});

export const threads = apiRoute({
  method: 'get',
  path: '/forum/threads',
  tags,
  summary: 'Threads, sticky first then newest (or best match first), a page at a time; a member also sees her own pending ones',
  policy: { access: 'public', cache: 'visitors', data: ['forum'], page: { path: '/forum', index: true } },
  request: { query: threadsQuery },
  responses: { 200: pageOf(threadShape, 'A page of threads (content cut to a preview)'), ...errors(400, 429) },
});

export const createThread = apiRoute({
  method: 'post',
  path: '/forum/threads',
  tags,
  summary: 'Starts a thread; it is published once a moderator approves it',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { body: jsonBody(threadInput) },
  responses: { 201: jsonOf(threadShape, 'The thread, pending'), ...errors(400, 401, 422, 429) },
});

export const thread = apiRoute({
  method: 'get',
  path: '/forum/threads/{id}',
  tags,
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
    ...errors(400, 404, 429),
  },
});

export const reply = apiRoute({
  method: 'post',
  path: '/forum/threads/{id}/posts',
  tags,
  summary: 'Replies to a thread, or to one of its replies; published once a moderator approves it',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(postInput) },
  responses: {
    201: jsonOf(replyShape.extend({ threadId: z.number().int(), status: z.literal('pending') }), 'The reply, pending'),
    ...errors(400, 401, 404, 409, 422, 423, 429),
  },
});

const removed = <K extends 'thread' | 'reply'>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    id: z.number().int(),
    deleted: z.literal(true),
    placeholder: z.boolean().describe('true: it stays as "deleted by its author" so its replies still read'),
  });

export const editThread = apiRoute({
  method: 'patch',
  path: '/forum/threads/{id}',
  tags,
  summary: 'Her own thread changed (title, content): shown at once as edited; the old version is kept for moderators (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(threadEdit) },
  responses: { 200: jsonOf(threadShape, 'The thread as edited'), ...errors(400, 401, 404, 422, 429) },
});

export const deleteThread = apiRoute({
  method: 'delete',
  path: '/forum/threads/{id}',
  tags,
  summary: 'Deletes her own thread: with replies it stays as a placeholder above them, without replies it goes (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam },
  responses: { 200: jsonOf(removed('thread'), 'Deleted'), ...errors(400, 401, 404, 422, 429) },
});

export const editPost = apiRoute({
  method: 'patch',
  path: '/forum/posts/{id}',
  tags,
  summary: 'Her own reply changed: shown at once as edited; the old version is kept for moderators (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(postEdit) },
  responses: { 200: jsonOf(replyShape.extend({ threadId: z.number().int() }), 'The reply as edited'), ...errors(400, 401, 404, 422, 429) },
});

export const deletePost = apiRoute({
  method: 'delete',
  path: '/forum/posts/{id}',
  tags,
  summary: 'Deletes her own reply: it stays as "deleted by its author" so the conversation still reads (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam },
  responses: { 200: jsonOf(removed('reply'), 'Deleted'), ...errors(400, 401, 404, 422, 429) },
});
