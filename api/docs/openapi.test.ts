// The OpenAPI document (decision 0006): valid OpenAPI 3.1, made from the routes' own declarations,
// covering every route of the app with its policy; and the reference page that reads it.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { answer, testApp } from '../../test/app';

const t = testApp({ demo: false });

interface Operation {
  'x-policy'?: { access: string; cache: string; limit: string; idempotent?: boolean; page?: { path: string; index: boolean } };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function document(): Promise<Document> {
  const res = await t.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return (await res.json()) as Document;
}

/** Hono's path ('/api/schools/:id') as OpenAPI writes it ('/api/schools/{id}'). */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}');

function appRoutes(): string[] {
  return [...new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`))].sort();
}

function documented(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

/** Every property name anywhere in a JSON schema. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, into));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((k) => into.add(k));
      propertyNames(value, into);
    }
  }
  return into;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the app (app.routes)', async () => {
    const doc = await document();
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((r) => !documented(doc).includes(r));
    expect(missing).toEqual([]);
    expect(documented(doc)).toEqual(
      expect.arrayContaining([
        'GET /api/pay-scales',
        'GET /api/openapi.json',
        'GET /api/docs',
        'POST /unsubscribe/{token}',
        'GET /sitemap.xml',
      ]),
    );
    // Nothing documented that the app does not answer.
    expect(documented(doc).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("gives every API operation its policy, and no public answer an author's id, email or surname", async () => {
    const doc = await document();
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(item)) {
        const policy = op['x-policy'];
        expect(policy, `${method} ${path}`).toBeDefined();
        expect(['public', 'user', 'moderator', 'admin']).toContain(policy!.access);
        expect(['everyone', 'visitors', 'owner', 'none']).toContain(policy!.cache);
        expect(['read', 'write', 'moderation', 'login', 'preview', 'none']).toContain(policy!.limit);
        if (method !== 'get') expect(policy!.cache, `${method} ${path}`).toBe('none');
        // The signed-in user's own answer (GET /api/auth/user) is public to call but about the caller.
        if (policy!.access !== 'public' || policy!.cache === 'owner') continue;
        const answers = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        for (const [, answer] of answers) {
          const names = propertyNames(answer.content);
          for (const secret of ['userId', 'email', 'lastName'])
            expect(names.has(secret), `${method} ${path} answers ${secret}`).toBe(false);
        }
      }
    }
    expect(doc.paths['/api/pay-scales'].get['x-policy']).toEqual({
      access: 'public',
      cache: 'everyone',
      data: ['pay_scales'],
      limit: 'read',
      page: { path: '/pay-scales', index: true },
    });
  });

  it("answers a bad query with the API's error shape and the product's message (the validation hook)", async () => {
    const body = await answer(t.client['pay-scales'].$get({ query: { effectiveDate: '1 May' } }), 400);
    expect(body).toEqual({ error: 'Invalid query', fields: { effectiveDate: 'Effective date must be yyyy-mm-dd' } });
  });
});

describe('GET /api/docs', () => {
  it('is the reference page, its script from this server and allowed by hash in its CSP', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).toContain('"url": "/api/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // Every other answer keeps the strict policy.
    expect((await t.app.request('/api/openapi.json')).headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it("serves Scalar's bundle, gzip when asked, cacheable for a day", async () => {
    const plain = await t.app.request('/api/docs/scalar.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(body).toContain('createApiReference');
    const zipped = await t.app.request('/api/docs/scalar.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const again = await t.app.request('/api/docs/scalar.js', { headers: { 'If-None-Match': plain.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
