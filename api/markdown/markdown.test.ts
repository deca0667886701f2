// The forms' Markdown preview renders with the pages' one renderer, for signed-in users only, and
// counts against its own limit per user (decision 1411).
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/db';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';
import { createApp } from '../app';
import { RateLimiter } from '../platform/middleware/rate-limit';

const db = testDb({ demo: false });
const call = caller(createApp({ db, rateLimit: false }));
const cookie = signIn(db, { id: 'md:writer', email: 'writer@example.test' });

describe('POST /api/markdown/preview', () => {
  it('renders the safe subset and drops what it does not allow', async () => {
    const res = await call('POST', '/api/markdown/preview', {
      cookie,
      body: { source: '**Bold** and <script>alert(1)</script>\n\n- one\n- [site](https://x.example) [bad](javascript:alert(1))' },
    });
    expect(res.status).toBe(200);
    const { html } = res.body as { html: string };
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="https://x.example" rel="nofollow ugc noopener">site</a>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<li>one</li>');
  });

  it('answers "" for an empty source', async () => {
    const res = await call('POST', '/api/markdown/preview', { cookie, body: { source: '  ' } });
    expect(res.body).toEqual({ html: '' });
  });

  it('refuses a visitor and a source over 10,000 characters', async () => {
    expect((await call('POST', '/api/markdown/preview', { body: { source: 'x' } })).status).toBe(401);
    const long = await call('POST', '/api/markdown/preview', { cookie, body: { source: 'x'.repeat(10_001) } });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'Invalid input', fields: { source: 'Must be at most 10,000 characters' } });
  });

  it("answers 429 with words and Retry-After after a user's 20 previews in a minute; another user, and her writes, are not held", async () => {
    const now = new Date('2026-12-06T10:00:30Z');
    const t = testApp({ demo: false, now, rateLimit: { perMinute: 20 } });
    const limited = caller(t.app);
    const bea = signIn(t.db, { id: 'md:bea', email: 'bea@example.test' });
    const cal = signIn(t.db, { id: 'md:cal', email: 'cal@example.test' });
    const body = { source: '**a'.repeat(3_333) };
    for (let i = 0; i < 20; i++)
      expect((await limited('POST', '/api/markdown/preview', { cookie: bea, body })).status, `preview ${i + 1}`).toBe(200);
    const refused = await limited('POST', '/api/markdown/preview', { cookie: bea, body });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many previews. Please wait a moment and try again.' });
    expect(refused.headers.get('Retry-After')).toBe('30');
    expect((await limited('POST', '/api/markdown/preview', { cookie: cal, body })).status).toBe(200);
    // Her 20 previews used none of her 20 writes a minute.
    expect(new RateLimiter(t.db, { perMinute: 20 }).write('md:bea', now.getTime())).toBeNull();
  });
});
