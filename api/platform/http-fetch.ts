// The one way the server calls other web sites (the Teaching Vacancies feed, school homepages):
// a timeout over the whole exchange, a cap on the response size (the body is streamed and the
// read stops at the cap), a browser-like User-Agent, a limit on redirects followed one by one,
// only http(s), and — unless allowed — no private, loopback or link-local addresses (a school's
// website comes from the register, so it must not reach into our own network).
//
// Every hop resolves the host ONCE, checks every address (IPv4-mapped, -compatible, NAT64, 6to4
// and Teredo IPv6 forms are unwrapped to the IPv4 inside first), then connects to the very address
// that was checked (node:http with a pinned `lookup`), so a second DNS answer cannot differ
// (decision 1401). Web Push sends go through `sendOnce` here too (decision 1407): one request,
// the same checks and pinning, no redirects followed.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

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

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface FetchOptions {
  /** Whole exchange, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** Largest body read (after decompression), in bytes (default 5 MB). */
  maxBytes?: number;
  /** 'error' (default): a larger body fails; 'truncate': keep the first maxBytes (enough for an HTML <head>). */
  overLimit?: 'error' | 'truncate';
  maxRedirects?: number;
  /**
   * Escape hatch for tests and an operator's own mirror: allow loopback/private addresses
   * everywhere. Default false; never set it for addresses that come from data.
   */
  allowPrivate?: boolean;
  /**
   * Narrower escape hatch: these exact origins (e.g. the configured feed, `http://127.0.0.1:PORT`)
   * skip the address check; every other origin, redirects included, is still checked.
   */
  allowedOrigins?: readonly string[];
  /** Name resolution (default: the system resolver, all addresses). Tests inject one. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  accept?: string;
  /** Certificate authorities to trust instead of the system's (a test's self-signed https server). */
  ca?: string | Buffer;
}

export interface TextResponse {
  url: string;
  status: number;
  contentType: string;
  text: string;
  truncated: boolean;
}

const DEFAULTS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };

function ipv4Private(ip: string): boolean {
  const [a, b, c] = ip.split('.').map(Number);
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

/** Eight 16-bit groups of an IPv6 literal (with or without an embedded dotted IPv4), or null. */
export function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  if (tail === undefined) return left.length === 8 ? left : null;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The address to judge: an IPv4 literal as is; an IPv6 one that carries an IPv4 address
 * (mapped ::ffff:a.b.c.d in dotted or hex form, compatible ::a.b.c.d, SIIT ::ffff:0:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) as that IPv4 address; other IPv6 in canonical form.
 */
export function normaliseAddress(ip: string): string {
  if (isIP(ip) === 4) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) return v4(g[6], g[7]); // mapped
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return v4(g[6], g[7]); // SIIT
  if (zeros(6) && (g[6] !== 0 || g[7] > 1)) return v4(g[6], g[7]); // compatible (not :: or ::1)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6], g[7]); // NAT64
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 6to4
  return g.map((x) => x.toString(16)).join(':');
}

/** Loopback, private, link-local, CGNAT, multicast, reserved — after unwrapping IPv4-in-IPv6. */
export function isPrivateAddress(ip: string): boolean {
  const n = normaliseAddress(ip);
  if (isIP(n) === 4) return ipv4Private(n);
  const g = ipv6Groups(n);
  if (!g) return true; // not an address at all: refuse
  if (g.slice(0, 7).every((x) => x === 0) && g[7] <= 1) return true; // :: and ::1
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  if (g[0] === 0x2001 && g[1] === 0) return true; // Teredo (hides an IPv4 address)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return true; // discard
  if (g[0] === 0x64 && g[1] === 0xff9b) return true; // NAT64 local-use 64:ff9b:1::/48 and other forms
  return false;
}

const systemResolve = async (host: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Resolves the host once and checks every address; answers the address to connect to (pass it to a request as its pinned address). */
export async function resolveChecked(
  url: URL,
  options: Pick<FetchOptions, 'allowPrivate' | 'allowedOrigins' | 'resolve'>,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new HttpFetchError('bad-url', `Only http(s) addresses are fetched, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const exempt = !!options.allowPrivate || !!options.allowedOrigins?.includes(url.origin);
  if (!exempt && (host === 'localhost' || host.endsWith('.localhost'))) throw new HttpFetchError('blocked', `${host} is a private address`);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new HttpFetchError('network', `Could not resolve ${host}`);
    }
    if (!addresses.length) throw new HttpFetchError('network', `Could not resolve ${host}`);
  }
  if (!exempt && addresses.some((a) => isPrivateAddress(a.address))) throw new HttpFetchError('blocked', `${host} is a private address`);
  return addresses[0];
}

/** A `lookup` that always answers the address already checked. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  signal: AbortSignal;
  ca?: string | Buffer;
}

function open(url: URL, pinned: ResolvedAddress, exchange: Exchange): Promise<IncomingMessage> {
  const options: RequestOptions & { ca?: string | Buffer } = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || undefined,
    path: url.pathname + url.search,
    method: exchange.method,
    headers: { ...exchange.headers, Host: url.host },
    lookup: pinnedLookup(pinned),
    agent: false,
    signal: exchange.signal,
    ...(exchange.ca ? { ca: exchange.ca } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, resolve);
    req.on('error', reject);
    req.end(exchange.body);
  });
}

function decoded(res: IncomingMessage): Readable {
  const encoding = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) return res;
  res.on('error', (e) => decoder.destroy(e));
  return res.pipe(decoder);
}

async function readCapped(
  res: IncomingMessage,
  maxBytes: number,
  overLimit: 'error' | 'truncate',
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const declared = Number(res.headers['content-length']);
  const encoded = !!res.headers['content-encoding'] && res.headers['content-encoding'] !== 'identity';
  if (overLimit === 'error' && !encoded && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new HttpFetchError('too-large', `Response larger than ${maxBytes} bytes`);
  }
  const stream = decoded(res);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of stream) {
      const value = chunk as Buffer;
      if (size + value.byteLength > maxBytes) {
        if (overLimit === 'error') throw new HttpFetchError('too-large', `Response larger than ${maxBytes} bytes`);
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (!res.complete) res.destroy();
  }
  return { bytes: Buffer.concat(chunks, size), truncated };
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
  const headers = {
    'User-Agent': USER_AGENT,
    Accept: options.accept ?? 'text/html,application/json;q=0.9,*/*;q=0.8',
    'Accept-Language': 'en-GB,en;q=0.9',
    'Accept-Encoding': 'gzip, deflate, br',
  };
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await resolveChecked(url, options);
      if (signal.aborted) throw signal.reason;
      const res = await open(url, pinned, { method: 'GET', headers, signal, ca: options.ca });
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.destroy();
        if (hop >= maxRedirects) throw new HttpFetchError('redirects', `More than ${maxRedirects} redirects`);
        try {
          url = new URL(res.headers.location, url);
        } catch {
          throw new HttpFetchError('bad-url', `Redirect to an invalid address: ${res.headers.location}`);
        }
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new HttpFetchError('status', `HTTP ${status}`, status);
      }
      const { bytes, truncated } = await readCapped(res, maxBytes, options.overLimit ?? 'error');
      const contentType = res.headers['content-type'] ?? '';
      return { url: url.toString(), status, contentType, text: new TextDecoder('utf-8').decode(bytes), truncated };
    }
  } catch (error) {
    throw asFetchError(error, signal, timeoutMs);
  }
}

function asFetchError(error: unknown, signal: AbortSignal, timeoutMs: number): HttpFetchError {
  if (error instanceof HttpFetchError) return error;
  if (signal.aborted) return new HttpFetchError('timeout', `No complete answer within ${timeoutMs} ms`);
  const e = error as Error & { code?: string };
  return new HttpFetchError('network', `Network error: ${e.cause instanceof Error ? e.cause.message : (e.code ?? e.message)}`);
}

export interface SendOptions extends Pick<FetchOptions, 'timeoutMs' | 'maxBytes' | 'allowPrivate' | 'allowedOrigins' | 'resolve' | 'ca'> {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** Ends the exchange early (a caller's own budget); reported as a 'timeout'. */
  signal?: AbortSignal;
  /** The address already checked for this URL (e.g. by a caller that checks before it queues); resolved and checked here when absent. */
  pinned?: ResolvedAddress;
}

/**
 * One request (any method, a body), no redirect followed: any status is an answer, not an error
 * (a push service's 410 means something). Throws HttpFetchError for everything else. The body
 * read is capped (default 64 kB, truncated beyond).
 */
export async function sendOnce(address: string, options: SendOptions): Promise<{ status: number; text: string }> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new HttpFetchError('bad-url', 'Not a valid address');
  }
  try {
    const pinned = options.pinned ?? (await resolveChecked(url, options));
    if (signal.aborted) throw signal.reason;
    const res = await open(url, pinned, { method: options.method, headers: options.headers, body: options.body, signal, ca: options.ca });
    const { bytes } = await readCapped(res, options.maxBytes ?? 64 * 1024, 'truncate');
    return { status: res.statusCode ?? 0, text: new TextDecoder('utf-8').decode(bytes) };
  } catch (error) {
    throw asFetchError(error, signal, timeoutMs);
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
