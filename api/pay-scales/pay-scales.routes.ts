import { z } from '@hono/zod-openapi';
import { PAY_REGIONS, PAY_SPINES } from '../../core/constants';
import { payScaleShape } from '../../db/shapes';
import { resourceRoutes, errors, jsonOf } from '../platform/route';
import { filterOf } from '../platform/validate';

const route = resourceRoutes('Pay scales');

export const payScalesQuery = z.object({
  region: filterOf(PAY_REGIONS),
  paySpine: filterOf(PAY_SPINES),
  effectiveDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Effective date must be yyyy-mm-dd')
    .optional(),
});

export const list = route.get('/pay-scales', {
  summary: 'Teacher pay scales, newest first, by region, spine and point',
  policy: { access: 'public', cache: 'everyone', data: ['pay_scales'], page: { path: '/pay-scales', index: true } },
  request: { query: payScalesQuery },
  responses: { 200: jsonOf(z.array(payScaleShape), 'The pay scale points'), ...errors(400) },
});
