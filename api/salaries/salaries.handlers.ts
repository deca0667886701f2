import type { RouteHandler } from '@hono/zod-openapi';
import { salaries } from '../../db/schema';
import { columnsOf, ownSalaryShape } from '../../db/shapes';
import { recentSalaries, salaryGroupsFor, salaryStats, withdrawSalary } from './salaries.service';
import type * as routes from './salaries.routes';

export const recent: RouteHandler<typeof routes.recent> = (c) => c.json(recentSalaries(c.get('db'), c.get('now')()), 200);

export const stats: RouteHandler<typeof routes.stats> = (c) => c.json(salaryStats(c.get('db'), c.get('now')()), 200);

export const groups: RouteHandler<typeof routes.groups> = (c) =>
  c.json(salaryGroupsFor(c.get('db'), c.req.valid('query'), c.get('now')()), 200);

export const create: RouteHandler<typeof routes.create> = (c) => {
  const input = c.req.valid('json');
  const row = c
    .get('db')
    .insert(salaries)
    .values({ ...input, additionalBenefits: input.additionalBenefits ?? null, userId: c.get('user').id, createdAt: c.get('now')() })
    .returning(columnsOf(salaries, ownSalaryShape))
    .get();
  return c.json(row, 201);
};

export const remove: RouteHandler<typeof routes.remove> = (c) =>
  c.json(withdrawSalary(c.get('db'), c.get('user').id, c.req.valid('param').id, c.get('now')()), 200);
