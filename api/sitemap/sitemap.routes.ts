// The crawlers' routes (robots.txt and the sitemap): declared here, answered by sitemap.handlers.ts.
import { createRoute, z } from '@hono/zod-openapi';

const tags = ['Crawlers'];
const xmlAnswer = (description: string) => ({ description, content: { 'application/xml': { schema: z.string() } } });

export const robots = createRoute({
  method: 'get',
  path: '/robots.txt',
  tags,
  summary: 'What crawlers may read: not the API, the signed-in and moderation screens, or unsubscribe links',
  responses: { 200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } } },
});

export const sitemap = createRoute({
  method: 'get',
  path: '/sitemap.xml',
  tags,
  summary: 'Every public page, or (past 50,000 URLs) an index of the parts',
  responses: { 200: xmlAnswer('A sitemap or a sitemap index') },
});

/** A part of a large sitemap: `/sitemap-1.xml`, `/sitemap-2.xml`, ... (a pattern createRoute cannot route, so it is registered by hand). */
export const sitemapPart = createRoute({
  method: 'get',
  path: '/{part}',
  tags,
  summary: 'One part of a sitemap index: /sitemap-N.xml',
  request: { params: z.object({ part: z.string().regex(/^sitemap-[0-9]+\.xml$/) }) },
  responses: { 200: xmlAnswer('A sitemap'), 404: { description: 'No such part', content: { 'text/plain': { schema: z.string() } } } },
});
