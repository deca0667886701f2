// Test helpers for signing in through the real routes: the app's /api/login and /api/callback
// against the local OpenID provider (api/dev-oidc) on 127.0.0.1, played without a browser.

/** Cookies of a response as name → value ('' when deleted). */
export function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    const deleted = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
    out[pair.slice(0, i).trim()] = deleted ? '' : pair.slice(i + 1).trim();
  }
  return out;
}

export interface Person {
  email: string;
  name: string;
  /** The local provider plays DfE Sign-in: the organisation's URN and category (e.g. '001') in its `organisation` claim. */
  organisationUrn?: string;
  organisationCategory?: string;
}

/**
 * Plays the browser at the provider: follows redirects, fills the sign-in form (calling
 * onSignInPage each time it is shown), and stops at the first URL on appOrigin (the app's callback).
 */
export async function atProvider(
  appOrigin: string,
  authorizeUrl: string,
  person: Person,
  jar = new Map<string, string>(),
  onSignInPage?: (html: string) => void,
): Promise<string> {
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(appOrigin)) return url;
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), Cookie: cookieHeader() } });
    for (const [k, v] of Object.entries(cookiesOf(res))) {
      if (v) jar.set(k, v);
      else jar.delete(k);
    }
    init = {};
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`unexpected answer ${res.status} at ${url}: ${html.slice(0, 300)}`);
    let body: URLSearchParams;
    if (html.includes('name="email"')) {
      // The sign-in page: a plain form with email, name and one button.
      onSignInPage?.(html);
      body = new URLSearchParams(Object.entries(person).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } else {
      // The provider's own auto-submitted form (ending the previous person's provider session).
      body = new URLSearchParams([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    }
    url = new URL(action, url).toString();
    init = { method: 'POST', body: body.toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many redirects');
}

interface RequestingApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * Signs `person` in through the app's /api/login and callback (one provider configured, with
 * appOrigin as its redirect origin); returns the session Cookie header to send.
 */
export async function signInThroughProvider(app: RequestingApp, appOrigin: string, person: Person): Promise<string> {
  const login = await app.request(`${appOrigin}/api/login`);
  const pending = cookiesOf(login).tilt_oauth;
  if (login.status !== 302 || !pending) throw new Error(`/api/login answered ${login.status} without a pending sign-in`);
  const callback = await atProvider(appOrigin, login.headers.get('location')!, person);
  const res = await app.request(callback, { headers: { Cookie: `tilt_oauth=${pending}` } });
  const session = cookiesOf(res).tilt_session;
  if (res.status !== 302 || !session) throw new Error(`the callback answered ${res.status} without a session`);
  return `tilt_session=${session}`;
}
