// The data a server-rendered page carries (decision 1301), without React or SWR: written into the
// HTML by the server renderer (scriptJson), read by the page (web/main.tsx), the offline store's seed
// (web/offline/seed.ts) and the service worker, which keeps a page's answers on the device from the HTML itself.
/** The <script type="application/json"> element carrying the payload (data, not code: CSP holds). */
export const SSR_DATA_ID = 'ssr-data';

export interface SsrSeed {
  /** The API URL (path and query) the answer came from. */
  url: string;
  /** The answer's body when it is not the fallback value itself. */
  body?: string;
  /** The serialized SWR key whose fallback value holds the body (when `body` is absent). */
  key?: string;
  /** Where in that value the body is: the value itself, its `rows` (a list with its total), or its first page's rows. */
  pick?: 'rows' | 'page0';
  headers?: Record<string, string>;
}

export interface SsrPayload {
  /** Serialized SWR key → answer. */
  fallback: Record<string, unknown>;
  /** The server's clock when it rendered (ms since epoch). */
  now: number;
  /** Public API answers to save in the offline store. */
  seed: SsrSeed[];
  /**
   * Keys answered only from public paths: not fetched again on mount. The others (the user, the
   * forum, which a moderator sees differently) hydrate with the visitor's answer, then revalidate.
   */
  fresh: string[];
}

/** JSON safe inside a <script> element (no "</script>", no HTML comment openers). */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Reads the payload the server inlined, if this page was server rendered. */
export function readSsrPayload(doc: { getElementById(id: string): { textContent: string | null } | null }): SsrPayload | undefined {
  const el = doc.getElementById(SSR_DATA_ID);
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as SsrPayload;
  } catch {
    return undefined;
  }
}

/**
 * The payload in a server-rendered page's HTML (the service worker reads it from the navigation's
 * answer). The JSON is inlined with every `<` escaped (scriptJson above), so the first
 * `</script>` after it is its end.
 */
export function payloadFromHtml(html: string): SsrPayload | undefined {
  const open = `<script type="application/json" id="${SSR_DATA_ID}">`;
  const from = html.indexOf(open);
  if (from < 0) return undefined;
  const to = html.indexOf('</script>', from + open.length);
  if (to < 0) return undefined;
  try {
    return JSON.parse(html.slice(from + open.length, to)) as SsrPayload;
  } catch {
    return undefined;
  }
}
