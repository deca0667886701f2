import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { defaultMonth, findPayPoint, periodOf, takeHome, type TakeHomeInput } from '../../core/take-home';
import { columnsOf, payScaleShape } from '../../db/shapes';
import { payScales } from '../../db/schema';
import type * as routes from './take-home.routes';

export const calculate: RouteHandler<typeof routes.calculate> = (c) => {
  const q = c.req.valid('query');
  const month = q.month ?? defaultMonth(c.get('now')());
  const period = periodOf(month);
  if (!period) return c.json({ error: 'Invalid query', fields: { month: `No tax rules are held for ${month}` } }, 400);
  const settings = { allowances: q.allowances ?? 0, fte: q.fte, pension: q.pension ?? 'tps', loans: q.loans, month };
  let input: TakeHomeInput;
  if (q.salary !== undefined) {
    input = { salary: q.salary, ...settings };
  } else {
    const point = { region: q.region!, paySpine: q.paySpine!, point: q.point!, effectiveDate: q.effectiveDate ?? period.payAward };
    const rows = c
      .get('db')
      .select(columnsOf(payScales, payScaleShape))
      .from(payScales)
      .where(and(eq(payScales.region, point.region), eq(payScales.paySpine, point.paySpine)))
      .all();
    const found = findPayPoint(rows, point);
    if ('reason' in found) return c.json({ error: found.reason }, 404);
    input = { salary: found.row.annualSalary, ...settings, award: { date: found.row.effectiveDate, caveat: found.row.caveat } };
  }
  const { monthly: _monthly, ...answer } = takeHome(input);
  return c.json(answer, 200);
};
