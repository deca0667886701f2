import { asc, eq } from 'drizzle-orm';
import { schools } from '../../db/schema';
import type { RouteHandler } from '@hono/zod-openapi';
import { pageHeaders } from '../platform/paging';
import { correctedHeader } from '../search';
import { openJobsOf } from './open-jobs.queries';
import { profileOf } from './profile.handlers';
import { findSchool, listSchools, schoolStatsOf } from './schools.queries';
import type * as routes from './schools.routes';

export const list: RouteHandler<typeof routes.list> = (c) => {
  const { total, next, rows, corrected } = listSchools(c.get('db'), c.get('now')(), c.req.valid('query'));
  pageHeaders(c, total, next);
  correctedHeader(c, corrected);
  return c.json(rows, 200);
};

/** Compact on purpose (arrays, not objects): it is kept on the device (decision 0701 measures it). */
export const names: RouteHandler<typeof routes.names> = (c) => {
  const rows = c
    .get('db')
    .select({ id: schools.id, name: schools.name, borough: schools.borough })
    .from(schools)
    .where(eq(schools.isActive, true))
    .orderBy(asc(schools.name))
    .all();
  return c.json(
    rows.map((r) => [r.id, r.name, r.borough] as [number, string, string]),
    200,
  );
};

export const get: RouteHandler<typeof routes.get> = (c) => {
  const db = c.get('db');
  const school = findSchool(db, c.req.valid('param').id);
  return c.json(
    {
      ...school,
      stats: schoolStatsOf(db, school.id),
      jobs: openJobsOf(db, c.get('now')(), school.id),
      profile: profileOf(db, school.id, c.get('now')()),
    },
    200,
  );
};
