import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { schoolMoods } from '../../db/schema';
import { ApiError, notFound } from '../platform/http-error';
import { findSchool } from '../schools/schools.queries';
import { findMood, moodStats } from './moods.queries';
import { refuseOwnSchool, writeAboutSchool } from '../schools/members';
import type * as routes from './moods.routes';

export const stats: RouteHandler<typeof routes.stats> = (c) => {
  const db = c.get('db');
  const school = findSchool(db, c.req.valid('param').id);
  return c.json(moodStats(db, school.id), 200);
};

export const own: RouteHandler<typeof routes.own> = (c) => {
  const db = c.get('db');
  const school = findSchool(db, c.req.valid('param').id);
  return c.json(findMood(db, school.id, c.get('user').id) ?? null, 200);
};

export const create: RouteHandler<typeof routes.create> = (c) => {
  const input = c.req.valid('json');
  const mood = writeAboutSchool(c, c.req.valid('param').id, 'a mood', (db, by) => {
    const inserted = db
      .insert(schoolMoods)
      .values({
        ...by,
        emoji: input.emoji,
        mood: input.mood,
        comment: input.comment ?? null,
        anonymous: input.anonymous,
        updatedAt: by.createdAt,
      })
      .onConflictDoNothing()
      .run();
    if (!inserted.changes) throw new ApiError(409, { error: 'You have already shared your mood for this school; update it instead' });
    return findMood(db, by.schoolId, by.userId)!;
  });
  return c.json(mood, 201);
};

export const update: RouteHandler<typeof routes.update> = (c) => {
  const db = c.get('db');
  const school = findSchool(db, c.req.valid('param').id);
  refuseOwnSchool(c, school.id, 'a mood');
  const userId = c.get('user').id;
  const input = c.req.valid('json');
  const updated = db
    .update(schoolMoods)
    .set({ emoji: input.emoji, mood: input.mood, comment: input.comment ?? null, anonymous: input.anonymous, updatedAt: c.get('now')() })
    .where(and(eq(schoolMoods.schoolId, school.id), eq(schoolMoods.userId, userId)))
    .run();
  if (!updated.changes) throw notFound('Mood');
  return c.json(findMood(db, school.id, userId)!, 200);
};
