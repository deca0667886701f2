// Sign-in end to end against a real OpenID provider (the local oidc-provider on 127.0.0.1),
// the app driven through app.request: state, PKCE, nonce, sessions, logout, returnTo.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumCategories, forumModerators, sessions, users } from '../../db/schema';
import { createApp } from '../app';
import { startDevOidc, type DevOidc } from '../dev-oidc/provider';
import { callbackUrl, checkIdTokenClaims, googleProvider, microsoftProvider, oidcProvider, type SignInProvider } from './oidc';
import { createSession, IDLE_TIMEOUT_MS } from './session-store';
import { requireAdmin } from '../platform/access';
import { testDb } from '../../test/db';
import { atProvider as providerSignIn, cookiesOf, type Person } from '../../test/oidc';
import { decodePending, encodePending, safeReturnTo } from './auth.handlers';

const APP = 'http://localhost:3999';
const SECRET = 'test-session-secret-0123456789abcdef';
/** The pending sign-in inside a temporary cookie (its payload, before the signature). */
const payloadOf = (cookie: string) => JSON.parse(Buffer.from(cookie.split('.')[0], 'base64url').toString());
const client = { clientId: 'tilt-test', clientSecret: 'test-secret-0123456789' };
let op: DevOidc;
let conformOp: DevOidc;

beforeAll(async () => {
  op = await startDevOidc({ port: 0, redirectUris: [callbackUrl(APP, 'dev'), callbackUrl(APP, 'oidc')], ...client });
  conformOp = await startDevOidc({ port: 0, redirectUris: [callbackUrl(APP, 'dev')], conformIdTokenClaims: true, ...client });
});
afterAll(async () => {
  await op?.close();
  await conformOp?.close();
});

function devProvider(issuer = op.issuer): SignInProvider {
  return oidcProvider(
    { id: 'dev', label: 'Local sign-in', issuer, ...client, extraAuthParams: { prompt: 'login' } },
    callbackUrl(APP, 'dev'),
  );
}

function setup(options: { adminEmails?: string[]; signIn?: SignInProvider[]; production?: boolean } = {}) {
  const db = testDb({ demo: false });
  const app = createApp({
    db,
    adminEmails: options.adminEmails,
    signIn: options.signIn ?? [devProvider()],
    production: options.production,
    sessionSecret: SECRET,
  });
  app.get('/api/admin-probe', requireAdmin, (c) => c.json({ ok: true }));
  return { db, app };
}

let signInPagesShown = 0;

/** Plays the browser at the provider (test/oidc.ts), counting the sign-in forms it fills. */
const atProvider = (authorizeUrl: string, person: Person, jar?: Map<string, string>) =>
  providerSignIn(APP, authorizeUrl, person, jar, (html) => {
    expect(html).toContain('name="name"');
    expect(html.match(/<button/g)).toHaveLength(1);
    signInPagesShown++;
  });

async function startLogin(app: ReturnType<typeof setup>['app'], query = '') {
  const res = await app.request(`${APP}/api/login${query}`);
  expect(res.status).toBe(302);
  const pending = cookiesOf(res).tilt_oauth;
  expect(pending).toBeTruthy();
  return { authorize: res.headers.get('location')!, pending };
}

async function signInFlow(
  app: ReturnType<typeof setup>['app'],
  person = { email: 'Ada@Example.test', name: 'Ada Lovelace' },
  query = '?returnTo=/dashboard',
) {
  const { authorize, pending } = await startLogin(app, query);
  const callback = await atProvider(authorize, person);
  const res = await app.request(callback, { headers: { Cookie: `tilt_oauth=${pending}` } });
  return { res, session: cookiesOf(res).tilt_session, callback, pending };
}

describe('sign-in through the local OpenID provider', () => {
  it('starts with state, PKCE S256 and a nonce, and signs in: user upserted, session created, back to returnTo', async () => {
    const { app, db } = setup();
    const { authorize } = await startLogin(app, '?returnTo=/dashboard');
    const url = new URL(authorize);
    expect(url.origin).toBe(op.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${APP}/api/callback/dev`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');

    const { res, session } = await signInFlow(app);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    expect(session).toMatch(/^[\w-]+\.[\w-]+$/);
    const setCookie = res.headers.getSetCookie().find((l) => l.startsWith('tilt_session='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    // The temporary cookie is gone.
    expect(cookiesOf(res).tilt_oauth).toBe('');

    const me = await app.request('/api/auth/user', { headers: { Cookie: `tilt_session=${session}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      id: 'dev:ada@example.test',
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      isAdmin: false,
      isModerator: false,
    });
    const row = db.select().from(users).where(eq(users.id, 'dev:ada@example.test')).get()!;
    // A forum moderator row makes the user a moderator (the forum links the queue for them).
    const category = db.select().from(forumCategories).get()!;
    db.insert(forumModerators).values({ userId: row.id, categoryId: category.id }).run();
    expect((await (await app.request('/api/auth/user', { headers: { Cookie: `tilt_session=${session}` } })).json()).isModerator).toBe(true);
    db.delete(forumModerators).run();
    expect(row.firstName).toBe('Ada');
    // Only the hash of the cookie's secret is stored.
    const [sid, secret] = session.split('.');
    const stored = db.select().from(sessions).where(eq(sessions.sid, sid)).get()!;
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('creates a new session at every sign-in and refreshes the profile from the provider', async () => {
    const { app, db } = setup();
    const first = await signInFlow(app);
    const second = await signInFlow(app, { email: 'ada@example.test', name: 'Ada King' });
    expect(second.res.status).toBe(302);
    expect(second.session.split('.')[0]).not.toBe(first.session.split('.')[0]);
    expect(db.select().from(users).where(eq(users.id, 'dev:ada@example.test')).get()!.lastName).toBe('King');
    expect(db.select().from(users).all()).toHaveLength(1);
  });

  it('shows the form again for the next sign-in in the same browser (prompt=login) and can switch person', async () => {
    const { app } = setup();
    const jar = new Map<string, string>();
    const shownBefore = signInPagesShown;
    for (const person of [
      { email: 'ada@example.test', name: 'Ada Lovelace' },
      { email: 'grace@example.test', name: 'Grace Hopper' },
    ]) {
      const { authorize, pending } = await startLogin(app);
      const callback = await atProvider(authorize, person, jar);
      const res = await app.request(callback, { headers: { Cookie: `tilt_oauth=${pending}` } });
      expect(res.status).toBe(302);
      const me = await (await app.request('/api/auth/user', { headers: { Cookie: `tilt_session=${cookiesOf(res).tilt_session}` } })).json();
      expect(me.email).toBe(person.email);
    }
    expect(jar.has('_session')).toBe(true);
    expect(signInPagesShown - shownBefore).toBe(2);
  });

  it('reads the userinfo endpoint when the ID token carries no email (conformIdTokenClaims)', async () => {
    const { app } = setup({ signIn: [devProvider(conformOp.issuer)] });
    const { res, session } = await signInFlow(app, { email: 'grace@example.test', name: 'Grace Hopper' });
    expect(res.status).toBe(302);
    const me = await (await app.request('/api/auth/user', { headers: { Cookie: `tilt_session=${session}` } })).json();
    expect(me).toMatchObject({ email: 'grace@example.test', firstName: 'Grace', lastName: 'Hopper' });
  });

  it('refuses a state mismatch: 400, no session, no user', async () => {
    const { app, db } = setup();
    const { authorize, pending } = await startLogin(app);
    const callback = new URL(await atProvider(authorize, { email: 'eve@example.test', name: 'Eve' }));
    callback.searchParams.set('state', 'forged-state-value');
    const res = await app.request(callback.toString(), { headers: { Cookie: `tilt_oauth=${pending}` } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('(state)');
    expect(cookiesOf(res).tilt_session).toBeUndefined();
    expect(db.select().from(users).all()).toHaveLength(0);
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it('refuses a callback without the temporary cookie or without the code verifier', async () => {
    const { app, db } = setup();
    const { authorize, pending } = await startLogin(app);
    const callback = await atProvider(authorize, { email: 'eve@example.test', name: 'Eve' });
    const noCookie = await app.request(callback);
    expect(noCookie.status).toBe(400);

    const decoded = payloadOf(pending);
    const { v: _verifier, ...withoutVerifier } = decoded;
    const noVerifier = await app.request(callback, { headers: { Cookie: `tilt_oauth=${encodePending(withoutVerifier, SECRET)}` } });
    expect(noVerifier.status).toBe(400);
    expect(await noVerifier.text()).toContain('missing code verifier');

    // A wrong verifier is refused by the provider's token endpoint (PKCE).
    const wrongVerifier = encodePending({ ...decoded, v: 'x'.repeat(43) }, SECRET);
    const refused = await app.request(callback, { headers: { Cookie: `tilt_oauth=${wrongVerifier}` } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('refused the sign-in code');
    expect(db.select().from(sessions).all()).toHaveLength(0);
  });

  it('refuses an ID token whose nonce does not match', async () => {
    const { app } = setup();
    const { authorize, pending } = await startLogin(app);
    const callback = await atProvider(authorize, { email: 'eve@example.test', name: 'Eve' });
    const decoded = payloadOf(pending);
    const res = await app.request(callback, {
      headers: { Cookie: `tilt_oauth=${encodePending({ ...decoded, n: 'another-nonce' }, SECRET)}` },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('(nonce)');
  });

  it('signs the temporary cookie with SESSION_SECRET: a forged or re-signed one is refused', async () => {
    const { app, db } = setup();
    const { authorize, pending } = await startLogin(app);
    expect(decodePending(pending, SECRET)).toMatchObject({ p: 'dev' });
    expect(decodePending(pending, 'another-secret-0123456789abcdefgh')).toBeNull();
    const callback = await atProvider(authorize, { email: 'mallory@example.test', name: 'Mallory' });
    const [payload, mac] = pending.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ ...payloadOf(pending), r: '/forum' })).toString('base64url')}.${mac}`;
    const attempts = [payload, tampered, encodePending(payloadOf(pending), 'another-secret-0123456789abcdefgh'), `${pending}.x`];
    for (const cookie of attempts) {
      const res = await app.request(callback, { headers: { Cookie: `tilt_oauth=${cookie}` } });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Your sign-in took too long or was started in another browser.');
    }
    expect(db.select().from(sessions).all()).toHaveLength(0);
    // The genuine cookie still completes the sign-in.
    const ok = await app.request(callback, { headers: { Cookie: `tilt_oauth=${pending}` } });
    expect(ok.status).toBe(302);
    expect(db.select().from(sessions).all()).toHaveLength(1);
  });

  it('reports a cancelled sign-in (error=access_denied)', async () => {
    const { app } = setup();
    const { pending } = await startLogin(app);
    const res = await app.request(`${APP}/api/callback/dev?error=access_denied&state=x`, { headers: { Cookie: `tilt_oauth=${pending}` } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in was cancelled.');
  });

  it('ignores open-redirect attempts in returnTo', async () => {
    const { app } = setup();
    for (const attempt of ['//evil.example', '/\\evil.example', 'https://evil.example/x', '/%5C%5Cevil', 'javascript:alert(1)']) {
      const { pending } = await startLogin(app, `?returnTo=${encodeURIComponent(attempt)}`);
      const stored = payloadOf(pending).r;
      expect(new URL(stored, 'https://app.example').origin).toBe('https://app.example');
    }
    const { res } = await signInFlow(app, undefined, `?returnTo=${encodeURIComponent('//evil.example/steal')}`);
    expect(res.headers.get('location')).toBe('/');
    // A forged cookie's returnTo is checked again at the callback.
    const { authorize, pending } = await startLogin(app);
    const callback = await atProvider(authorize, { email: 'ada@example.test', name: 'Ada' });
    const forged = encodePending({ ...payloadOf(pending), r: 'https://evil.example' }, SECRET);
    const again = await app.request(callback, { headers: { Cookie: `tilt_oauth=${forged}` } });
    expect(again.headers.get('location')).toBe('/');
  });

  it('logout deletes the session server-side: the old cookie no longer works', async () => {
    const { app, db } = setup();
    const { session } = await signInFlow(app);
    const cookie = `tilt_session=${session}`;
    expect((await app.request('/api/auth/user', { headers: { Cookie: cookie } })).status).toBe(200);
    const out = await app.request(`${APP}/api/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: APP, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(out.status).toBe(204);
    expect(cookiesOf(out).tilt_session).toBe('');
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, session.split('.')[0]))
        .get(),
    ).toBeUndefined();
    const after = await app.request('/api/auth/user', { headers: { Cookie: cookie } });
    expect(after.status).toBe(200);
    expect(await after.json()).toBeNull();
  });

  it('sign-out is a POST behind the cross-site check; GET /api/logout is a page whose form posts', async () => {
    const { app, db } = setup();
    const { session } = await signInFlow(app);
    const cookie = `tilt_session=${session}`;
    const sid = session.split('.')[0];
    const alive = async () =>
      (await app.request('/api/auth/user', { headers: { Cookie: cookie } })).status === 200 &&
      !!db.select().from(sessions).where(eq(sessions.sid, sid)).get();
    // A cross-site navigation or image: GET signs nobody out, it shows a page with a posting form.
    const get = await app.request(`${APP}/api/logout`, { headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' } });
    expect(get.status).toBe(200);
    const html = await get.text();
    expect(html).toMatch(/<form method="post" action="\/api\/logout"><button[^>]*type="submit">Sign Out<\/button><\/form>/);
    expect(html).not.toMatch(/<script/);
    expect(get.headers.getSetCookie()).toEqual([]);
    expect(await alive()).toBe(true);
    // A cross-site form post is refused.
    const forged = await app.request(`${APP}/api/logout`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        Origin: 'https://evil.example',
        'Sec-Fetch-Site': 'cross-site',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': '0',
      },
    });
    expect(forged.status).toBe(403);
    expect(await alive()).toBe(true);
    // The page's own form post (a navigation) signs out and goes home.
    const posted = await app.request(`${APP}/api/logout`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        Origin: APP,
        'Sec-Fetch-Site': 'same-origin',
        Accept: 'text/html,*/*',
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': '0',
      },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/');
    expect(cookiesOf(posted).tilt_session).toBe('');
    expect(await alive()).toBe(false);
    // Signed out, the page just goes home.
    const again = await app.request(`${APP}/api/logout`);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/');
  });

  it('admins come from ADMIN_EMAILS; requireAdmin answers 403 to anyone else', async () => {
    const { app } = setup({ adminEmails: ['head@school.example'] });
    const teacher = (await signInFlow(app, { email: 'teacher@school.example', name: 'Tom Teacher' })).session;
    const head = (await signInFlow(app, { email: 'Head@School.example', name: 'Helen Head' })).session;
    const probe = (s: string) => app.request('/api/admin-probe', { headers: { Cookie: `tilt_session=${s}` } });
    expect((await probe(teacher)).status).toBe(403);
    expect(await (await probe(teacher)).json()).toEqual({ error: 'Forbidden' });
    expect((await probe(head)).status).toBe(200);
    const me = await (await app.request('/api/auth/user', { headers: { Cookie: `tilt_session=${head}` } })).json();
    expect(me.isAdmin).toBe(true);
  });
});

describe('sessions and guards on the real app', () => {
  it('in production both cookies are Secure and __Host- prefixed', async () => {
    const { app } = setup({ production: true });
    const login = await app.request(`${APP}/api/login`);
    const oauthLine = login.headers.getSetCookie()[0];
    expect(oauthLine).toMatch(/^__Host-tilt_oauth=[\w-]+\.[\w-]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const pending = cookiesOf(login)['__Host-tilt_oauth'];
    const callback = await atProvider(login.headers.get('location')!, { email: 'ada@example.test', name: 'Ada' });
    const res = await app.request(callback, { headers: { Cookie: `__Host-tilt_oauth=${pending}` } });
    expect(res.status).toBe(302);
    const sessionLine = res.headers.getSetCookie().find((l) => l.startsWith('__Host-tilt_session='))!;
    expect(sessionLine).toMatch(/HttpOnly/);
    expect(sessionLine).toMatch(/Secure/);
    const me = await app.request('/api/auth/user', { headers: { Cookie: `__Host-tilt_session=${cookiesOf(res)['__Host-tilt_session']}` } });
    expect((await me.json()).email).toBe('ada@example.test');
  });

  it('/api/auth/user: 200 null for a visitor and for an expired session (writes still answer 401)', async () => {
    const { app, db } = setup();
    const visitor = await app.request('/api/auth/user');
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toBeNull();
    expect((await app.request('/api/me/activity')).status).toBe(401);
    db.insert(users).values({ id: 'dev:old', email: 'old@example.test', firstName: 'Old' }).run();
    const { token } = createSession(db, 'dev:old', new Date(Date.now() - IDLE_TIMEOUT_MS - 60_000));
    const expired = await app.request('/api/auth/user', { headers: { Cookie: `tilt_session=${token}` } });
    expect(expired.status).toBe(200);
    expect(await expired.json()).toBeNull();
    expect(cookiesOf(expired).tilt_session).toBe('');
  });

  it('refuses a cross-origin POST with 403', async () => {
    const { app } = setup();
    const res = await app.request(`${APP}/api/auth/user`, { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
  });

  it('refuses an email already used by an account of another provider (409), without merging', async () => {
    const { app, db } = setup();
    db.insert(users).values({ id: 'google:123', email: 'ada@example.test', firstName: 'Ada' }).run();
    const { res } = await signInFlow(app);
    expect(res.status).toBe(409);
    expect(
      db
        .select()
        .from(users)
        .all()
        .map((u) => u.id),
    ).toEqual(['google:123']);
  });
});

describe('provider chooser and configured providers', () => {
  const google = googleProvider({ clientId: 'g-client', clientSecret: 'g-secret' }, callbackUrl(APP, 'google'));
  const microsoft = microsoftProvider(
    { tenantId: 'organizations', clientId: 'm-client', clientSecret: 'm-secret' },
    callbackUrl(APP, 'microsoft'),
  );

  it('shows a chooser with more than one provider, then redirects to the chosen one with PKCE and nonce', async () => {
    const { app } = setup({ signIn: [google, microsoft, devProvider()] });
    const page = await app.request('/api/login?returnTo=/forum');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('href="/api/login?provider=google&amp;returnTo=%2Fforum">Continue with Google</a>');
    expect(html).toContain('Continue with Microsoft');
    expect(html).toContain('Local sign-in');

    const toGoogle = await app.request('/api/login?provider=google&returnTo=/forum');
    const g = new URL(toGoogle.headers.get('location')!);
    expect(g.origin + g.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(g.searchParams.get('client_id')).toBe('g-client');
    expect(g.searchParams.get('redirect_uri')).toBe(`${APP}/api/callback/google`);
    expect(g.searchParams.get('code_challenge_method')).toBe('S256');
    expect(g.searchParams.get('nonce')).toBeTruthy();

    const toMicrosoft = await app.request('/api/login?provider=microsoft');
    const m = new URL(toMicrosoft.headers.get('location')!);
    expect(m.origin + m.pathname).toBe('https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize');
    expect(m.searchParams.get('code_challenge_method')).toBe('S256');

    // A callback for a provider other than the one the sign-in started with is refused.
    const pending = cookiesOf(toGoogle).tilt_oauth;
    const state = payloadOf(pending).s;
    const crossed = await app.request(`${APP}/api/callback/microsoft?code=abc&state=${state}`, {
      headers: { Cookie: `tilt_oauth=${pending}` },
    });
    expect(crossed.status).toBe(400);
  });

  it('answers 503 when no provider is configured', async () => {
    const { app } = setup({ signIn: [] });
    expect((await app.request('/api/login')).status).toBe(503);
  });
});

describe('ID token claim checks', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);
  const good = { iss: 'https://id.example', aud: 'app', exp: t + 300, iat: t - 10, nonce: 'n1', sub: 'user-1' };
  const expected = { issuer: (iss: string) => iss === 'https://id.example', clientId: 'app', nonce: 'n1', now };

  it('accepts a good token and refuses a wrong iss, aud, azp, exp, iat, nonce or sub', () => {
    expect(checkIdTokenClaims(good, expected)).toBe('user-1');
    const bad: [Record<string, unknown>, string][] = [
      [{ iss: 'https://evil.example' }, 'issuer'],
      [{ aud: 'someone-else' }, 'audience'],
      [{ aud: ['app', 'other'] }, 'authorized party'],
      [{ exp: t - 3600 }, 'expired'],
      [{ iat: t + 3600 }, 'future'],
      [{ nonce: 'n2' }, 'nonce'],
      [{ nonce: undefined }, 'nonce'],
      [{ sub: '' }, 'subject'],
    ];
    for (const [change, what] of bad) expect(() => checkIdTokenClaims({ ...good, ...change }, expected)).toThrow(what);
    expect(checkIdTokenClaims({ ...good, aud: ['app', 'other'], azp: 'app' }, expected)).toBe('user-1');
  });
});

describe('safeReturnTo', () => {
  it('keeps same-site paths and drops everything else', () => {
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(safeReturnTo('/schools/12?tab=reviews#top')).toBe('/schools/12?tab=reviews#top');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil',
      'https://evil.example',
      'http:/evil',
      'javascript:alert(1)',
      '/\t/evil',
      '/\n/evil',
      ' /x',
      '',
      undefined,
      null,
      '/api/logout',
      '/api/login?returnTo=/x',
      'evil',
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeReturnTo(bad as string)).toBe('/');
    }
  });
});

describe('local provider', () => {
  it('refuses to start in production', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startDevOidc({ port: 0, redirectUris: [callbackUrl(APP, 'dev')], ...client })).rejects.toThrow(
        'never runs in production',
      );
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
