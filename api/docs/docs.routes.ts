import { z } from '@hono/zod-openapi';
import { resourceRoutes } from '../platform/route';

const route = resourceRoutes('API reference');

export const document = route.get('/openapi.json', {
  summary: 'This document: every route of the app with its request and answer shapes and its policy (x-policy)',
  policy: { access: 'public', cache: 'everyone', data: [] },
  responses: {
    200: { description: 'An OpenAPI 3.1 document', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
  },
});

export const reference = route.get('/docs', {
  summary: 'The API reference page (Scalar), read from /api/openapi.json',
  policy: { access: 'public', cache: 'none' },
  responses: { 200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } } },
});

export const referenceScript = route.get('/docs/scalar.js', {
  summary: "The reference page's script (Scalar's standalone bundle), served from this server: no CDN",
  policy: { access: 'public', cache: 'none' },
  responses: { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: z.string() } } } },
});
