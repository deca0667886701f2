// Google and Microsoft Entra ID through arctic, with their token (and userinfo) endpoints answered
// by a stub (no network here): the claim checks and the email trust rules per provider.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { googleProvider, microsoftProvider, SignInError, type SignInProvider } from './oidc';

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const jwt = (claims: object) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
const now = new Date();
const t = Math.floor(now.getTime() / 1000);
const TENANT = '8f2c1a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

interface Seen {
  url: string;
  body: string;
  authorization: string | null;
}

function stubEndpoints(idClaims: object, userinfo?: object): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({ url: request.url, body: await request.text(), authorization: request.headers.get('Authorization') });
    if (/userinfo/.test(request.url)) return Response.json(userinfo ?? {});
    return Response.json({ access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, id_token: jwt(idClaims) });
  });
  return seen;
}

async function finishWith(provider: SignInProvider, claims: object, userinfo?: object) {
  const start = await provider.start();
  const nonce = new URL(start.url).searchParams.get('nonce')!;
  const seen = stubEndpoints({ nonce, ...claims }, userinfo);
  const identity = await provider.finish({ code: 'code-1', codeVerifier: start.codeVerifier, nonce, now });
  return { identity, seen, start };
}

afterEach(() => vi.unstubAllGlobals());

describe('Google', () => {
  const google = googleProvider({ clientId: 'g-client', clientSecret: 'g-secret' }, 'https://app.example/api/callback/google');
  const claims = {
    iss: 'https://accounts.google.com',
    aud: 'g-client',
    exp: t + 600,
    iat: t,
    sub: '1057',
    email: 'Ms.Khan@School.example',
    email_verified: true,
    given_name: 'Amira',
    family_name: 'Khan',
    picture: 'https://lh3.googleusercontent.com/a/x',
  };

  it('exchanges the code with the PKCE verifier and reads the profile from the ID token', async () => {
    const { identity, seen, start } = await finishWith(google, claims);
    expect(identity).toEqual({
      subject: '1057',
      email: 'ms.khan@school.example',
      firstName: 'Amira',
      lastName: 'Khan',
      profileImageUrl: 'https://lh3.googleusercontent.com/a/x',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('https://oauth2.googleapis.com/token');
    const body = new URLSearchParams(seen[0].body);
    expect(body.get('code')).toBe('code-1');
    expect(body.get('code_verifier')).toBe(start.codeVerifier);
    expect(body.get('redirect_uri')).toBe('https://app.example/api/callback/google');
  });

  it('refuses a token for another client or from another issuer', async () => {
    await expect(finishWith(google, { ...claims, aud: 'someone-else' })).rejects.toThrow('audience');
    await expect(finishWith(google, { ...claims, iss: 'https://evil.example' })).rejects.toThrow(SignInError);
  });

  it('keeps no unverified email', async () => {
    const { identity } = await finishWith(google, { ...claims, email_verified: false });
    expect(identity.email).toBeNull();
  });
});

describe('Microsoft Entra ID', () => {
  const base = {
    aud: 'm-client',
    exp: t + 600,
    iat: t,
    sub: 'AAAA-sub',
    tid: TENANT,
    iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
    name: 'Tom Okafor',
  };

  it('single tenant: accepts its own tenant, reads userinfo for the missing email, splits the name', async () => {
    const entra = microsoftProvider(
      { tenantId: TENANT, clientId: 'm-client', clientSecret: 'm-secret' },
      'https://app.example/api/callback/microsoft',
    );
    const { identity, seen } = await finishWith(entra, base, { sub: 'AAAA-sub', email: 'tom.okafor@school.example' });
    expect(seen[0].url).toBe(`https://login.microsoftonline.com/${TENANT}/oauth2/v2.0/token`);
    expect(seen[1]).toMatchObject({ url: 'https://graph.microsoft.com/oidc/userinfo', authorization: 'Bearer at-1' });
    expect(identity).toEqual({
      subject: 'AAAA-sub',
      email: 'tom.okafor@school.example',
      firstName: 'Tom',
      lastName: 'Okafor',
      profileImageUrl: null,
    });
    const other = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';
    await expect(finishWith(entra, { ...base, tid: other, iss: `https://login.microsoftonline.com/${other}/v2.0` })).rejects.toThrow(
      'issuer',
    );
  });

  it('refuses userinfo about someone else', async () => {
    const entra = microsoftProvider(
      { tenantId: TENANT, clientId: 'm-client', clientSecret: 'm-secret' },
      'https://app.example/api/callback/microsoft',
    );
    await expect(finishWith(entra, base, { sub: 'other', email: 'x@school.example' })).rejects.toThrow('another person');
  });

  it('multi-tenant: iss must name the token’s tid; email trusted only with xms_edov', async () => {
    const entra = microsoftProvider(
      { tenantId: 'organizations', clientId: 'm-client', clientSecret: 'm-secret' },
      'https://app.example/api/callback/microsoft',
    );
    const unverified = await finishWith(entra, { ...base, email: 'head@school.example' });
    expect(unverified.identity.email).toBeNull();
    const verified = await finishWith(entra, { ...base, email: 'head@school.example', xms_edov: true });
    expect(verified.identity.email).toBe('head@school.example');
    await expect(finishWith(entra, { ...base, tid: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee', email: 'x@y.z' })).rejects.toThrow('issuer');
  });
});
