import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { forumCategories, forumThreads, users } from '../../db/schema';
import type { AppEnv } from '../context';
import { validate } from '../lib/validate';

export const threadsQuery = z.object({
  categoryId: z.union([z.literal('all'), z.literal(''), z.coerce.number({ message: 'Category must be a number' }).int('Category must be a whole number').positive('Category must be positive')])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : undefined)),
});

export const forumRoutes = new Hono<AppEnv>()
  .get('/categories', (c) =>
    c.json(
      c
        .get('db')
        .select({ id: forumCategories.id, name: forumCategories.name, description: forumCategories.description, slug: forumCategories.slug, order: forumCategories.order })
        .from(forumCategories)
        .where(eq(forumCategories.isActive, true))
        .orderBy(asc(forumCategories.order), asc(forumCategories.name))
        .all(),
    ),
  )
  .get('/threads', validate('query', threadsQuery), (c) => {
    const { categoryId } = c.req.valid('query');
    const where: SQL[] = [eq(forumThreads.isApproved, true), eq(forumCategories.isActive, true)];
    if (categoryId) where.push(eq(forumThreads.categoryId, categoryId));
    const rows = c
      .get('db')
      .select({
        id: forumThreads.id,
        categoryId: forumThreads.categoryId,
        title: forumThreads.title,
        slug: forumThreads.slug,
        content: forumThreads.content,
        isSticky: forumThreads.isSticky,
        isApproved: forumThreads.isApproved,
        isLocked: forumThreads.isLocked,
        replyCount: forumThreads.replyCount,
        viewCount: forumThreads.viewCount,
        lastReplyAt: forumThreads.lastReplyAt,
        createdAt: forumThreads.createdAt,
        categoryName: forumCategories.name,
        firstName: users.firstName,
      })
      .from(forumThreads)
      .innerJoin(forumCategories, eq(forumThreads.categoryId, forumCategories.id))
      .leftJoin(users, eq(forumThreads.userId, users.id))
      .where(and(...where))
      .orderBy(desc(forumThreads.isSticky), desc(forumThreads.createdAt), desc(forumThreads.id))
      .all();
    return c.json(rows.map(({ categoryName, firstName, ...t }) => ({ ...t, category: { name: categoryName }, user: { firstName } })));
  });
