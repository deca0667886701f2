import type { RouteHandler } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { interviewExperiences, schoolStats } from '../../db/schema';
import { columnsOf, interviewShape } from '../../db/shapes';
import { pageHeaders } from '../platform/paging';
import { preparedOn } from '../platform/prepared';
import { findSchool } from '../schools/schools.queries';
import { approvedPage } from '../schools/approved-page.queries';
import { writeAboutSchool } from '../schools/members';
import type * as routes from './interviews.routes';
import { deleteInterview, editInterview } from './own.handlers';

export const list: RouteHandler<typeof routes.list> = (c) => {
  const db = c.get('db');
  const school = findSchool(db, c.req.valid('param').id);
  const page = approvedPage(
    db,
    interviewExperiences,
    columnsOf(interviewExperiences, interviewShape),
    school.id,
    c.req.valid('query'),
    'interviews',
  );
  const total =
    preparedOn(db, 'interviewCount', () =>
      db
        .select({ n: schoolStats.interviewCount })
        .from(schoolStats)
        .where(eq(schoolStats.schoolId, sql.placeholder('id')))
        .prepare(),
    ).get({ id: school.id })?.n ?? 0;
  pageHeaders(c, total, page.next);
  return c.json(page.rows, 200);
};

export const create: RouteHandler<typeof routes.create> = (c) => {
  const input = c.req.valid('json');
  const row = writeAboutSchool(c, c.req.valid('param').id, 'an interview', (db, by) =>
    db
      .insert(interviewExperiences)
      .values({
        ...input,
        questionsAsked: input.questionsAsked ?? null,
        tipsForCandidates: input.tipsForCandidates ?? null,
        overallExperience: input.overallExperience ?? null,
        ...by,
      })
      .returning(columnsOf(interviewExperiences, interviewShape))
      .get(),
  );
  return c.json(row, 201);
};

export const edit: RouteHandler<typeof routes.edit> = (c) => c.json(editInterview(c, c.req.valid('param').id, c.req.valid('json')), 200);

export const remove: RouteHandler<typeof routes.remove> = (c) => c.json(deleteInterview(c, c.req.valid('param').id), 200);
