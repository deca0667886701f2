// A school's interview experiences (product §3): published at once, a page at a time, newest
// first; one hidden by reports (is_approved false) is left out until a moderator decides (decision 1422).
import { and, desc, eq, sql } from 'drizzle-orm';
import { interviewExperiences, schoolStats } from '../../db/schema';
import { columnsOf, interviewShape } from '../../db/shapes';
import { decodeCursor, pageHeaders, pageOf } from '../lib/paging';
import { createRouter } from '../lib/route';
import { findSchool } from '../schools/schools.queries';
import { refuseOwnSchool } from '../schools/members';
import * as routes from './interviews.routes';
import { deleteInterview, editInterview } from './own.handlers';

export const interviewsRoutes = createRouter()
  .openapi(routes.list, (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    const { limit = 20, cursor } = c.req.valid('query');
    const k = decodeCursor(cursor, 'interviews', 'nn');
    const rows = db
      .select({ ...columnsOf(interviewExperiences, interviewShape), at: sql<number>`${interviewExperiences.createdAt}` })
      .from(interviewExperiences)
      .where(
        and(
          eq(interviewExperiences.schoolId, school.id),
          eq(interviewExperiences.isApproved, true),
          k ? sql`(${interviewExperiences.createdAt}, ${interviewExperiences.id}) < (${k[0]}, ${k[1]})` : undefined,
        ),
      )
      .orderBy(desc(interviewExperiences.createdAt), desc(interviewExperiences.id))
      .limit(limit + 1)
      .all();
    const page = pageOf(rows, limit, 'interviews', (r) => [r.at, r.id]);
    const total = db.select({ n: schoolStats.interviewCount }).from(schoolStats).where(eq(schoolStats.schoolId, school.id)).get()?.n ?? 0;
    pageHeaders(c, total, page.next);
    return c.json(
      page.rows.map(({ at: _a, ...r }) => r),
      200,
    );
  })
  .openapi(routes.create, (c) => {
    const db = c.get('db');
    const school = findSchool(db, c.req.valid('param').id);
    refuseOwnSchool(c, school.id, 'an interview');
    const input = c.req.valid('json');
    const row = db
      .insert(interviewExperiences)
      .values({
        ...input,
        questionsAsked: input.questionsAsked ?? null,
        tipsForCandidates: input.tipsForCandidates ?? null,
        overallExperience: input.overallExperience ?? null,
        schoolId: school.id,
        userId: c.get('user').id,
        createdAt: c.get('now')(),
      })
      .returning(columnsOf(interviewExperiences, interviewShape))
      .get();
    return c.json(row, 201);
  })
  .openapi(routes.edit, (c) => c.json(editInterview(c, c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(routes.remove, (c) => c.json(deleteInterview(c, c.req.valid('param').id), 200));
