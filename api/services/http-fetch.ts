// The one way the server calls other web sites (the Teaching Vacancies feed, school homepages):
// a timeout over the whole exchange, a cap on the response size (the body is streamed and the
// read stops at the cap), a browser-like User-Agent, a limit on redirects followed one by one,
// only http(s), and — unless allowed — no private, loopback or link-local addresses (a school's
// website comes from the register, so it must not reach into our own network).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Browser-like, but honest about who is asking. */
export const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 TeachersInLondonTalk/0.1';

export type HttpErrorKind = 'bad-url' | 'blocked' | 'timeout' | 'network' | 'status' | 'too-large' | 'redirects' | 'not-json';

export class HttpFetchError extends Error {
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'HttpFetchError';
  }
}

export interface FetchOptions {
  /** Whole exchange, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** Largest body read, in bytes (default 5 MB). */
  maxBytes?: number;
  /** 'error' (default): a larger body fails; 'truncate': keep the first maxBytes (enough for an HTML <head>). */
  overLimit?: 'error' | 'truncate';
  maxRedirects?: number;
  /** Allow loopback/private addresses (tests, an operator's own mirror). Default false. */
  allowPrivate?: boolean;
  accept?: string;
}

export interface TextResponse {
  url: string;
  status: number;
  contentType: string;
  text: string;
  truncated: boolean;
}

const DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return v6 === '::1' || v6 === '::' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
}

async function checkHost(url: URL, allowPrivate: boolean) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpFetchError('bad-url', `Only http(s) addresses are fetched, not ${url.protocol}`);
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new HttpFetchError('network', `Could not resolve ${host}`);
  }
  if (host === 'localhost' || addresses.some(isPrivateAddress)) throw new HttpFetchError('blocked', `${host} is a private address`);
}

async function readCapped(res: Response, maxBytes: number, overLimit: 'error' | 'truncate'): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const declared = Number(res.headers.get('content-length'));
  if (overLimit === 'error' && Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new HttpFetchError('too-large', `Response larger than ${maxBytes} bytes`);
  }
  if (!res.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => {});
      if (overLimit === 'error') throw new HttpFetchError('too-large', `Response larger than ${maxBytes} bytes`);
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes, truncated };
}

/** GETs a URL as text. Throws HttpFetchError (never anything else) on any failure, non-2xx included. */
export async function fetchText(address: string, options: FetchOptions = {}): Promise<TextResponse> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new HttpFetchError('bad-url', `Not a valid address: ${address}`);
  }
  try {
    for (let hop = 0; ; hop++) {
      await checkHost(url, !!options.allowPrivate);
      const res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { 'User-Agent': USER_AGENT, Accept: options.accept ?? 'text/html,application/json;q=0.9,*/*;q=0.8', 'Accept-Language': 'en-GB,en;q=0.9' },
      });
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel().catch(() => {});
        if (hop >= maxRedirects) throw new HttpFetchError('redirects', `More than ${maxRedirects} redirects`);
        url = new URL(res.headers.get('location')!, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new HttpFetchError('status', `HTTP ${res.status}`, res.status);
      }
      const { bytes, truncated } = await readCapped(res, maxBytes, options.overLimit ?? 'error');
      return { url: url.toString(), status: res.status, contentType: res.headers.get('content-type') ?? '', text: new TextDecoder('utf-8').decode(bytes), truncated };
    }
  } catch (error) {
    if (error instanceof HttpFetchError) throw error;
    if (signal.aborted) throw new HttpFetchError('timeout', `No complete answer within ${timeoutMs} ms`);
    throw new HttpFetchError('network', `Network error: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
  }
}

/** GETs a URL and parses it as JSON. */
export async function fetchJson(address: string, options: FetchOptions = {}): Promise<{ url: string; data: unknown }> {
  const res = await fetchText(address, { accept: 'application/json', ...options });
  try {
    return { url: res.url, data: JSON.parse(res.text) };
  } catch {
    throw new HttpFetchError('not-json', 'The answer is not JSON');
  }
}
