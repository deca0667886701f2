import { z } from '@hono/zod-openapi';
import { apiRoute, errors } from '../lib/route';

const tags = ['API reference'];

export const document = apiRoute({
  method: 'get',
  path: '/openapi.json',
  tags,
  summary: 'This document: every route of the app with its request and answer shapes and its policy (x-policy)',
  policy: { access: 'public', cache: 'everyone', data: [] },
  responses: {
    200: { description: 'An OpenAPI 3.1 document', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
    ...errors(429),
  },
});

export const reference = apiRoute({
  method: 'get',
  path: '/docs',
  tags,
  summary: 'The API reference page (Scalar), read from /api/openapi.json',
  policy: { access: 'public', cache: 'none' },
  responses: { 200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } }, ...errors(429) },
});

export const referenceScript = apiRoute({
  method: 'get',
  path: '/docs/scalar.js',
  tags,
  summary: "The reference page's script (Scalar's standalone bundle), served from this server: no CDN",
  policy: { access: 'public', cache: 'none' },
  responses: { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: z.string() } } }, ...errors(429) },
});
