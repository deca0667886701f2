// The one module that talks OpenID Connect. arctic (no longer developed upstream) stays behind
// this file: routes only see SignInProvider, so arctic can be swapped without touching them.
//
// Every provider runs the authorization-code flow with state, PKCE (S256) and a nonce. arctic's
// decodeIdToken does not verify signatures; the ID token comes straight from the token endpoint
// over TLS (the back channel), so checking iss, aud/azp, exp, iat and nonce here is what
// OpenID Connect Core §3.1.3.7 asks of such a client.
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  Google,
  MicrosoftEntraId,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';
import { z } from 'zod';
import type { SignInEnv } from '../env';

/** A sign-in that must not complete; the message is safe to show the visitor. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 | 502 = 400,
  ) {
    super(message);
  }
}

/** Who signed in, as the provider tells it. */
export interface Identity {
  /** `sub` claim: stable per provider (the user id is `${provider}:${subject}`). */
  subject: string;
  /** Only an email the provider vouches for; null otherwise. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** DfE Sign-in's `organisation` claim as sent (providers with `organisations` only; api/schools/dfe.ts reads it). */
  organisation?: unknown;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface SignInProvider {
  /** Path segment of the callback (/api/callback/:id) and prefix of user ids. */
  readonly id: string;
  /** Button text on the chooser page. */
  readonly label: string;
  /** Asks for the `organisation` scope (DfE Sign-in): the identity carries the organisation the person signed in for. */
  readonly organisations?: boolean;
  start(): Promise<AuthorizationStart>;
  finish(input: { code: string; codeVerifier: string; nonce: string; now: Date }): Promise<Identity>;
}

/**
 * A GET sent again once when a reused keep-alive connection was reset under it (the provider
 * closed an idle socket just as we wrote to it: ECONNRESET / "other side closed"). GETs only:
 * the token exchange (a single-use code) is never repeated.
 */
async function getOnceMore(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as Error).cause as { code?: string } | undefined;
    if (!(error instanceof TypeError) || !cause || !['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(cause.code ?? '')) throw error;
    return fetch(url, init);
  }
}

const SCOPES = ['openid', 'email', 'profile'];
const CLOCK_SKEW_S = 120;

export type IdTokenClaims = Record<string, unknown>;

/** Checks an ID token's claims; throws SignInError when one is wrong. Returns the subject. */
export function checkIdTokenClaims(
  claims: IdTokenClaims,
  expected: { issuer: (iss: string, claims: IdTokenClaims) => boolean; clientId: string; nonce: string; now: Date },
): string {
  const now = Math.floor(expected.now.getTime() / 1000);
  const fail = (what: string) => {
    throw new SignInError(`The identity provider's ID token was refused (${what}).`);
  };
  if (typeof claims.iss !== 'string' || !expected.issuer(claims.iss, claims)) fail('issuer');
  const aud = claims.aud;
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.includes(expected.clientId)) fail('audience');
  if (audiences.length > 1 && claims.azp !== expected.clientId) fail('authorized party');
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_S <= now) fail('expired');
  if (typeof claims.iat !== 'number' || claims.iat - CLOCK_SKEW_S > now) fail('issued in the future');
  if (typeof claims.nonce !== 'string' || claims.nonce !== expected.nonce) fail('nonce');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) fail('subject');
  return claims.sub as string;
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** Turns ID token claims (plus userinfo, if read) into the user's profile. */
export function identityFrom(subject: string, claims: IdTokenClaims, options: { trustEmail: boolean }): Identity {
  const verified = claims.email_verified;
  const emailOk = options.trustEmail && verified !== false && verified !== 'false';
  const email = emailOk ? (text(claims.email, 254)?.toLowerCase() ?? null) : null;
  let firstName = text(claims.given_name, 100);
  let lastName = text(claims.family_name, 100);
  const name = text(claims.name, 200);
  if (!firstName && !lastName && name) {
    const [first, ...rest] = name.split(/\s+/);
    firstName = first.slice(0, 100);
    lastName = rest.join(' ').slice(0, 100) || null;
  }
  const picture = text(claims.picture, 2048);
  const profileImageUrl = picture && /^https?:\/\//i.test(picture) ? picture : null;
  return { subject, email: email && email.includes('@') ? email : null, firstName, lastName, profileImageUrl };
}

async function readUserinfo(endpoint: string, accessToken: string, subject: string): Promise<IdTokenClaims> {
  const res = await getOnceMore(endpoint, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } });
  if (!res.ok) throw new SignInError('The identity provider did not answer with your profile.', 502);
  const info = (await res.json()) as IdTokenClaims;
  // OpenID Connect Core §5.3.2: the userinfo sub must be the ID token's.
  if (info.sub !== subject) throw new SignInError('The identity provider answered with another person’s profile.', 502);
  return info;
}

interface Flow {
  id: string;
  label: string;
  clientId: string;
  /** Builds the authorization URL (state + PKCE S256); the nonce is added here. */
  authorizationUrl(state: string, codeVerifier: string): Promise<URL>;
  exchange(code: string, codeVerifier: string): Promise<OAuth2Tokens>;
  issuer(iss: string, claims: IdTokenClaims): Promise<boolean> | boolean;
  userinfoEndpoint(): Promise<string | undefined> | string | undefined;
  trustEmail(claims: IdTokenClaims): boolean;
  extraAuthParams?: Record<string, string>;
  /** Reads the organisation claim (from the ID token or userinfo, which is then always read). */
  organisations?: boolean;
}

function provider(flow: Flow): SignInProvider {
  return {
    id: flow.id,
    label: flow.label,
    organisations: flow.organisations,
    async start() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const nonce = generateState();
      const url = await flow.authorizationUrl(state, codeVerifier);
      url.searchParams.set('nonce', nonce);
      for (const [k, v] of Object.entries(flow.extraAuthParams ?? {})) url.searchParams.set(k, v);
      return { url: url.toString(), state, codeVerifier, nonce };
    },
    async finish({ code, codeVerifier, nonce, now }) {
      let tokens: OAuth2Tokens;
      try {
        tokens = await flow.exchange(code, codeVerifier);
      } catch (error) {
        if (error instanceof SignInError) throw error;
        // OAuth2RequestError (invalid_grant: a wrong verifier or a used code) or a network fault.
        const detail = error instanceof Error && 'code' in error ? String((error as { code: unknown }).code) : (error as Error)?.message;
        console.warn(`sign-in (${flow.id}): token exchange failed: ${detail}`);
        throw new SignInError('The identity provider refused the sign-in code.', 400);
      }
      let idToken: string;
      let claims: IdTokenClaims;
      try {
        idToken = tokens.idToken();
        claims = decodeIdToken(idToken) as IdTokenClaims;
      } catch {
        throw new SignInError('The identity provider sent no valid ID token.', 502);
      }
      const issuerOk = await flow.issuer(typeof claims.iss === 'string' ? claims.iss : '', claims);
      const subject = checkIdTokenClaims(claims, { issuer: () => issuerOk, clientId: flow.clientId, nonce, now });
      let merged = claims;
      const needsProfile = typeof claims.email !== 'string' || (!claims.given_name && !claims.name);
      const endpoint =
        needsProfile || (flow.organisations && claims.organisation === undefined) ? await flow.userinfoEndpoint() : undefined;
      if (endpoint) {
        let accessToken: string | undefined;
        try {
          accessToken = tokens.accessToken();
        } catch {
          accessToken = undefined;
        }
        if (accessToken) merged = { ...(await readUserinfo(endpoint, accessToken, subject)), ...stripEmpty(claims) };
      }
      const identity = identityFrom(subject, merged, { trustEmail: flow.trustEmail(merged) });
      return flow.organisations ? { ...identity, organisation: merged.organisation } : identity;
    },
  };
}

function stripEmpty(claims: IdTokenClaims) {
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

// ---- Google -------------------------------------------------------------------------------------

export function googleProvider(config: { clientId: string; clientSecret: string }, redirectUri: string): SignInProvider {
  const google = new Google(config.clientId, config.clientSecret, redirectUri);
  return provider({
    id: 'google',
    label: 'Continue with Google',
    clientId: config.clientId,
    authorizationUrl: async (state, verifier) => google.createAuthorizationURL(state, verifier, SCOPES),
    exchange: (code, verifier) => google.validateAuthorizationCode(code, verifier),
    issuer: (iss) => iss === 'https://accounts.google.com' || iss === 'accounts.google.com',
    userinfoEndpoint: () => 'https://openidconnect.googleapis.com/v1/userinfo',
    trustEmail: () => true,
    extraAuthParams: { prompt: 'select_account' },
  });
}

// ---- Microsoft Entra ID -------------------------------------------------------------------------

const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

export function microsoftProvider(
  config: { tenantId: string; clientId: string; clientSecret: string },
  redirectUri: string,
): SignInProvider {
  const entra = new MicrosoftEntraId(config.tenantId, config.clientId, config.clientSecret, redirectUri);
  const single = !MULTI_TENANT.has(config.tenantId.toLowerCase());
  return provider({
    id: 'microsoft',
    label: 'Continue with Microsoft',
    clientId: config.clientId,
    authorizationUrl: async (state, verifier) => entra.createAuthorizationURL(state, verifier, SCOPES),
    exchange: (code, verifier) => entra.validateAuthorizationCode(code, verifier),
    // v2.0 tokens: iss is https://login.microsoftonline.com/{tid}/v2.0. With a tenant GUID it must
    // be that tenant; with common/organizations it must at least name the token's own tid.
    issuer: (iss, claims) => {
      const m = /^https:\/\/login\.microsoftonline\.com\/([0-9a-f-]{36})\/v2\.0$/i.exec(iss);
      if (!m) return false;
      return single ? m[1].toLowerCase() === config.tenantId.toLowerCase() : m[1] === claims.tid;
    },
    userinfoEndpoint: () => 'https://graph.microsoft.com/oidc/userinfo',
    // Entra's email claim is whatever the tenant's admins typed: trust it from your own tenant, or
    // when Microsoft marks the domain owner verified (optional claim xms_edov).
    trustEmail: (claims) => single || claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1,
  });
}

// ---- Any OpenID Connect issuer (discovery) ------------------------------------------------------

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
});
type Discovery = z.infer<typeof discoverySchema>;

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function oidcProvider(
  config: {
    id?: string;
    label?: string;
    issuer: string;
    clientId: string;
    clientSecret: string | null;
    extraAuthParams?: Record<string, string>;
    /** Also asks for the `organisation` scope and reads that claim (DfE Sign-in, and the local provider playing it). */
    organisations?: boolean;
  },
  redirectUri: string,
): SignInProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  let discovery: Promise<Discovery> | undefined;
  const discover = () => {
    discovery ??= (async () => {
      const url = `${trimSlash(config.issuer)}/.well-known/openid-configuration`;
      const res = await getOnceMore(url, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new SignInError(`The identity provider's configuration could not be read (${res.status}).`, 502);
      const doc = discoverySchema.parse(await res.json());
      // OpenID Connect Discovery §4.3: the document's issuer must be the one we asked.
      if (trimSlash(doc.issuer) !== trimSlash(config.issuer)) throw new SignInError('The identity provider announced another issuer.', 502);
      return doc;
    })().catch((error: unknown) => {
      discovery = undefined; // try again next time
      if (error instanceof SignInError) throw error;
      const cause = (error as Error).cause;
      console.warn(
        `sign-in (${config.id ?? 'oidc'}): discovery failed: ${(error as Error).message}${cause instanceof Error ? ` (${cause.message})` : ''}`,
      );
      throw new SignInError('The identity provider cannot be reached right now.', 502);
    });
    return discovery;
  };
  return provider({
    id: config.id ?? 'oidc',
    label: config.label ?? 'Single sign-on',
    clientId: config.clientId,
    authorizationUrl: async (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        (await discover()).authorization_endpoint,
        state,
        CodeChallengeMethod.S256,
        verifier,
        config.organisations ? DFE_SCOPES : SCOPES,
      ),
    exchange: async (code, verifier) => client.validateAuthorizationCode((await discover()).token_endpoint, code, verifier),
    issuer: async (iss) => iss === (await discover()).issuer,
    userinfoEndpoint: async () => (await discover()).userinfo_endpoint,
    trustEmail: () => true,
    extraAuthParams: config.extraAuthParams,
    organisations: config.organisations,
  });
}

// ---- DfE Sign-in --------------------------------------------------------------------------------

/** DfE Sign-in's scopes: the `organisation` claim names the organisation the person signed in for (decision 2102). */
const DFE_SCOPES = ['openid', 'profile', 'email', 'organisation'];

/** DfE Sign-in (the Department for Education's sign-in for school staff): any OpenID Connect issuer, plus the organisation claim. */
export function dfeSignInProvider(config: { issuer: string; clientId: string; clientSecret: string }, redirectUri: string): SignInProvider {
  return oidcProvider({ id: 'dfe', label: 'Continue with DfE Sign-in', ...config, organisations: true }, redirectUri);
}

/** The callback address of a provider: `${appUrl}/api/callback/${id}`. */
export const callbackUrl = (appUrl: string, id: string) => `${trimSlash(appUrl)}/api/callback/${id}`;

/** Every provider configured in the environment, in chooser order. */
export function providersFromEnv(signIn: SignInEnv, appUrl: string): SignInProvider[] {
  const list: SignInProvider[] = [];
  if (signIn.google) list.push(googleProvider(signIn.google, callbackUrl(appUrl, 'google')));
  if (signIn.microsoft) list.push(microsoftProvider(signIn.microsoft, callbackUrl(appUrl, 'microsoft')));
  if (signIn.dfe) list.push(dfeSignInProvider(signIn.dfe, callbackUrl(appUrl, 'dfe')));
  if (signIn.oidc) list.push(oidcProvider({ ...signIn.oidc, label: `Continue with ${signIn.oidc.name}` }, callbackUrl(appUrl, 'oidc')));
  return list;
}
