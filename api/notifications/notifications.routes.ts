// Notifications (decision 2010): hers only, per user, never shared or kept by anyone else
// (cache 'owner': the device keeps her copy for offline reading, a shared cache never does), and
// the notifications screen is never indexed. Watching a thread lives here too.
import { z } from '@hono/zod-openapi';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS, NOTIFICATION_SUBJECTS, NOTIFICATION_TOPICS } from '../../db/schema';
import { cursorParam } from '../platform/paging';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { idParam, limitOf } from '../platform/validate';
import { TEXT_MAX } from '../../core/constants';

const route = resourceRoutes('Notifications');
const screen = { page: { path: '/notifications', index: false } } as const;

export const notificationShape = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    subjectType: z.enum(NOTIFICATION_SUBJECTS),
    subjectId: z.number().int(),
    thread: z.object({ id: z.number().int(), title: z.string() }).nullable().describe('The thread a forum notification is about'),
    school: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('The school a review, interview or mood is about'),
    actorFirstName: z.string().nullable().describe("A reply's writer's first name, as the forum shows it; nobody else is ever named"),
    reason: z.string().nullable().describe("The moderator's reason, for her own item rejected or removed"),
    link: z.string().describe('Where the item is, in the app (its school or thread page when the item itself was deleted since)'),
    gone: z.boolean().describe('The item was deleted since (by its author, or removed by a moderator): the screen says so'),
    createdAt: z.date(),
    readAt: z.date().nullable(),
  })
  .openapi('Notification');

export const notificationsQuery = z.object({ limit: limitOf(100, 30), cursor: cursorParam });

export const list = route.get('/notifications', {
  summary: 'Her notifications, newest first, a page at a time (Link header and `next`), with how many are unread',
  policy: { access: 'user', ...screen },
  request: { query: notificationsQuery },
  responses: {
    200: jsonOf(
      z.object({
        notifications: z.array(notificationShape),
        unread: z.number().int().describe('Unread notifications in all'),
        next: z.string().nullable().describe('The cursor of the next page, null on the last'),
      }),
      'A page of her notifications',
    ),
    ...errors(400),
  },
});

const positiveId = z
  .number({ message: 'Each id must be a number' })
  .int('Each id must be a whole number')
  .positive('Each id must be positive');
export const readBody = z
  .object({
    ids: z
      .array(positiveId, { message: 'ids must be a list of notification ids' })
      .min(1, 'Give at least one id')
      .max(100, 'At most 100 ids at a time')
      .optional(),
    all: z.literal(true, { message: 'all must be true' }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), { message: 'Give either ids or all: true', path: ['ids'] });

export const markRead = route.post('/notifications/read', {
  summary: 'Marks some of her notifications read (`ids`), or all of them (`all: true`); an id that is not hers answers 404',
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(readBody) },
  responses: {
    200: jsonOf(z.object({ read: z.number().int().describe('How many changed'), unread: z.number().int() }), 'Marked read'),
    ...errors(400, 404),
  },
});

const deliveries = z.enum(NOTIFICATION_DELIVERIES, { message: `Must be one of: ${NOTIFICATION_DELIVERIES.join(', ')}` });
export const preferencesShape = z
  .object(
    Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, deliveries])) as Record<(typeof NOTIFICATION_TOPICS)[number], typeof deliveries>,
  )
  .openapi('NotificationPreferences');

export const getPreferences = route.get('/notifications/preferences', {
  summary: 'How she hears of each topic: in the app only, push, or a daily or weekly email digest',
  policy: { access: 'user' },
  responses: { 200: jsonOf(preferencesShape, 'Her delivery per topic') },
});

export const putPreferences = route.put('/notifications/preferences', {
  summary: 'Sets her delivery per topic (topics left out keep theirs)',
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(preferencesShape.partial().strict()) },
  responses: { 200: jsonOf(preferencesShape, 'Her delivery per topic'), ...errors(400) },
});

const watchShape = z.object({ threadId: z.number().int(), watching: z.boolean() });

export const getWatch = route.get('/forum/threads/{id}/watch', {
  summary: 'Whether she hears of new replies in this thread',
  policy: { access: 'user' },
  request: { params: idParam },
  responses: { 200: jsonOf(watchShape, 'Her watch'), ...errors(400, 404) },
});

export const watch = route.post('/forum/threads/{id}/watch', {
  summary: 'Watches a thread she can see: she hears of each new reply once it is published',
  policy: { access: 'user', limit: 'write' },
  request: { params: idParam },
  responses: { 200: jsonOf(watchShape, 'Watching'), ...errors(400, 404) },
});

export const unwatch = route.delete('/forum/threads/{id}/watch', {
  summary: 'Stops hearing of replies in a thread (kept: replying again does not watch it again)',
  policy: { access: 'user', limit: 'write' },
  request: { params: idParam },
  responses: { 200: jsonOf(watchShape, 'Not watching'), ...errors(400, 404) },
});

export const stopDigest = route.post('/notifications/unsubscribe/{token}', {
  summary: "Stops the notification digests a digest email's link names (never refused; the signed token is the only credential)",
  policy: { access: 'public', limit: 'none' },
  request: { params: z.object({ token: z.string().max(TEXT_MAX.token) }) },
  responses: {
    200: jsonOf(z.object({ stopped: z.literal(true) }), 'Digests stopped: every topic is in the app only'),
    404: jsonOf(z.object({ error: z.string() }), 'The link is not valid'),
    ...errors(400),
  },
});
