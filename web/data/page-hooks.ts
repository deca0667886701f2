// The paged lists' hooks (useSWRInfinite): apart from ./hooks.ts so that a page without a paged
// list (a job, pay scales, salaries) does not load SWR's infinite hook with its first render.
import { useEffect, useLayoutEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { SCHOOLS_PAGE_SIZE } from '../../core/constants';
import { client, page, type Page } from './client';
import { registerPageList } from './page-lists';
import { cleanQuery } from './paging';

type Query = Record<string, string | undefined>;

/**
 * A paged list read a page at a time (a hundred times the data): the first page, then one more per loadMore(),
 * each asked with the cursor of the Link header before it. Its name is its API path with the ids
 * ('/api/schools/12/reviews'): what a write touches is read again (./refresh.ts). Null name: nothing is fetched.
 */
function usePages<T>(name: string | null, query: Query, load: (q: Query) => Promise<Page<T>>) {
  const q = JSON.stringify(cleanQuery(query));
  const swr = useSWRInfinite<Page<T>, Error>(
    (index, previous: Page<T> | null) =>
      name === null ? null : index === 0 ? [name, q, ''] : previous?.next ? [name, q, previous.next] : null,
    ([, , cursor]: [string, string, string]) => load(cursor ? { ...(JSON.parse(q) as Query), cursor } : (JSON.parse(q) as Query)),
    { revalidateFirstPage: false },
  );
  const { mutate, setSize } = swr;
  // New filters start again at the first page (SWR would restore the size last used for that
  // list); a list mounted again (back from a detail page) keeps the pages it had.
  const shownQuery = useRef(q);
  useLayoutEffect(() => {
    if (shownQuery.current === q) return;
    shownQuery.current = q;
    void setSize(1);
  }, [q, setSize]);
  useEffect(() => (name === null ? undefined : registerPageList({ path: name, revalidate: () => void mutate() })), [name, mutate]);
  const pages = swr.data?.slice(0, swr.size);
  const last = pages?.[pages.length - 1];
  const rows = pages?.flatMap((p) => p.rows);
  // Asked for more pages than came: the next one is loading, or it failed.
  const short = swr.size > (pages?.length ?? 0);
  return {
    rows,
    total: pages?.[0]?.total,
    capped: pages?.[0]?.capped ?? false,
    corrected: pages?.[0]?.corrected ?? null,
    hasMore: !!last?.next,
    loadingMore: short && !swr.error,
    loadMore: () => swr.setSize((n) => n + 1),
    // The list's own error only while it has nothing to show: a failed next page (moreError, shown
    // by LoadMore) or a failed refresh leaves the rows she was reading on the screen.
    error: (rows ? undefined : swr.error) as unknown,
    moreError: (rows && short ? swr.error : undefined) as unknown,
    retryMore: () => swr.mutate(),
    isLoading: swr.isLoading,
    mutate: swr.mutate,
  };
}

export function useJobPages(query: Query, enabled = true) {
  return usePages(enabled ? '/api/jobs' : null, query, (q) => page(client.jobs.$get({ query: q })));
}
/** The schools list a page (50) at a time. */
export function useSchoolPages(query: Query) {
  return usePages('/api/schools', { ...query, limit: String(SCHOOLS_PAGE_SIZE) }, (q) => page(client.schools.$get({ query: q })));
}
export function useSchoolReviewPages(id: number | undefined) {
  return usePages(id ? `/api/schools/${id}/reviews` : null, {}, (q) =>
    page(client.schools[':id'].reviews.$get({ param: { id: String(id) }, query: q })),
  );
}
export function useSchoolInterviewPages(id: number | undefined) {
  return usePages(id ? `/api/schools/${id}/interviews` : null, {}, (q) =>
    page(client.schools[':id'].interviews.$get({ param: { id: String(id) }, query: q })),
  );
}
export function useForumThreadPages(categoryId: string | undefined, search?: string, limit?: string, enabled = true) {
  return usePages(enabled ? '/api/forum/threads' : null, { categoryId, search, limit }, (q) =>
    page(client.forum.threads.$get({ query: q })),
  );
}
