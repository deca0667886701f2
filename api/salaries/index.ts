import { salaries } from '../../db/schema';
import { columnsOf, ownSalaryShape } from '../../db/shapes';
import { createRouter } from '../platform/route';
import { recentSalaries, salaryGroupsFor, salaryStats, withdrawSalary } from './salaries.service';
import * as routes from './salaries.routes';

export const salariesRoutes = createRouter()
  .openapi(routes.recent, (c) => c.json(recentSalaries(c.get('db'), c.get('now')()), 200))
  .openapi(routes.stats, (c) => c.json(salaryStats(c.get('db'), c.get('now')()), 200))
  .openapi(routes.groups, (c) => c.json(salaryGroupsFor(c.get('db'), c.req.valid('query'), c.get('now')()), 200))
  .openapi(routes.create, (c) => {
    const input = c.req.valid('json');
    const row = c
      .get('db')
      .insert(salaries)
      .values({ ...input, additionalBenefits: input.additionalBenefits ?? null, userId: c.get('user').id, createdAt: c.get('now')() })
      .returning(columnsOf(salaries, ownSalaryShape))
      .get();
    return c.json(row, 201);
  })
  .openapi(routes.remove, (c) => c.json(withdrawSalary(c.get('db'), c.get('user').id, c.req.valid('param').id, c.get('now')()), 200));
