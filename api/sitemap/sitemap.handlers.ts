// The crawlers' routes: robots.txt and the sitemap (or its index and parts), built by build.ts.
import { OpenAPIHono } from '@hono/zod-openapi';
import { robotsTxt, sitemapEntries, sitemapIndex, SITEMAP_MAX_URLS, type SitemapOptions, urlset } from './build';
import { robots, sitemap, sitemapPart } from './sitemap.routes';

export function sitemapRoutes(options: SitemapOptions) {
  const origin = options.origin.replace(/\/$/, '');
  const max = options.maxUrls ?? SITEMAP_MAX_URLS;
  const now = options.now ?? (() => new Date());
  const xml = (body: string) =>
    new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
  const router = new OpenAPIHono();
  router
    .openapi(robots, (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.text(robotsTxt(origin), 200, { 'Content-Type': 'text/plain; charset=utf-8' });
    })
    .openapi(sitemap, () => {
      const entries = sitemapEntries(options.db, now());
      if (entries.length <= max) return xml(urlset(origin, entries));
      return xml(sitemapIndex(origin, Math.ceil(entries.length / max), now()));
    })
    .get('/:part{sitemap-[0-9]+\\.xml}', (c) => {
      const n = Number(c.req.param('part').slice('sitemap-'.length, -'.xml'.length));
      const entries = sitemapEntries(options.db, now());
      const parts = entries.length <= max ? 0 : Math.ceil(entries.length / max);
      if (!Number.isInteger(n) || n < 1 || n > parts) return c.text('Not found', 404);
      return xml(urlset(origin, entries.slice((n - 1) * max, n * max)));
    });
  router.openAPIRegistry.registerPath(sitemapPart);
  return router;
}
