import type { RouteHandler } from '@hono/zod-openapi';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { columnsOf, payScaleShape } from '../../db/shapes';
import { payScales } from '../../db/schema';
import type * as routes from './pay-scales.routes';

export const list: RouteHandler<typeof routes.list> = (c) => {
  const q = c.req.valid('query');
  const where: SQL[] = [];
  if (q.region) where.push(eq(payScales.region, q.region));
  if (q.paySpine) where.push(eq(payScales.paySpine, q.paySpine));
  if (q.effectiveDate) where.push(eq(payScales.effectiveDate, q.effectiveDate));
  const rows = c
    .get('db')
    .select(columnsOf(payScales, payScaleShape))
    .from(payScales)
    .where(and(...where))
    .orderBy(desc(payScales.effectiveDate), asc(payScales.region), asc(payScales.paySpine), asc(payScales.point))
    .all();
  return c.json(rows, 200);
};
