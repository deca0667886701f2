import { count, desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { salaryInput } from '../../db/validation';
import { EXPERIENCE_BANDS, RECENT_SALARIES, SALARY_K_ANONYMITY } from '../../db/constants';
import type { DB } from '../../db/client';
import { salaries } from '../../db/schema';
import type { AppEnv } from '../context';
import { validate } from '../lib/validate';
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireUser } from '../middleware/session';

/**
 * Averages by role and by experience. A group with fewer than SALARY_K_ANONYMITY submissions
 * answers `average: null` (count only), so no one's salary can be read back from an average.
 */
export function salaryStats(db: DB) {
  const group = (column: typeof salaries.jobTitle | typeof salaries.yearsExperience) =>
    db
      .select({ key: column, average: sql<number>`avg(${salaries.annualSalary})`, count: count() })
      .from(salaries)
      .groupBy(column)
      .all()
      .map((g) => ({ key: g.key, count: g.count, average: g.count >= SALARY_K_ANONYMITY ? Math.round(g.average) : null }));
  const averageByRole = group(salaries.jobTitle)
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .map(({ key, ...g }) => ({ role: key, ...g }));
  const order = (e: string) => {
    const i = (EXPERIENCE_BANDS as readonly string[]).indexOf(e);
    return i < 0 ? EXPERIENCE_BANDS.length : i;
  };
  const averageByExperience = group(salaries.yearsExperience)
    .sort((a, b) => order(a.key) - order(b.key))
    .map(({ key, ...g }) => ({ experience: key, ...g }));
  return { averageByRole, averageByExperience, minimumGroupSize: SALARY_K_ANONYMITY };
}

export const salariesRoutes = new Hono<AppEnv>()
  .get('/', (c) =>
    c.json(
      c
        .get('db')
        .select({
          id: salaries.id,
          jobTitle: salaries.jobTitle,
          schoolType: salaries.schoolType,
          borough: salaries.borough,
          yearsExperience: salaries.yearsExperience,
          annualSalary: salaries.annualSalary,
          createdAt: salaries.createdAt,
        })
        .from(salaries)
        .orderBy(desc(salaries.createdAt), desc(salaries.id))
        .limit(RECENT_SALARIES)
        .all(),
    ),
  )
  .get('/stats', (c) => c.json(salaryStats(c.get('db'))))
  .post('/', requireUser, idempotency, rateLimit, validate('json', salaryInput), (c) => {
    const input = c.req.valid('json');
    const { userId: _u, ...row } = c
      .get('db')
      .insert(salaries)
      .values({ ...input, additionalBenefits: input.additionalBenefits ?? null, userId: c.get('user')!.id, createdAt: c.get('now')() })
      .returning()
      .get();
    return c.json(row, 201);
  });
