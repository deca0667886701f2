// The forms' Markdown preview renders with the pages' one renderer, for signed-in users only.
import { describe, expect, it } from 'vitest';
import { testDb } from '../../test/db';
import { signIn } from '../../test/app';
import { caller } from '../../test/requests';
import { createApp } from '../app';

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
});
