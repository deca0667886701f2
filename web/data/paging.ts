// Paged lists (a hundred times the data): how the web app reads the API's paging headers.

/** One page of a paged list: its rows, the X-Total-Count total and the next cursor. */
export interface Page<T> {
  rows: T[];
  total: number;
  /** X-Total-Count-Capped: the total is a lower bound ("1,000+"). */
  capped: boolean;
  next: string | null;
  /** X-Search-Corrected: the search as the API corrected it ("Showing results for …"), or null. */
  corrected?: string | null;
}

/** The X-Search-Corrected header, decoded (null when absent or unreadable). */
export function correctedSearch(header: string | null): string | null {
  if (!header) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return null;
  }
}

/** The cursor of the `Link: <...>; rel="next"` header, or null on the last page. */
export function nextCursor(link: string | null): string | null {
  const m = link && /<([^>]+)>\s*;\s*rel="next"/.exec(link);
  return m ? new URL(m[1], 'http://x').searchParams.get('cursor') : null;
}

/** A list's query without 'all' and empty values (product §5), as the hooks ask for it. */
export function cleanQuery<T extends Record<string, string | undefined>>(q: T): T {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== 'all')) as T;
}
