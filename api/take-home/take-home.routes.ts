import { z } from '@hono/zod-openapi';
import { FIRST_MONTH, LAST_MONTH, LOAN_PLANS, MESSAGES, MONTH_PATTERN, parseFte, parsePounds, type LoanPlan } from '../../core/take-home';
import { PAY_REGIONS, PAY_SPINES } from '../../core/constants';
import { errors, jsonOf, resourceRoutes } from '../platform/route';

const route = resourceRoutes('Take-home pay');

const pounds = (field: 'salary' | 'allowances') =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || parsePounds(v, field) !== null, { message: MESSAGES[field] })
    .transform((v) => (v === undefined ? undefined : (parsePounds(v, field) as number)));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || (values as readonly string[]).includes(v), { message })
    .transform((v) => v as T[number] | undefined);

const isLoan = (p: string): p is LoanPlan => (LOAN_PLANS as readonly string[]).includes(p);
const loanList = (v: string) =>
  v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

export const takeHomeQuery = z
  .object({
    salary: pounds('salary').openapi({ description: 'Full-time annual salary, whole pounds (instead of a pay point)', example: '40317' }),
    region: oneOf(PAY_REGIONS, `Region must be one of: ${PAY_REGIONS.join(', ')}`).openapi({ description: 'A pay point: its region' }),
    paySpine: oneOf(PAY_SPINES, `Pay spine must be one of: ${PAY_SPINES.join(', ')}`).openapi({ description: 'A pay point: its spine' }),
    point: z
      .string()
      .optional()
      .refine((v) => v === undefined || /^[1-9]\d?$/.test(v), { message: MESSAGES.point })
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .openapi({ description: 'A pay point: its number on the spine (1 for M1, 43 for L43)' }),
    effectiveDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective date must be yyyy-mm-dd')
      .optional()
      .openapi({ description: "A pay point: its award's date (default: the award in force in `month`)" }),
    month: z
      .string()
      .optional()
      .refine((v) => v === undefined || (MONTH_PATTERN.test(v) && v >= FIRST_MONTH && v <= LAST_MONTH), { message: MESSAGES.month })
      .openapi({ description: `The payslip's month, yyyy-mm, ${FIRST_MONTH} to ${LAST_MONTH} (default: this month)`, example: '2026-09' }),
    fte: z
      .string()
      .optional()
      .refine((v) => v === undefined || parseFte(v) !== null, { message: MESSAGES.fte })
      .transform((v) => (v === undefined ? 1 : (parseFte(v) as number)))
      .openapi({ description: 'Full-time equivalent, 0.1 to 1 (default 1)' }),
    allowances: pounds('allowances').openapi({ description: 'TLR, SEN and other allowances: annual full-time whole pounds (default 0)' }),
    pension: oneOf(['tps', 'none'], MESSAGES.pension).openapi({
      description: "Teachers' Pension Scheme (tps, default) or opted out (none)",
    }),
    loans: z
      .string()
      .optional()
      .refine((v) => v === undefined || loanList(v).every(isLoan), { message: MESSAGES.loans })
      .transform((v) => [...new Set(v === undefined ? [] : loanList(v).filter(isLoan))])
      .openapi({ description: 'Comma list of plan1, plan2, plan4, plan5, pgl (default none)', example: 'plan2,pgl' }),
  })
  .superRefine((q, ctx) => {
    const point = { region: q.region, paySpine: q.paySpine, point: q.point };
    const named = Object.entries(point).filter(([, v]) => v !== undefined);
    if (q.salary !== undefined && named.length > 0)
      ctx.addIssue({ code: 'custom', path: ['salary'], message: 'Give a salary or a pay point, not both' });
    else if (q.salary === undefined && named.length === 0)
      ctx.addIssue({ code: 'custom', path: ['salary'], message: 'Give a salary, or a pay point (region, paySpine and point)' });
    else if (q.salary === undefined)
      for (const [name, v] of Object.entries(point))
        if (v === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `A pay point needs its ${name}` });
  });

const pounds2 = z.number().describe('Pounds, to the penny');
export const takeHomeShape = z
  .object({
    gross: pounds2.describe('(salary + allowances) x FTE, a year'),
    pension: z.object({
      rate: z.number().describe('Member rate in per cent (0 when opted out)'),
      amount: pounds2,
      tier: z.number().int().nullable().describe("The Teachers' Pension tier of actual pay (null when opted out)"),
    }),
    taxableIncome: pounds2.describe('Gross less pension'),
    freePay: pounds2.describe("Code 1257L's free pay after the taper"),
    tax: pounds2,
    nationalInsurance: pounds2,
    loans: z.array(z.object({ plan: z.enum(LOAN_PLANS), amount: z.number().int().describe('Whole pounds a year, rounded down') })),
    net: z.object({ annual: pounds2, monthly: pounds2 }),
    taxYear: z.string().describe('"2026-27"'),
    payAward: z.string().describe("The pay award's date: the pay point's, else the one in force in the month"),
    caveats: z.array(z.string()).describe('What the figure rests on that is not final, in words'),
  })
  .openapi('TakeHome');

export const calculate = route.get('/take-home', {
  summary: 'Take-home pay a year and a month, for a salary or a pay point (England, annual model; decision 0311)',
  policy: { access: 'public', cache: 'everyone', data: ['pay_scales'] },
  request: { query: takeHomeQuery },
  responses: { 200: jsonOf(takeHomeShape, 'The breakdown, every amount in pounds to the penny'), ...errors(400, 404) },
});
