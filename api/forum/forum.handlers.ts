import type { RouteHandler } from '@hono/zod-openapi';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { forumCategories, forumPosts, forumThreads } from '../../db/schema';
import { ApiError } from '../platform/http-error';
import { markdownText, renderMarkdown } from '../markdown/render';
import { may, moderatorGrants, type Grants } from '../moderation/moderators';
import { pageHeaders } from '../platform/paging';
import { autoWatch } from '../notifications/notifications.service';
import { correctedHeader } from '../search';
import { listThreads, loadThread, replyColumns, replyList, selectThreads, slugify, toThread } from './forum.queries';
import type * as routes from './forum.routes';
import * as own from './own.handlers';
import { replyVisibleSql } from './visibility';

export const categories: RouteHandler<typeof routes.categories> = (c) =>
  c.json(
    c
      .get('db')
      .select({
        id: forumCategories.id,
        name: forumCategories.name,
        description: forumCategories.description,
        slug: forumCategories.slug,
        order: forumCategories.order,
      })
      .from(forumCategories)
      .where(eq(forumCategories.isActive, true))
      .orderBy(asc(forumCategories.order), asc(forumCategories.name))
      .all(),
    200,
  );

export const threads: RouteHandler<typeof routes.threads> = (c) => {
  const page = listThreads(c.get('db'), c.get('user'), c.req.valid('query'));
  pageHeaders(c, page.total, page.next);
  correctedHeader(c, page.corrected);
  return c.json(page.rows, 200);
};

export const createThread: RouteHandler<typeof routes.createThread> = (c) => {
  const db = c.get('db');
  const input = c.req.valid('json');
  const category = db
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(and(eq(forumCategories.id, input.categoryId), eq(forumCategories.isActive, true)))
    .get();
  if (!category) throw new ApiError(400, { error: 'Invalid input', fields: { categoryId: 'Please choose a category' } });
  const now = c.get('now')();
  const userId = c.get('user').id;
  // She watches the thread she starts (decision 2010), in the same transaction as the thread.
  const { id } = db.transaction((tx) => {
    const row = tx
      .insert(forumThreads)
      .values({
        categoryId: category.id,
        userId,
        title: input.title,
        slug: slugify(input.title),
        content: input.content,
        isApproved: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: forumThreads.id })
      .get();
    autoWatch(tx, userId, row.id, now);
    return row;
  });
  return c.json(toThread(selectThreads(db).where(eq(forumThreads.id, id)).get()!), 201);
};

export const thread: RouteHandler<typeof routes.thread> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const grants = user ? moderatorGrants(db, user.id) : (new Map() as Grants);
  const found = loadThread(db, c.req.valid('param').id, user, grants);
  const moderates = may(user, grants, found.categoryId, 'canApprove');
  // The opening post as the page shows it (sanitised HTML) and as plain text (the page's description).
  const body = { html: renderMarkdown(found.content), text: markdownText(found.content) };
  return c.json({ ...toThread(found), ...body, replies: replyList(db, found.id, user, moderates) }, 200);
};

export const reply: RouteHandler<typeof routes.reply> = (c) => {
  const db = c.get('db');
  const user = c.get('user');
  const thread = loadThread(db, c.req.valid('param').id, user, moderatorGrants(db, user.id));
  if (thread.deletedAt) throw new ApiError(423, { error: 'This thread was deleted by its author: no new replies can be added' });
  if (thread.isLocked) throw new ApiError(423, { error: 'This thread is locked: no new replies can be added' });
  if (!thread.isApproved) throw new ApiError(409, { error: 'This thread is awaiting moderation: replies open once it is approved' });
  const input = c.req.valid('json');
  if (input.parentPostId !== undefined) {
    const parent = db
      .select({ id: forumPosts.id })
      .from(forumPosts)
      .where(
        and(
          eq(forumPosts.id, input.parentPostId),
          eq(forumPosts.threadId, thread.id),
          isNull(forumPosts.deletedAt),
          // A reply she sees as a reader (her own pending ones too), whatever she moderates.
          replyVisibleSql(user, false),
        ),
      )
      .get();
    if (!parent)
      throw new ApiError(400, { error: 'Invalid input', fields: { parentPostId: 'The reply you answer is not in this thread' } });
  }
  const now = c.get('now')();
  // Replying watches the thread, unless she unwatched it (decision 2010); watchers hear of this
  // reply when a moderator approves it, not now.
  const post = db.transaction((tx) => {
    autoWatch(tx, user.id, thread.id, now);
    return tx
      .insert(forumPosts)
      .values({
        threadId: thread.id,
        userId: user.id,
        content: input.content,
        parentPostId: input.parentPostId ?? null,
        isApproved: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: forumPosts.id, threadId: forumPosts.threadId, ...replyColumns })
      .get();
  });
  return c.json({ ...post, status: 'pending' as const, user: { firstName: user.firstName } }, 201);
};

export const editThread: RouteHandler<typeof routes.editThread> = (c) =>
  c.json(own.editThread(c, c.req.valid('param').id, c.req.valid('json')), 200);

export const deleteThread: RouteHandler<typeof routes.deleteThread> = (c) => c.json(own.deleteThread(c, c.req.valid('param').id), 200);

export const editPost: RouteHandler<typeof routes.editPost> = (c) =>
  c.json(own.editPost(c, c.req.valid('param').id, c.req.valid('json')), 200);

export const deletePost: RouteHandler<typeof routes.deletePost> = (c) => c.json(own.deletePost(c, c.req.valid('param').id), 200);
