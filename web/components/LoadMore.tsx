import type { ReactNode } from 'react';
import { FailureLine, isOfflineError } from './states';

/** A paged list as LoadMore reads it (useJobPages, useSchoolPages, ...): whether there is more, and how to ask for it. */
export interface Pages {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => unknown;
  /** Why the next page did not come (no signal, a server error): the pages shown stay. */
  moreError?: unknown;
  /** Asks for the page that failed again. */
  retryMore?: () => unknown;
}

/**
 * A paged list's "Load more" button (a hundred times the data), shown while there is a next page:
 * "Loading…" while it comes, or, with `spinner`, the label stays beside a spinner. When the next
 * page could not come (a tap on Load more in a tunnel), the list above stays as it was and the
 * button gives way to a line saying why, with Try again.
 */
export function LoadMore({
  pages,
  label,
  button = 'btn btn-outline',
  gap = 'mt-4',
  spinner = false,
}: {
  pages: Pages;
  label: ReactNode;
  /** The button's classes. */
  button?: string;
  /** The space above it. */
  gap?: 'mt-4' | 'mt-6';
  spinner?: boolean;
}) {
  if (!pages.hasMore) return null;
  if (pages.moreError !== undefined && pages.moreError !== null) {
    const offline = isOfflineError(pages.moreError);
    return (
      <FailureLine
        offline={offline}
        className={`${gap} flex flex-wrap justify-center text-center`}
        testId="load-more-failed"
        action={{ label: 'Try again', onClick: () => void (pages.retryMore ?? pages.loadMore)() }}
      >
        {offline ? "You're offline: the rest of the list will load once you're back online." : "The rest of the list couldn't be loaded."}
      </FailureLine>
    );
  }
  return (
    <div className={`${gap} flex justify-center`}>
      <button type="button" className={button} onClick={() => void pages.loadMore()} disabled={pages.loadingMore}>
        {spinner && pages.loadingMore && <span className="loading loading-spinner loading-sm" />}
        {pages.loadingMore && !spinner ? 'Loading…' : label}
      </button>
    </div>
  );
}
