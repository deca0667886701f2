// Security headers: Permissions-Policy, form-action in the CSP, HSTS only over https.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { testDb } from '../../../test/db';

const db = testDb({ demo: false });

describe('security headers', () => {
  it('sends Permissions-Policy and a CSP with form-action on pages and API answers', async () => {
    const app = createApp({ db, rateLimit: false });
    for (const path of ['/api/health', '/api/nope', '/api/login']) {
      const res = await app.request(path);
      expect(res.headers.get('permissions-policy'), path).toBe('camera=(), microphone=(), geolocation=(self)');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("form-action 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
    }
  });

  it('sends HSTS only over https', async () => {
    const plain = createApp({ db, rateLimit: false });
    expect((await plain.request('http://teachers.example/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await plain.request('https://teachers.example/api/health')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    // X-Forwarded-Proto is a claim anyone can make: honoured only with TRUST_PROXY.
    const forwarded = { headers: { 'X-Forwarded-Proto': 'https' } };
    expect((await plain.request('http://teachers.example/api/health', forwarded)).headers.get('strict-transport-security')).toBeNull();
    const proxied = createApp({ db, rateLimit: false, trustProxy: true });
    expect((await proxied.request('http://teachers.example/api/health', forwarded)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await proxied.request('http://teachers.example/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});
