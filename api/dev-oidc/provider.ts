// The local OpenID Connect provider for development and tests (docs/decisions/0101). It is the
// certified `oidc-provider` package on its own port, so a fresh `npm start` signs in through the
// very same code path as Google, Microsoft or any issuer. Its sign-in page is a plain form
// (email, name, one button): any values sign you in as that person, consent is automatic.
// It can play DfE Sign-in as well: an optional URN and organisation category on the same form
// become an `organisation` claim (scope `organisation`) shaped like DfE Sign-in's (decision 2102).
// It refuses to start in production.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { escapeHtml } from '../../core/html';
import { isProduction } from '../env';

export interface DevOidcOptions {
  /** 0 picks a free port. */
  port: number;
  /** Interface to bind (default 127.0.0.1: this provider is for this machine only). */
  host?: string;
  /** Host name in the issuer URL: what the browser reaches (default localhost). */
  publicHost?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** false (default) puts email and name into the ID token, as Google does; true leaves them to userinfo. */
  conformIdTokenClaims?: boolean;
}

export interface DevOidc {
  issuer: string;
  port: number;
  close(): Promise<void>;
}

interface Account {
  email: string;
  name: string;
  /** DfE Sign-in's claim: { id, name, category: { id, name }, urn } (only when the form named a URN or category). */
  organisation?: Record<string, unknown>;
}

/** The categories the sign-in form offers (DfE Sign-in's ids). */
const ORGANISATION_CATEGORIES: Record<string, string> = {
  '001': 'Establishment',
  '010': 'Multi-Academy Trust',
  '013': 'Single-Academy Trust',
  '002': 'Local Authority',
};

/** Tokens that die with their grant (revokeByGrantId); sessions and interactions do not. */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** In-memory storage (the provider's own quick-start adapter, minus its warning): data ends with the process. */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expires?: number }>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (hit?.expires !== undefined && hit.expires < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit?.payload;
  };
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      if (store.size > 10_000) for (const key of [...store.keys()]) live(key);
      store.set(this.key(id), { payload, expires: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
      const { grantId, uid, userCode } = payload;
      if (GRANTABLE.has(this.model) && typeof grantId === 'string' && grantId)
        store.set(`grant:${grantId}:${this.key(id)}`, { payload: { key: this.key(id) } });
      if (this.model === 'Session' && typeof uid === 'string' && uid) store.set(`uid:${this.model}:${uid}`, { payload: { id } });
      if (typeof userCode === 'string' && userCode) store.set(`userCode:${this.model}:${userCode}`, { payload: { id } });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`uid:${this.model}:${uid}`);
      return ref ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode(userCode: string) {
      const ref = live(`userCode:${this.model}:${userCode}`);
      return ref ? live(this.key(String(ref.id))) : undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of [...store.keys()]) {
        if (key.startsWith(`grant:${grantId}:`)) {
          store.delete(String(store.get(key)!.payload.key));
          store.delete(key);
        }
      }
    }
  };
}

function signInPage(uid: string, loginHint: string, error?: string) {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local sign-in (development)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fb;color:#1f2937}
main{box-sizing:border-box;background:#fff;border-radius:1rem;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:2rem;width:min(22rem,calc(100vw - 2rem))}
h1{font-size:1.3rem;margin:0 0 .3rem}p{margin:0 0 1rem;color:#475569;font-size:.9rem;line-height:1.4}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}summary{margin-top:1rem;cursor:pointer}select{width:100%;padding:.6rem;font-size:1rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cbd5e1;border-radius:.5rem;font-size:1rem}
button{margin-top:1.2rem;width:100%;padding:.7rem;border:0;border-radius:.5rem;background:#1e3a8a;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
.error{color:#b91c1c}
</style></head><body><main>
<h1>Local sign-in</h1>
<p>Development only: no password. Any email and name sign you in as that person.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="email">Email</label><input id="email" name="email" type="email" required maxlength="254" value="${escapeHtml(loginHint)}" autofocus>
<label for="name">Name</label><input id="name" name="name" type="text" required maxlength="200">
<details><summary>DfE Sign-in organisation (optional)</summary>
<p>Sign in as DfE Sign-in would for a school's staff: the URN of the organisation and its category.</p>
<label for="organisationUrn">URN</label><input id="organisationUrn" name="organisationUrn" type="text" inputmode="numeric" maxlength="7">
<label for="organisationCategory">Category</label><select id="organisationCategory" name="organisationCategory"><option value="">None</option>${Object.entries(
    ORGANISATION_CATEGORIES,
  )
    .map(([id, name]) => `<option value="${id}">${id} ${escapeHtml(name)}</option>`)
    .join('')}</select>
</details>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** The provider's account lookup: the claims of a person who signed in on the form. */
function findAccountIn(accounts: Map<string, Account>) {
  return (_ctx: unknown, sub: string) => {
    const account = accounts.get(sub);
    if (!account) return undefined;
    const [given, ...family] = account.name.split(/\s+/);
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email: account.email,
        email_verified: true,
        name: account.name,
        given_name: given,
        family_name: family.join(' ') || undefined,
        organisation: account.organisation,
      }),
    };
  };
}

/** Auto-consent: the app is this provider's only (first-party) client. */
function autoConsent(provider: () => Provider) {
  return async (ctx: {
    oidc: {
      client: { clientId: string };
      session: { accountId?: string; grantIdFor(id: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }) => {
    const { client, session, result } = ctx.oidc;
    const existing = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    if (existing) return provider().Grant.find(existing);
    if (!session.accountId) return undefined;
    const grant = new (provider().Grant)({ accountId: session.accountId, clientId: client.clientId });
    grant.addOIDCScope('openid email profile organisation');
    await grant.save();
    return grant;
  };
}

export async function startDevOidc(options: DevOidcOptions): Promise<DevOidc> {
  if (isProduction()) throw new Error('The local sign-in provider never runs in production.');
  const accounts = new Map<string, Account>();
  let making: Promise<Provider> | undefined;
  const server = createServer((req, res) => {
    provider().then(
      (p) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const login = /^\/interaction\/([\w-]+)\/login$/.exec(url.pathname);
        const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
        if (login && req.method === 'POST') return void handleLogin(p, accounts, req, res, login[1]).catch((e: unknown) => fail(res, e));
        if (interaction && req.method === 'GET') return void handleInteraction(p, req, res).catch((e: unknown) => fail(res, e));
        p.callback()(req, res);
      },
      (error: unknown) => fail(res, error),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${options.publicHost ?? 'localhost'}:${port}`;
  // oidc-provider (koa and the rest under it) is loaded, and the provider made, on the first
  // request: ~0.12 CPU-s of every start that no one signs in to (most browser test files' servers,
  // a look at the app), where listening costs nothing. The port is taken at once, as before;
  // a request (none comes before this line runs) waits for the provider.
  const provider = () => (making ??= makeProvider(issuer, options, accounts));

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function makeProvider(issuer: string, options: DevOidcOptions, accounts: Map<string, Account>): Promise<Provider> {
  const { default: OidcProvider } = await import('oidc-provider');
  // An EC key (ES256): made in ~1 ms where an RSA 2048 one took ~150 ms of CPU at every start of a
  // server (each browser test file starts one); the app reads the ID token's claims, not its alg.
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  // Auto-consent reads the provider it is part of (called only once it is made).
  const provider: Provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    adapter: memoryAdapter(),
    ttl: { Interaction: 3600, Session: 14 * 86_400, Grant: 14 * 86_400, AccessToken: 3600, IdToken: 3600, AuthorizationCode: 60 },
    jwks: { keys: [{ ...jwk, kid: 'dev', use: 'sig', alg: 'ES256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      organisation: ['organisation'],
    },
    findAccount: findAccountIn(accounts),
    loadExistingGrant: autoConsent(() => provider),
  });
  provider.on('server_error', (_ctx, error) => console.error('local sign-in provider:', error));
  return provider;
}

function fail(res: ServerResponse, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (!res.headersSent) send(res, 400, `<!doctype html><title>Sign-in error</title><p>${escapeHtml(message)}</p>`);
  else res.end();
}

/** The interaction page: the sign-in form, or consent granted at once. */
async function handleInteraction(op: Provider, req: IncomingMessage, res: ServerResponse) {
  const details = await op.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    return send(res, 200, signInPage(details.uid, typeof details.params.login_hint === 'string' ? details.params.login_hint : ''));
  }
  // Consent (normally granted by loadExistingGrant already): grant what is missing.
  const accountId = details.session?.accountId;
  if (!accountId) return send(res, 400, 'No signed-in account');
  const grant = details.grantId ? await op.Grant.find(details.grantId) : new op.Grant({ accountId, clientId: details.params.client_id });
  if (!grant) return send(res, 400, 'Unknown grant');
  const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
  const missingClaims = details.prompt.details.missingOIDCClaims as string[] | undefined;
  if (missingScope) grant.addOIDCScope(missingScope.join(' '));
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  const grantId = await grant.save();
  await op.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
}

/** The sign-in form's answer: any email and name sign in as that person (with an organisation when named). */
async function handleLogin(op: Provider, accounts: Map<string, Account>, req: IncomingMessage, res: ServerResponse, uid: string) {
  const form = await readForm(req);
  const email = (form.get('email') ?? '').trim().slice(0, 254);
  const name = (form.get('name') ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);
  const details = await op.interactionDetails(req, res);
  if (details.uid !== uid || details.prompt.name !== 'login') return send(res, 400, 'This sign-in is no longer in progress.');
  if (!email.includes('@') || !name) return send(res, 400, signInPage(uid, email, 'Enter an email address and a name.'));
  const accountId = email.toLowerCase();
  const urn = (form.get('organisationUrn') ?? '').trim().slice(0, 7);
  const category = form.get('organisationCategory') ?? '';
  const organisation =
    urn || category
      ? {
          id: `dev-org-${category || '001'}-${urn || 'none'}`,
          name: urn ? `Organisation ${urn}` : 'Local organisation',
          category: { id: category || '001', name: ORGANISATION_CATEGORIES[category || '001'] ?? 'Other' },
          urn: urn || null,
        }
      : undefined;
  accounts.set(accountId, { email: accountId, name, organisation });
  await op.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}
