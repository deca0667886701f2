import { and, asc, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { PAY_REGIONS, PAY_SPINES } from '../../db/constants';
import { payScales } from '../../db/schema';
import type { AppEnv } from '../context';
import { filterOf, validate } from '../lib/validate';

export const payScalesQuery = z.object({
  region: filterOf(PAY_REGIONS),
  paySpine: filterOf(PAY_SPINES),
  effectiveDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective date must be yyyy-mm-dd')
    .optional(),
});

export const payScalesRoutes = new Hono<AppEnv>().get('/', validate('query', payScalesQuery), (c) => {
  const q = c.req.valid('query');
  const where: SQL[] = [];
  if (q.region) where.push(eq(payScales.region, q.region));
  if (q.paySpine) where.push(eq(payScales.paySpine, q.paySpine));
  if (q.effectiveDate) where.push(eq(payScales.effectiveDate, q.effectiveDate));
  const { createdAt: _c, ...columns } = getTableColumns(payScales);
  return c.json(
    c
      .get('db')
      .select(columns)
      .from(payScales)
      .where(and(...where))
      .orderBy(desc(payScales.effectiveDate), asc(payScales.region), asc(payScales.paySpine), asc(payScales.point))
      .all(),
  );
});
