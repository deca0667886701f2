// Malformed percent-encoding anywhere in the path is a 400 JSON answer, never a 500 with a stack in the log.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { testDb } from '../../../test/db';

// A minimal built app, so the static handler and its SPA fallback are in the chain.
const dist = mkdtempSync(join(tmpdir(), 'tilt-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');

afterEach(() => vi.restoreAllMocks());

describe('malformed percent-encoding', () => {
  it('answers 400 or 404 JSON and logs nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = createApp({ db: testDb({ demo: false }), distDir: dist });
    for (const path of ['/%ZZ', '/api/%ZZ', '/assets/%E0%A4%A', '/schools/%', '/api/jobs/%ZZ', '/api/forum/threads/%C0%AF%ZZ']) {
      const res = await app.request(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      const body = (await res.json()) as { error: string };
      expect(typeof body.error, path).toBe('string');
      expect(JSON.stringify(body)).not.toMatch(/URIError|at /);
    }
    expect(errors).not.toHaveBeenCalled();
    // The app itself still serves.
    const home = await app.request('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>app</title>');
  });
});
