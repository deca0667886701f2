// The paged lists on screen (usePages in ./page-hooks.ts), each by its API path: SWR's mutate()
// with a key filter skips useSWRInfinite's keys, so the lists register here and a write reads
// again the ones it touches (./refresh.ts). Apart from page-hooks so that a write's code does not
// load SWR's infinite hook.

interface PageList {
  /** The list's API path with its ids: '/api/schools/12/reviews'. */
  path: string;
  revalidate: () => void;
}

const pageLists = new Set<PageList>();

/** Registers a mounted list; the answer unregisters it. */
export function registerPageList(list: PageList): () => void {
  pageLists.add(list);
  return () => void pageLists.delete(list);
}

/**
 * Refetches every mounted page list whose path passes `touched`; a list that is not mounted
 * revalidates when it next mounts.
 */
export function refreshPages(touched: (path: string) => boolean) {
  for (const list of pageLists) if (touched(list.path)) list.revalidate();
}
