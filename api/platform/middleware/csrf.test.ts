// The cross-site check behind a TLS-terminating proxy: the browser's Origin is https://…, the
// request URL the server sees is http://…
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { signIn } from '../../../test/app';
import { testDb } from '../../../test/db';

const db = testDb({ demo: false });
const cookie = signIn(db, { id: 'csrf:1', email: 'csrf@example.test' });

function post(app: ReturnType<typeof createApp>, headers: Record<string, string>) {
  // A bodyless write that needs a session and passes the cross-site check: 404 (no such job) means "let through".
  return app.request('http://teachers.example/api/jobs/999999/save', { method: 'DELETE', headers: { Cookie: cookie, ...headers } });
}

describe('cross-site check', () => {
  it("accepts APP_URL's origin behind a TLS proxy (the request URL is http)", async () => {
    const app = createApp({ db, rateLimit: false, appUrl: 'https://teachers.example' });
    const res = await post(app, { Origin: 'https://teachers.example', 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(404);
    const evil = await post(app, { Origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ error: 'Cross-site request refused' });
  });

  it('honours X-Forwarded-Proto only with TRUST_PROXY', async () => {
    const untrusting = createApp({ db, rateLimit: false });
    const refused = await post(untrusting, { Origin: 'https://teachers.example', 'X-Forwarded-Proto': 'https' });
    expect(refused.status).toBe(403);
    const trusting = createApp({ db, rateLimit: false, trustProxy: true });
    const accepted = await post(trusting, { Origin: 'https://teachers.example', 'X-Forwarded-Proto': 'https' });
    expect(accepted.status).toBe(404);
    const wrongScheme = await post(trusting, { Origin: 'https://teachers.example', 'X-Forwarded-Proto': 'http' });
    expect(wrongScheme.status).toBe(403);
    const otherHost = await post(trusting, { Origin: 'https://evil.example', 'X-Forwarded-Proto': 'https' });
    expect(otherHost.status).toBe(403);
  });

  it('still accepts the plain same-origin request and refuses cross-site fetch metadata', async () => {
    const app = createApp({ db, rateLimit: false, appUrl: 'https://teachers.example' });
    expect((await post(app, { Origin: 'http://teachers.example' })).status).toBe(404);
    expect((await post(app, { Origin: 'https://teachers.example', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  });
});
