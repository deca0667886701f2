// A signed-in teacher's take-home settings (issue 38, decision 0312): working time, pension choice
// and student loans, the same three a visitor keeps on her device. GET answers null until she has
// saved some (the app then saves her device's); PUT replaces them.
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { LOAN_PLANS, MESSAGES, parseFte, type LoanPlan } from '../../core/take-home';
import type { DB } from '../../db/client';
import { TAKE_HOME_PENSIONS, takeHomeSettings } from '../../db/schema';
import { errors, jsonBody, jsonOf, resourceRoutes } from '../platform/route';

const route = resourceRoutes('Me');

export const takeHomeSettingsShape = z
  .object({
    fte: z
      .string()
      .refine((v) => parseFte(v) !== null, { message: MESSAGES.fte })
      .openapi({ description: 'Working time as she typed it, 0.1 to 1 (1 is full time)', example: '0.6' }),
    pension: z
      .enum(TAKE_HOME_PENSIONS, { message: MESSAGES.pension })
      .openapi({ description: "Teachers' Pension Scheme: tps, or none (opted out)" }),
    loans: z
      .array(z.enum(LOAN_PLANS, { message: MESSAGES.loans }))
      .max(LOAN_PLANS.length)
      .refine((l) => new Set(l).size === l.length, { message: MESSAGES.loans })
      .openapi({ description: 'Her student loan plans: plan1, plan2, plan4, plan5, pgl' }),
  })
  .strict()
  .openapi('TakeHomeSettings');

export type TakeHomeSettingsBody = z.infer<typeof takeHomeSettingsShape>;

const answer = z.object({ settings: takeHomeSettingsShape.nullable().describe('Null: none saved in the account yet') });

export const getTakeHomeSettings = route.get('/me/take-home-settings', {
  summary: 'Her take-home pay settings (working time, pension, student loans), or null when none are saved in the account',
  policy: { access: 'user' },
  responses: { 200: jsonOf(answer, 'Her settings') },
});

export const putTakeHomeSettings = route.put('/me/take-home-settings', {
  summary: 'Saves her take-home pay settings in the account (all three at once)',
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(takeHomeSettingsShape) },
  responses: { 200: jsonOf(answer, 'Her settings as saved'), ...errors(400) },
});

const inOrder = (loans: readonly string[]): LoanPlan[] => LOAN_PLANS.filter((p) => loans.includes(p));

export function takeHomeSettingsOf(db: Pick<DB, 'select'>, userId: string): TakeHomeSettingsBody | null {
  const row = db.select().from(takeHomeSettings).where(eq(takeHomeSettings.userId, userId)).get();
  return row ? { fte: row.fte, pension: row.pension, loans: inOrder(row.loans.split(',')) } : null;
}

export function saveTakeHomeSettings(db: DB, userId: string, body: TakeHomeSettingsBody, now: Date): TakeHomeSettingsBody {
  const values = { fte: body.fte.trim(), pension: body.pension, loans: inOrder(body.loans).join(','), updatedAt: now };
  db.insert(takeHomeSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: takeHomeSettings.userId, set: values })
    .run();
  return takeHomeSettingsOf(db, userId)!;
}
