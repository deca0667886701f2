// What a request says about where it came from, honouring a reverse proxy's X-Forwarded-*
// headers only when the operator says one is in front (TRUST_PROXY): otherwise any client could
// claim to be https or to come from another address.
import type { Context } from 'hono';

export interface ProxySettings {
  /** TRUST_PROXY: exactly one reverse proxy (TLS terminator) sits in front and sets X-Forwarded-*. */
  trustProxy?: boolean;
}

/** The last value of a comma-separated forwarded header: the one our own proxy appended. */
function lastForwarded(value: string | undefined): string | undefined {
  const last = value?.split(',').pop()?.trim();
  return last ? last : undefined;
}

/** "https:" or "http:" as the browser sees it. */
export function effectiveProtocol(c: Context, settings: ProxySettings): 'http:' | 'https:' {
  if (settings.trustProxy) {
    const proto = lastForwarded(c.req.header('X-Forwarded-Proto'))?.toLowerCase();
    if (proto === 'https' || proto === 'http') return `${proto}:`;
  }
  return new URL(c.req.url).protocol === 'https:' ? 'https:' : 'http:';
}

/** The origin the browser used: the request URL's, with the proxy's scheme when trusted. */
export function effectiveOrigin(c: Context, settings: ProxySettings): string {
  const url = new URL(c.req.url);
  url.protocol = effectiveProtocol(c, settings);
  return url.origin;
}

/**
 * What an in-process request made for a caller (the server renderer's API reads) carries in its
 * environment (`app.request(path, init, env)`): the caller's address, so those reads count as
 * hers. Only code in this process sets a request's environment; no client can.
 */
export interface OnBehalfOf {
  onBehalfOf: string;
}

/** The client's IP address (the socket's, or the proxy's X-Forwarded-For when trusted); 'unknown' without either. */
export function clientIp(c: Context, settings: ProxySettings): string {
  const env = c.env as ({ incoming?: { socket?: { remoteAddress?: string } } } & Partial<OnBehalfOf>) | undefined;
  if (typeof env?.onBehalfOf === 'string') return env.onBehalfOf;
  if (settings.trustProxy) {
    const forwarded = lastForwarded(c.req.header('X-Forwarded-For'));
    if (forwarded) return forwarded;
  }
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
