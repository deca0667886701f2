import type { RouteHandler } from '@hono/zod-openapi';
import { renderMarkdown } from './render';
import type * as routes from './markdown.routes';

export const preview: RouteHandler<typeof routes.preview> = (c) => c.json({ html: renderMarkdown(c.req.valid('json').source) }, 200);
